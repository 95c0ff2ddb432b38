import PixelCore
import PixelPanels

/// A model of a HUB75 installation — `parallel` chains of `chain` panels — behind a pin map,
/// driven through `SimulatedGPIOLines`. It decodes the wire the way the panels' driver chips do
/// and integrates the light each LED gives over time.
///
/// What it models, per parallel chain:
/// - six shift registers (R G B of the upper and of the lower half), each `columns × chain` bits
///   long. On every rising edge of CLK each takes the level of its colour line; the bit taken
///   enters at the Pi's end and all others move one place on, so after a full row the first bit
///   sent sits at column 0, the far end of the chain (a panel with `inverse` takes a low line as
///   1; with `rgb-sequence` each register listens to the line that carries its colour);
/// - six output latches, transparent while LAT is high (they follow the shift registers) and
///   holding while it is low;
/// - the row address lines (A, B, … as many as the scan needs, or the lines of the panel's
///   `row-address` type, decoded by `HUB75RowDecoder`) and OE, active low.
///
/// Driver chips: with `driver=fm6126a` or `fm6127` each 16-column chip stays dark until its
/// configuration registers hold the right words (`HUB75DriverChipModel`); for these panels the
/// shift count is checked between falling LAT edges, since a register write raises LAT before
/// its last clocks.
///
/// Light: while OE is low, every LED of the two addressed rows (row a of each half) whose
/// latched bit is 1 accumulates lit time. The panel shows each row address for a *visit*: from
/// the first OE-low moment at that address, through any further OE-low periods at it, until an
/// OE-low moment at another address; the next visit to the same address starts its sums afresh.
/// A correct driver shows all bit planes of a row in one visit, so after a complete refresh every
/// row's latest visit holds that refresh's light.
///
/// With `visitsPerPicture` N above 1 (a panel driven with `pwm-dither-bits`, whose refreshes
/// each show only some planes) the sums of an address run over N visits: they start afresh
/// only at its 1st, N+1st, 2N+1st … visit. So after whole dither cycles of refreshes, counted
/// from the model's first, each row holds the light of the latest cycle, as the eye averages it.
///
/// `picture` is what a person sees: for each LED and colour,
/// `min(65535, round(lit × 65535 / meanVisit))`, where lit is the LED's lit time in its row's
/// latest visit (or block of `visitsPerPicture` visits) and meanVisit is the mean OE-low time
/// of the latest visits (or blocks) of all row addresses visited so far. So an LED lit for its whole row's share of the panel's on-time is 65535, one
/// never lit is 0, and a row shown for longer or shorter than the others is brighter or dimmer,
/// as the eye would see it. (Overall brightness — the share of time OE is low at all — is not in
/// the picture.) Times are 64-bit nanoseconds, and the picture is computed in 128 bits, so
/// visits of any length stay exact.
///
/// `anomalies` lists flaws a person would see (see `HUB75Anomaly`); a clock pulse with unchanged
/// data is fine and is not listed.
public final class HUB75Model: GPIODeviceModel {
    /// Panel size, chain and parallel chains.
    public let geometry: HUB75Geometry
    /// The wiring between the Pi's GPIO lines and the panels' inputs.
    public let pinMap: HUB75PinMap
    /// How the panels select a row pair.
    public let rowAddressing: HUB75RowAddressing
    /// The panels' column driver chips.
    public var driverChip: HUB75DriverChip { chips.chip }
    /// An outdoor panel's wiring of visible LEDs to the physical panel, if multiplexed.
    public let layout: HUB75MultiplexLayout?
    /// Whether the colour lines are active low: a shift register takes a low line as 1.
    public let inverse: Bool
    /// Visits of a row address whose light `picture` sums (see above): 1, or a dither cycle's
    /// 2^pwm-dither-bits refreshes.
    public let visitsPerPicture: Int
    private var chips: HUB75DriverChipModel
    /// At most this many anomalies are kept; `anomalyCount` counts them all.
    public static let anomalyLimit = 1000

