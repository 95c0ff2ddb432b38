/// A change of level on one GPIO input line, with the kernel's (or model's) timestamp.
public struct GPIOEdge: Hashable, Sendable {
    /// BCM GPIO number.
    public var line: Int
    /// True for low → high.
    public var rising: Bool
    /// When it happened, in nanoseconds on the monotonic clock (libgpiod event timestamps use
    /// CLOCK_MONOTONIC) or the model's clock.
    public var nanoseconds: Int64

    /// An edge on `line`, rising or falling, at `nanoseconds`.
    public init(line: Int, rising: Bool, at nanoseconds: Int64) {
        self.line = line; self.rising = rising; self.nanoseconds = nanoseconds
    }
}

/// GPIO input lines watched for edges: the rotary encoder's A and B, its push switch, and
/// any buttons. The real one is a libgpiod edge-event request (on its own thread, queued);
/// the simulated one is fed by device models such as a mechanical rotary encoder.
public protocol GPIOInputs: AnyObject {
    /// A name for messages, e.g. "gpiochip0".
    var name: String { get }
    /// The lines being watched (bit n = GPIO n).
    var inputMask: UInt64 { get }
    /// The lines' levels now (bit n = GPIO n).
    func read() throws(BusError) -> UInt64
    /// The edges since the last call, oldest first; waits up to `timeoutNanoseconds` for the
    /// first one when there are none (0: do not wait).
    func waitForEdges(timeoutNanoseconds: Int64) throws(BusError) -> [GPIOEdge]
}
