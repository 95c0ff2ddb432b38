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
/// With a port of register stores of known time (`PacedGPIOLines`, RP1's registers), steps 5
/// and 6 overlap the next plane's shifting, as hzeller's RIO backend does: the latch holds what
/// is shown, so the plane just latched stays lit (OE low) while the next plane's columns go in,
/// and OE goes high in the SET store that reaches the plane's on-time, counted in stores, not
/// read from a clock; what the shifting did not cover is held before the latch. The last plane
/// of a refresh is held whole. (`slowdown` repeats writes, so it turns the overlap off.)
/// With `pwm-dither-bits` a refresh shows only the planes from `configuration.firstPlane(ofRefresh:)`
/// up (the row address then goes out with the first plane shown), counted by the refresher
/// from its first refresh, and the dithered planes are held for the least significant time.
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
    /// With a paced port, each plane's on-time in stores (rounded up), for the overlap; empty
    /// otherwise.
    private let litStores: [Int]
    /// The paced port's time per store, in nanoseconds (0: no overlap).
    private let storeNanoseconds: Int
    private let inRefresh = Atomic<Bool>(false)
    private let initWrites: [HUB75PinWrite]
    /// Whether the driver chips were initialised; only `refreshOnce` touches it, one at a time.
    private var initialised = false
    /// Refreshes started, modulo 4 (the longest dither cycle); only `refreshOnce` touches it.
    private var refreshPhase = 0

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
        holdNanoseconds = (0..<configuration.pwmBits).map { configuration.planeNanoseconds($0) }
        let perStore: Int = (lines as? any PacedGPIOLines)?.nanosecondsPerStore ?? 0
        storeNanoseconds = max(0, perStore)
        litStores = perStore > 0 ? holdNanoseconds.map { ($0 + perStore - 1) / perStore } : []
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

    /// Whether the next refresh begins a dither cycle (`HUB75Configuration.firstPlane(ofRefresh:)`
    /// is 0 for it and the cycle's refreshes follow); always true without dithering. Read it
    /// between refreshes, on the thread that refreshes.
    public var nextRefreshStartsDitherCycle: Bool {
        refreshPhase % configuration.refreshesPerDitherCycle == 0
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
        let clock = clock, outputEnable = outputEnable, colourLines = colourLines, inversion = inversion
        let everyPlane = addressWrites.addressing.isLevel
        // The planes this refresh shows (all but the dithered ones left out this time).
        let first: Int = configuration.firstPlane(ofRefresh: refreshPhase)
        refreshPhase = (refreshPhase + 1) & 3
        do {
            if !initialised {
                try lines.write(set: outputEnable, clear: 0)
                for step in initWrites { try lines.write(set: step.set, clear: step.clear) }
                initialised = true
            }
            if storeNanoseconds > 0 {
                try refreshOverlapped(words: words, length: length, bits: bits, first: first, scan: planes.scan, everyPlane: everyPlane)
            } else {
                for row in 0..<planes.scan {
                    let select = addressWrites.writes(row: row)
                    var index: Int = (row * bits + first) * length
                    for plane in first..<bits {
                        for _ in 0..<length {
                            let data = UInt64(words[index]) ^ inversion
                            index += 1
                            try lines.write(set: data, clear: (colourLines ^ data) | clock)
                            try lines.write(set: clock, clear: 0)
                        }
                        try latchAndLight(select: everyPlane || plane == first ? select : [])
                        lines.hold(nanoseconds: holdNanoseconds[plane])
                        try lines.write(set: outputEnable, clear: 0)
                    }
                }
            }
        } catch {
            try? lines.write(set: outputEnable, clear: 0)
            throw error
        }
        framebuffer.swapIfReady()
    }

    /// Steps 2 to 5 of the protocol: blank, latch the shifted plane, make the `select` writes
    /// (the row address, or none), light the LEDs.
    private func latchAndLight(select: ArraySlice<HUB75PinWrite>) throws(BusError) {
        try lines.write(set: outputEnable, clear: clock)
        try lines.write(set: latch, clear: 0)
        try lines.write(set: 0, clear: latch)
        for step in select { try lines.write(set: step.set, clear: step.clear) }
        try lines.write(set: 0, clear: outputEnable)
    }

    /// One refresh with each plane lit while the next shifts in (see the type's protocol).
    /// `lit` counts the stores since OE went low. A store takes effect when its time is up, so
    /// the plane goes dark with a write whose first store (its SET, which then carries OE) is
    /// the `litStores[plane]`th: on a port whose stores take `storeNanoseconds` each the plane
    /// was lit for its on-time, rounded up to a whole store.
    private func refreshOverlapped(words: UnsafeMutablePointer<UInt32>, length: Int, bits: Int, first: Int, scan: Int,
                                   everyPlane: Bool) throws(BusError) {
        let clock = clock, outputEnable = outputEnable, colourLines = colourLines, inversion = inversion
        var lit = 0
        var litFor = 0  // the lit plane's on-time in stores; 0: dark
        for row in 0..<scan {
            let select = addressWrites.writes(row: row)
            var index: Int = (row * bits + first) * length
            for plane in first..<bits {
                for _ in 0..<length {
                    let data = UInt64(words[index]) ^ inversion
                    index += 1
                    // The data write: a SET store when a colour line goes high, then a CLR
                    // store. When the on-time ends within it, the rest is held and its SET
                    // store (made even for dark data) blanks at exactly the on-time.
                    let dataStores = data != 0 ? 2 : 1
                    if litFor > 0 && litFor - lit <= dataStores {
                        let left = litFor - lit - 1
                        if left > 0 { lines.hold(nanoseconds: left * storeNanoseconds) }
                        try lines.write(set: data | outputEnable, clear: (colourLines ^ data) | clock)
                        litFor = 0
                    } else {
                        try lines.write(set: data, clear: (colourLines ^ data) | clock)
                        lit += dataStores
                    }
                    // The clock write: one SET store.
                    if litFor > 0 && litFor - lit <= 1 {
                        try lines.write(set: clock | outputEnable, clear: 0)
                        litFor = 0
                    } else {
                        try lines.write(set: clock, clear: 0)
                        lit += 1
                    }
                }
                if litFor > 0 {
                    // The shifting was shorter than the plane's on-time: hold the rest, less
                    // the SET store that blanks.
                    let left = litFor - lit - 1
                    if left > 0 { lines.hold(nanoseconds: left * storeNanoseconds) }
                    litFor = 0
                }
                try latchAndLight(select: everyPlane || plane == first ? select : [])
                lit = 0
                litFor = litStores[plane]
            }
        }
        if litFor > 1 { lines.hold(nanoseconds: (litFor - 1) * storeNanoseconds) }
        try lines.write(set: outputEnable, clear: 0)
    }
}