    private let clockLine: UInt64
    private let latchLine: UInt64
    private let enableLine: UInt64
    private var rowDecoder: HUB75RowDecoder
    private let colourLines: [UInt64]      // register r = (chain × 2 + half) × 3 + colour
    private let allColourLines: UInt64
    private let length: Int
    private var shiftRegisters: [UInt8]    // ring buffers: logical bit i of register r at r × length + (ringStart + i) % length
    private var ringStart = 0
    private var latches: [UInt8]           // register r, column x at r × length + x
    private var lit: [Int64]               // board row y, column x, colour c at (y × length + x) × 3 + c
    private var visitTime: [Int64]         // per row address
    private var visited: [Bool]
    private var visitsInBlock: [Int]        // per row address: visits since its sums restarted
    private var visitAddress = -1

    /// Virtual time seen so far, in nanoseconds.
    public private(set) var nanoseconds: Int64 = 0
    /// The first `anomalyLimit` anomalies, oldest first.
    public private(set) var anomalies: [HUB75Anomaly] = []
    /// All anomalies seen, including those past the limit.
    public private(set) var anomalyCount = 0
    /// Rising CLK edges seen.
    public private(set) var clockPulses = 0
    /// Rising LAT edges seen.
    public private(set) var latchPulses = 0
    /// The first number of clock pulses between two latches that was not the chain length
    /// (latches with no clock pulse before them not counted).
    public private(set) var mismatchedShift: Int?
    /// The first row address line beyond the scan (the pin map's line the geometry does not
    /// use) that was driven high, as its index (0 = A).
    public private(set) var addressLineBeyondScan: Int?
    private var clocksSinceLatch = 0
    private let unusedAddressLines: [(index: Int, line: UInt64)]
    /// The row address the panel lights now; -1 when its row circuit selects none (a shift
    /// register holding no single set stage, or no row-select line low).
    public private(set) var rowAddress = 0
    /// Whether OE is low (LEDs may light) now. All lines start low, so a fresh panel is enabled
    /// with empty latches: dark.
    public private(set) var outputEnabled = true

    /// A model of `geometry` behind `pinMap` (which must have the chains and address lines the
    /// geometry and `rowAddressing` need).
    public init(geometry: HUB75Geometry, pinMap: HUB75PinMap, rowAddressing: HUB75RowAddressing = .direct,
                driverChip: HUB75DriverChip = .plain, layout: HUB75MultiplexLayout? = nil,
                inverse: Bool = false, colourSequence: HUB75ColourSequence = .rgb, visitsPerPicture: Int = 1) {
        let addressIndices = rowAddressing.lineIndices(scan: geometry.scan)
        precondition(geometry.parallel <= pinMap.chains.count && (addressIndices.last ?? -1) < pinMap.address.count,
                     "pin map '\(pinMap.name)' lacks lines this geometry needs")
        self.geometry = geometry
        self.pinMap = pinMap
        self.rowAddressing = rowAddressing
        self.layout = layout
        self.inverse = inverse
        self.visitsPerPicture = max(1, visitsPerPicture)
        func bit(_ gpio: Int) -> UInt64 { 1 << UInt64(gpio) }
        clockLine = bit(pinMap.clock)
        latchLine = bit(pinMap.latch)
        enableLine = bit(pinMap.outputEnable)
        rowDecoder = HUB75RowDecoder(addressing: rowAddressing, scan: geometry.scan, address: pinMap.address)
        // Register (chain × 2 + half) × 3 + colour listens to the line `colourSequence` gives that colour.
        let lineOfSignal = colourSequence.lineOfSignal
        colourLines = pinMap.chains.prefix(geometry.parallel).flatMap { chain in lineOfSignal.map { bit(chain.lines[$0]) } }
        allColourLines = colourLines.reduce(0, |)
        let otherLines = clockLine | latchLine | enableLine | allColourLines
        // Only a binary address has lines "beyond the scan"; the other types use fixed lines.
        unusedAddressLines = rowAddressing != .direct ? [] : pinMap.address.enumerated().dropFirst(addressIndices.count)
            .map { (index: $0.offset, line: bit($0.element)) }.filter { $0.line & otherLines == 0 }
        length = geometry.chainLength
        chips = HUB75DriverChipModel(chip: driverChip, lines: colourLines.count, length: length)
        shiftRegisters = Array(repeating: 0, count: colourLines.count * length)
        latches = Array(repeating: 0, count: colourLines.count * length)
        lit = Array(repeating: 0, count: geometry.height * length * 3)
        visitTime = Array(repeating: 0, count: geometry.scan)
        visited = Array(repeating: false, count: geometry.scan)
        visitsInBlock = Array(repeating: 0, count: geometry.scan)
        // What the row circuit selects with every line low, as the panel powers up.
        rowAddress = rowDecoder.linesChanged(from: 0, to: 0)
    }

