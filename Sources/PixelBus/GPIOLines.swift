/// A set of GPIO output lines written together as one word: bit n of a mask is BCM GPIO n.
///
/// HUB75 refresh drives a dozen lines per clock edge, so the port takes whole words: the
/// lines in `set` go high and the lines in `clear` go low in one call. A libgpiod backend
/// turns that into one bulk request; a memory-mapped backend into two register writes; the
/// simulated one into a panel model's input pins.
public protocol GPIOLines: AnyObject {
    /// A name for messages and traces, e.g. "gpiochip0".
    var name: String { get }
    /// The lines this port may drive (bit n = GPIO n).
    var outputMask: UInt64 { get }
    /// Drives the lines in `set` high and those in `clear` low. A line in both is an error.
    func write(set: UInt64, clear: UInt64) throws(BusError)
    /// Waits about `nanoseconds` with the lines as they are (output-enable time of a bit
    /// plane). A simulated port advances its model's clock instead.
    func hold(nanoseconds: Int)
}

/// A port whose writes are register stores of a known, steady time, with the atomic aliases
/// RP1's registers have: each `write` is **one** store (to the XOR alias: the lines that change,
/// against a shadow of the levels the port last stored), and `raise` and `lower` are one store
/// each to the SET and CLR aliases, which give the lines they name an absolute level whatever
/// the shadow believed. A HUB75 refresher may then keep a bit plane lit while it shifts the next
/// one in, timing the on-period by counting the stores it makes instead of reading a clock (a
/// clock read per column would cost more than the column), and rewrite every line's absolute
/// level once a plane, so a shadow made wrong by another writer is corrected.
public protocol PacedGPIOLines: GPIOLines {
    /// How long one store takes to reach the pins, in nanoseconds; 0 when not known, which
    /// turns the overlap off.
    var nanosecondsPerStore: Int { get }
    /// The levels the port believes its lines have: what it last stored.
    var levels: UInt64 { get }
    /// Drives `lines` high in one store, whatever they were.
    func raise(_ lines: UInt64) throws(BusError)
    /// Drives `lines` low in one store, whatever they were.
    func lower(_ lines: UInt64) throws(BusError)
}

/// A port that makes every write `1 + extra` times: for panels whose shift registers cannot
/// take the full clock (hzeller's `--led-slowdown-gpio`). A repeated write changes no level, so
/// each one only holds the lines longer.
public final class RepeatedWriteLines: GPIOLines {
    /// The port written to.
    public let inner: any GPIOLines
    /// Extra copies of each write, 0…4.
    public let extra: Int
    public var name: String { inner.name }
    public var outputMask: UInt64 { inner.outputMask }

    /// `inner`, each write made `1 + extra` times.
    public init(_ inner: any GPIOLines, extra: Int) {
        self.inner = inner
        self.extra = extra
    }

    public func write(set: UInt64, clear: UInt64) throws(BusError) {
        try inner.write(set: set, clear: clear)
        for _ in 0..<extra { try inner.write(set: set, clear: clear) }
    }

    public func hold(nanoseconds: Int) { inner.hold(nanoseconds: nanoseconds) }
}
