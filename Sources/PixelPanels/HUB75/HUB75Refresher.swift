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
/// 2. `write(set: LAT, clear: CLK)` — end the last clock and open the latch (OE is high
///    already: the plane before went dark, and the first refresh begins by taking OE high).
///    With `row-address=direct` (and `row-select`), whose lines hold a level, the row pair is
///    selected in the same write, for every plane: `set` gains `address(a)` and `clear`
///    `addressLines ^ address(a)`.
/// 3. `write(set: 0, clear: LAT)` — close the latch on the shifted row.
/// 4. with a shift-register row type, its whole sequence (see `HUB75RowAddressWrites`), on the
///    first plane of the row only, since every sequence moves the register on.
/// 5. `write(set: 0, clear: OE)` — LEDs on; `hold(nanoseconds: lsb << b)`.
/// 6. `write(set: OE, clear: 0)` — LEDs off again.
/// With a port of register stores of known time (`PacedGPIOLines`, RP1's registers), steps 5
/// and 6 overlap the next plane's shifting, as hzeller's RIO backend does: the latch holds what
/// is shown, so the plane just latched stays lit (OE low) while the next plane's columns go in,
/// and OE goes high in the store that reaches the plane's on-time, counted in stores, not read
/// from a clock; what the shifting did not cover is held before the latch. Such a port makes
/// each write one store (RP1's XOR alias), latches in two absolute stores that also rewrite
/// every line's level, and lights a plane in the next plane's first data store, so a column
/// costs two stores and a plane two more (`refreshOverlapped`). The last plane of a refresh is
/// held whole. (`slowdown` repeats writes, so it turns the overlap off.)
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
    /// Whether OE was taken high and the driver chips initialised, before the first refresh;
    /// only `refreshOnce` touches it, one at a time.
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
        // No step blanks before latching (OE is high from the plane before), so the first
        // refresh starts by taking OE high, before any chip initialisation.
        initialised = false
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
            if storeNanoseconds > 0, let port = lines as? any PacedGPIOLines {
                try refreshOverlapped(port: port, words: words, length: length, bits: bits, first: first, scan: planes.scan, everyPlane: everyPlane)
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
                        try latchAndLight(select: everyPlane || plane == first ? select : [], level: everyPlane)
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

    /// Steps 2 to 5 of the protocol: open the latch (with a `level` row type, selecting the row
    /// in the same write), close it, send a shift-register row type's `select` sequence, light
    /// the LEDs.
    private func latchAndLight(select: ArraySlice<HUB75PinWrite>, level: Bool) throws(BusError) {
        if level, let address = select.first {
            try lines.write(set: latch | address.set, clear: clock | address.clear)
            try lines.write(set: 0, clear: latch)
        } else {
            try lines.write(set: latch, clear: clock)
            try lines.write(set: 0, clear: latch)
            for step in select { try lines.write(set: step.set, clear: step.clear) }
        }
        try lines.write(set: 0, clear: outputEnable)
    }

    /// One refresh with each plane lit while the next shifts in, through a paced port, whose
    /// every write is one store (see the type's protocol). `lit` counts the stores since the one
    /// that lit the plane; the plane goes dark in the `litStores[plane]`th store after it, so
    /// on a port whose stores take `storeNanoseconds` each it was lit for its on-time, rounded
    /// up to a whole store. Per plane that is two stores a column, and two to latch:
    /// - `raise(OE | LAT | row lines that end high)`, through the SET alias;
    /// - `lower(LAT | CLK | colour lines | row lines that end low)`, through the CLR alias;
    ///
    /// (the row lines are the new address with a level type, else what they hold), so every
    /// line's level is rewritten absolutely once a plane and a wrong shadow lasts one plane at
    /// most. The shifted plane lights (OE low) in the next plane's first data store, and the
    /// last plane of the refresh in a write of its own. A shift-register row type sends its
    /// sequence after the latch, on a row's first plane.
    private func refreshOverlapped(port: any PacedGPIOLines, words: UnsafeMutablePointer<UInt32>, length: Int, bits: Int,
                                   first: Int, scan: Int, everyPlane: Bool) throws(BusError) {
        let clock = clock, latch = latch, outputEnable = outputEnable, colourLines = colourLines, inversion = inversion
        let addressLines = addressLines
        var lit = 0
        var litFor = 0  // the lit plane's on-time in stores; 0: dark
        var lightNext = 0  // the on-time of the plane latched but not lit yet, in stores; 0: none
        for row in 0..<scan {
            let select = addressWrites.writes(row: row)
            var index: Int = (row * bits + first) * length
            for plane in first..<bits {
                for _ in 0..<length {
                    let data = UInt64(words[index]) ^ inversion
                    index += 1
                    var set = data, clear = (colourLines ^ data) | clock
                    if lightNext > 0 {
                        clear |= outputEnable
                        litFor = lightNext; lit = 0; lightNext = 0
                    } else if litFor > 0 {
                        lit += 1
                        if lit == litFor { set |= outputEnable; litFor = 0 }
                    }
                    try port.write(set: set, clear: clear)
                    set = clock
                    if litFor > 0 {
                        lit += 1
                        if lit == litFor { set |= outputEnable; litFor = 0 }
                    }
                    try port.write(set: set, clear: 0)
                }
                if litFor > 0 {
                    // The shifting was shorter than the plane's on-time: hold the rest, less
                    // the store that blanks.
                    let left = litFor - lit - 1
                    if left > 0 { lines.hold(nanoseconds: left * storeNanoseconds) }
                    try port.write(set: outputEnable, clear: 0)
                    litFor = 0
                }
                let selectHere = everyPlane || plane == first
                var rowHigh = port.levels & addressLines, rowLow = addressLines & ~rowHigh
                if everyPlane, let level = select.first {
                    rowHigh = level.set; rowLow = level.clear
                }
                try port.raise(outputEnable | latch | rowHigh)
                try port.lower(latch | clock | colourLines | rowLow)
                if selectHere && !everyPlane {
                    for step in select { try port.write(set: step.set, clear: step.clear) }
                }
                lightNext = litStores[plane]
            }
        }
        if lightNext > 0 {
            try port.write(set: 0, clear: outputEnable)
            if lightNext > 1 { lines.hold(nanoseconds: (lightNext - 1) * storeNanoseconds) }
            try port.write(set: outputEnable, clear: 0)
        }
    }
}