    /// A model of the panels `configuration` describes; its picture sums one dither cycle.
    public convenience init(configuration: HUB75Configuration) {
        self.init(geometry: configuration.geometry, pinMap: configuration.pinMap, rowAddressing: configuration.rowAddressing,
                  driverChip: configuration.driverChip, layout: configuration.layout,
                  inverse: configuration.inverse, colourSequence: configuration.colourSequence,
                  visitsPerPicture: configuration.refreshesPerDitherCycle)
    }

    /// Notes a shift of another length than the chain's, then starts counting afresh.
    private func checkShift() {
        if clocksSinceLatch > 0, clocksSinceLatch != length, mismatchedShift == nil { mismatchedShift = clocksSinceLatch }
        clocksSinceLatch = 0
    }

    /// Bit `x` (0 = the far end) of shift register `register`.
    private func shiftedBit(register r: Int, column x: Int) -> Bool {
        let i = ringStart + x
        return shiftRegisters[r * length + (i < length ? i : i - length)] != 0
    }

    private func note(_ anomaly: HUB75Anomaly) {
        anomalyCount += 1
        if anomalies.count < Self.anomalyLimit { anomalies.append(anomaly) }
    }

    /// Decodes one write: clock edge, latch, address and OE changes.
    public func linesChanged(from old: UInt64, to new: UInt64) {
        let enabledAround = old & enableLine == 0 || new & enableLine == 0
        let clockRose = old & clockLine == 0 && new & clockLine != 0
        let latchRose = old & latchLine == 0 && new & latchLine != 0
        let latchOpen = new & latchLine != 0
        let latchFell = old & latchLine != 0 && new & latchLine == 0
        let plainChips = chips.chip == .plain

        if clockRose {
            clockPulses += 1
            clocksSinceLatch += 1
            if (old ^ new) & allColourLines != 0 { note(.dataChangeOnClockEdge(atNanoseconds: nanoseconds)) }
            for (r, line) in colourLines.enumerated() {
                shiftRegisters[r * length + ringStart] = (new & line != 0) != inverse ? 1 : 0
            }
            ringStart = ringStart + 1 == length ? 0 : ringStart + 1
            chips.clockRose(latchHigh: latchOpen)
        }
        if latchRose {
            latchPulses += 1
            if plainChips { checkShift() }
        }
        if latchFell && !plainChips {
            let command = chips.latchFell(bit: { line, x in self.shiftedBit(register: line, column: x) }, length: length)
            if command { clocksSinceLatch = 0 } else { checkShift() }
        }
        if addressLineBeyondScan == nil, let extra = unusedAddressLines.first(where: { new & $0.line != 0 }) {
            addressLineBeyondScan = extra.index
        }
        if latchOpen && (latchRose || clockRose) {
            if enabledAround { note(.latchWhileOutputEnabled(atNanoseconds: nanoseconds)) }
            for r in 0..<colourLines.count {
                for x in 0..<length {
                    let i = ringStart + x
                    latches[r * length + x] = shiftRegisters[r * length + (i < length ? i : i - length)]
                }
            }
        }
        let newAddress = rowDecoder.linesChanged(from: old, to: new)
        if newAddress != rowAddress && enabledAround {
            note(.rowChangeWhileOutputEnabled(atNanoseconds: nanoseconds, from: rowAddress, to: newAddress))
        }
        rowAddress = newAddress
        outputEnabled = new & enableLine == 0
    }

