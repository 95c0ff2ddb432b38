import PixelBus
import Synchronization

/// Shows a framebuffer's front planes on a HUB75 chain through a `GPIOLines` port, one full
/// refresh per `refreshOnce()` call.
///
/// The wire protocol, per row address `a` (0..<scan) and, within it, per bit plane `b`
/// (0..<pwmBits), every step one whole-word `write(set:clear:)`:
/// 1. for each column x of the chain, x = 0 first (it ends at the far end):
///    `write(set: data[x], clear: (colourLines ^ data[x]) | CLK)` — data on the colour lines,
///    CLK low; then `write(set: CLK, clear: 0)` — the rising edge that shifts the bits in.
///    (Taking CLK low together with the next column's data keeps it two writes per column; the
///    registers sample on the rising edge, half a clock after the data settled.) With `inverse`
///    every colour bit is inverted on its way out.
/// 2. `write(set: OE, clear: CLK)` — blank the LEDs (OE high) and end the last clock.
/// 3. `write(set: LAT, clear: 0)`, `write(set: 0, clear: LAT)` — latch the shifted row.
/// 4. select the row pair: with `row-address=direct` (and `row-select`) one
///    `write(set: address(a), clear: addressLines ^ address(a))` for every plane; with a shift
///    register type its whole sequence (see `HUB75RowAddressWrites`), on the first plane of the
///    row only, since every sequence moves the register on.
/// 5. `write(set: 0, clear: OE)` — LEDs on; `hold(nanoseconds: lsb << b)`.
/// 6. `write(set: OE, clear: 0)` — LEDs off again.
/// Before the first refresh, panels with FM6126A or FM6127 chips get their configuration
/// registers written, OE high first (`HUB75DriverInitWrites`).
/// So the latch and the row address change only while OE is high, and a row shows all its
/// planes in one visit. Only the address lines the panel reads are driven (E stays free on
/// panels below 64 rows). At the end of the refresh the framebuffer may swap in a new frame.
///
/// The refresh path allocates nothing. The type is `Sendable` so a `HUB75RefreshLoop` can run
/// it on its own thread; it owns its `GPIOLines` port from then on, and two overlapping
/// `refreshOnce()` calls stop the program rather than interleave on the wire.
public final class HUB75Refresher: @unchecked Sendable {
    /// What is shown, and how.
    public let configuration: HUB75Configuration
    /// Where the planes come from.
    public let framebuffer: HUB75Framebuffer
    /// Every line the refresher drives (bit n = GPIO n).
    public let drivenLines: UInt64

    private let lines: any GPIOLines
    private let clock: UInt64
    private let latch: UInt64
    private let outputEnable: UInt64
    private let colourLines: UInt64
    /// The colour lines with `inverse`, else 0: XORed into every data word.
    private let inversion: UInt64
    private let addressLines: UInt64
    private let addressWrites: HUB75RowAddressWrites
    private let holdNanoseconds: [Int]
    private let inRefresh = Atomic<Bool>(false)
    private let initWrites: [HUB75PinWrite]
    /// Whether the driver chips were initialised; only `refreshOnce` touches it, one at a time.
    private var initialised = false

    /// A refresher that drives `lines`. Throws when the port cannot drive a line the wiring
    /// needs (the message lists them, so the port can be reopened with all of them).
    public init(configuration: HUB75Configuration, framebuffer: HUB75Framebuffer, lines: any GPIOLines) throws(BusError) {
        let pins = configuration.pinMap, g = configuration.geometry
        func bit(_ gpio: Int) -> UInt64 { 1 << UInt64(gpio) }
        clock = bit(pins.clock)
        latch = bit(pins.latch)
        outputEnable = bit(pins.outputEnable)
        colourLines = pins.chains.prefix(g.parallel).flatMap(\.lines).reduce(0) { $0 | bit($1) }
        inversion = configuration.inverse ? colourLines : 0
        addressWrites = HUB75RowAddressWrites(addressing: configuration.rowAddressing, scan: g.scan, address: pins.address)
        addressLines = addressWrites.lines
        holdNanoseconds = (0..<configuration.pwmBits).map { configuration.lsbNanoseconds << $0 }
        let driven = clock | latch | outputEnable | colourLines | addressLines
        assert(driven == configuration.drivenLines)
        drivenLines = driven

        let missing = driven & ~lines.outputMask
        guard missing == 0 else {
            let all = (0..<64).filter { driven & (1 << UInt64($0)) != 0 }.map(String.init).joined(separator: ", ")
            let absent = (0..<64).filter { missing & (1 << UInt64($0)) != 0 }.map(String.init).joined(separator: ", ")
            throw .invalidRequest(
                device: lines.name,
                reason: "HUB75 wiring '\(pins.name)' needs GPIO \(all) as outputs but GPIO \(absent) not requested; "
                    + "open the port with all of them")
        }
        self.configuration = configuration
        self.framebuffer = framebuffer
        self.lines = lines
        initWrites = HUB75DriverInitWrites.writes(for: configuration)
        initialised = initWrites.isEmpty
    }

    /// Shows every row address and bit plane of the front planes once (see the type's
    /// protocol), then lets the framebuffer swap in a finished frame. On a bus error it tries
    /// to leave OE high (dark) and rethrows.
    public func refreshOnce() throws(BusError) {
        guard inRefresh.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else {
            preconditionFailure("HUB75Refresher.refreshOnce called while another refresh is running")
        }
        defer { inRefresh.store(false, ordering: .releasing) }

        let planes = framebuffer.frontPlanes
        let words = planes.words
        let length = planes.chainLength, bits = planes.pwmBits
        let clock = clock, latch = latch, outputEnable = outputEnable, colourLines = colourLines, inversion = inversion
        let everyPlane = addressWrites.addressing.isLevel
        do {
            if !initialised {
                try lines.write(set: outputEnable, clear: 0)
                for step in initWrites { try lines.write(set: step.set, clear: step.clear) }
                initialised = true
            }
            var index = 0
            for row in 0..<planes.scan {
                let select = addressWrites.writes(row: row)
                for plane in 0..<bits {
                    for _ in 0..<length {
                        let data = UInt64(words[index]) ^ inversion
                        index += 1
                        try lines.write(set: data, clear: (colourLines ^ data) | clock)
                        try lines.write(set: clock, clear: 0)
                    }
                    try lines.write(set: outputEnable, clear: clock)
                    try lines.write(set: latch, clear: 0)
                    try lines.write(set: 0, clear: latch)
                    if everyPlane || plane == 0 {
                        for step in select { try lines.write(set: step.set, clear: step.clear) }
                    }
                    try lines.write(set: 0, clear: outputEnable)
                    lines.hold(nanoseconds: holdNanoseconds[plane])
                    try lines.write(set: outputEnable, clear: 0)
                }
            }
        } catch {
            try? lines.write(set: outputEnable, clear: 0)
            throw error
        }
        framebuffer.swapIfReady()
    }
}