    /// Integrates light for `duration` nanoseconds at `levels`.
    public func timePassed(_ duration: Int, levels: UInt64) {
        nanoseconds += Int64(duration)
        guard levels & enableLine == 0, duration > 0, rowAddress >= 0 else { return }
        let a = rowAddress
        let plainChips = chips.chip == .plain
        if a != visitAddress { startVisit(a) }
        let dt = Int64(duration)
        visitTime[a] += dt
        let rows = geometry.rows, scan = geometry.scan
        for chain in 0..<geometry.parallel {
            for half in 0..<2 {
                let y = chain * rows + half * scan + a
                for colour in 0..<3 {
                    let r = (chain * 2 + half) * 3 + colour
                    for x in 0..<length where latches[r * length + x] != 0 && (plainChips || chips.lit(line: r, column: x)) {
                        lit[(y * length + x) * 3 + colour] += dt
                    }
                }
            }
        }
    }

    private func startVisit(_ a: Int) {
        visitAddress = a
        visited[a] = true
        let inBlock: Int = visitsInBlock[a]
        visitsInBlock[a] = inBlock + 1 == visitsPerPicture ? 0 : inBlock + 1
        guard inBlock == 0 else { return }
        visitTime[a] = 0
        let rows = geometry.rows, scan = geometry.scan
        for chain in 0..<geometry.parallel {
            for half in 0..<2 {
                let y = chain * rows + half * scan + a
                for i in (y * length * 3)..<((y + 1) * length * 3) { lit[i] = 0 }
            }
        }
    }

    /// What a person sees (defined above): `columns × chain` wide, `rows × parallel` high, column
    /// 0 at the far end of each chain, parallel chain 0 on top. On a multiplexed panel each
    /// visible LED shows the physical place `layout` wires it to.
    public var picture: Frame {
        let shown = physicalPicture
        guard let layout else { return shown }
        var frame = Frame(width: layout.width, height: layout.height)
        for (i, place) in layout.physicalIndex.enumerated() { frame.pixels[i] = shown.pixels[place] }
        return frame
    }

    /// The picture as the shift registers are laid out: the physical panel, `chainLength` wide.
    public var physicalPicture: Frame {
        var frame = Frame(width: length, height: geometry.height)
        var total: Int64 = 0, count: Int64 = 0
        for a in 0..<geometry.scan where visited[a] { total += visitTime[a]; count += 1 }
        guard total > 0 else { return frame }
        // 128-bit: lit time × 65535 × rows overflows 64 bits after about 2.4 hours of holds.
        func level(_ t: Int64) -> UInt16 {
            UInt16(min(65535, (Int128(t) * 65535 * Int128(count) + Int128(total / 2)) / Int128(total)))
        }
        for y in 0..<geometry.height {
            for x in 0..<length {
                let i = (y * length + x) * 3
                frame[x, y] = LinearColor(red: level(lit[i]), green: level(lit[i + 1]), blue: level(lit[i + 2]))
            }
        }
        return frame
    }

    /// One line when the traffic does not fit this geometry: rows shifted with another number
    /// of clock pulses than the chain is long, or a row address line beyond the scan driven;
    /// nil when everything fitted.
    public var misfit: String? {
        if let shift = mismatchedShift {
            let chain = geometry.chain
            let guess = shift % chain == 0 ? ": cols=\(shift / chain)" + (chain > 1 ? " with chain=\(chain)" : "") + "?" : ""
            return "rows are shifted in with \(shift) clock pulses, but cols=\(geometry.columns) × chain=\(chain) "
                + "is \(length) LEDs\(guess)"
        }
        if let line = addressLineBeyondScan {
            let name = String(UnicodeScalar(UInt8(65 + line)))
            let scan = 2 << line  // the least scan that uses line `name`
            return "row address line \(name) is driven, beyond rows=\(geometry.rows)'s scan of \(geometry.scan) rows: rows=\(2 * scan)?"
        }
        return nil
    }

    /// Bit `column` of the output latch for colour `colour` (0 red, 1 green, 2 blue) of `half`
    /// (0 upper, 1 lower) in parallel chain `chain`: what that LED shows when its row is lit.
    public func latchedBit(chain: Int, half: Int, colour: Int, column: Int) -> Bool {
        latches[((chain * 2 + half) * 3 + colour) * length + column] != 0
    }
}
