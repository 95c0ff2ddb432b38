/// Everything the HUB75 encoder and refresher need: geometry, wiring, colour depth, transfer
/// curve and the bit-plane timing. Built in code or from `--panel hub75:key=value,…`
/// (`init(options:)`, in HUB75ConfigurationOptions.swift).
///
/// With `multiplexing`, `geometry` is the physical panel the shift registers form (wider and
/// shorter than what a person sees) and `width` × `height` the visible size frames have.
///
/// | key | default | allowed | meaning |
/// |---|---|---|---|
/// | `rows` | 32 (or 2 × `scan`) | 8, 16, 32, 64 | rows of one panel; sets the scan (rows / 2) |
/// | `scan` | rows / 2 | 4, 8, 16, 32 | row addresses (1/scan); given alone it sets rows |
/// | `cols` | 32 | 32, 64, 128 | columns of one panel |
/// | `chain` | 1 | 1…32 | panels daisy-chained on one connector |
/// | `parallel` | 1 | 1…3 | chains driven side by side (`regular` wiring only) |
/// | `pwm-bits` | 11 | 1…11 | bit planes per colour: 2^bits − 1 brightness steps |
/// | `transfer` | linear | linear, cie1931 | value → duty map, see `HUB75Transfer` |
/// | `wiring` | regular | regular, adafruit-hat, adafruit-hat-pwm | pin map, see `HUB75PinMap` |
/// | `pwm-lsb-ns` | 130 | 10…10000 | OE-low time of the least significant bit plane, ns |
/// | `driver` | plain | plain, fm6126a, fm6127 | column driver chips to initialise, see `HUB75DriverChip` |
/// | `multiplexing` | none | hzeller's 22 scheme names or numbers | an outdoor panel's wiring, see `HUB75Multiplexing` |
/// | `inverse` | false | true, false | colour lines active low: every data bit inverted |
/// | `rgb-sequence` | rgb | rgb, rbg, grb, gbr, brg, bgr | colours of the R, G, B lines, see `HUB75ColourSequence` |
/// | `slowdown` | 0 | 0…4 | extra copies of every line write, for panels that cannot take the full clock (hzeller's `--led-slowdown-gpio`) |
/// | `row-address` | direct | direct, ab-shift, row-select, abc-shift, sm5266, b707 | how rows are selected, see `HUB75RowAddressing` |
/// | `pwm-dither-bits` | 0 | 0…2, below `pwm-bits` | lowest planes shown only every 2nd or 4th refresh, for a faster refresh, see `ditherBits` |
/// | `limit-refresh` | 0 | 0…1000 | a steady refresh rate in Hz for cameras and video (0: as fast as it goes), see `limitRefreshHertz` |
///
/// Fewer `pwm-bits` refresh faster (fewer, shorter planes) at the cost of colour depth; a longer
/// `pwm-lsb-ns` helps slow panels that ghost or lose the darkest plane.
public struct HUB75Configuration: Hashable, Sendable {
    /// Panel size, chain and parallel chains.
    public let geometry: HUB75Geometry
    /// Which GPIO drives which signal.
    public let pinMap: HUB75PinMap
    /// Bit planes per colour channel, 1…11.
    public let pwmBits: Int
    /// How frame values become duty.
    public let transfer: HUB75Transfer
    /// How long OE stays low for bit plane 0, in nanoseconds; plane b stays low `lsb << b`.
    public let lsbNanoseconds: Int
    /// Global brightness, 1…100 % of full duty: every level is scaled by it before the bit
    /// planes are cut, so dimming costs no refresh rate (at the price of fewer levels in use).
    public internal(set) var brightnessPercent: Int
    /// How the panel selects a row pair (A–E in binary unless a shift register or row selects).
    public let rowAddressing: HUB75RowAddressing
    /// The panels' column driver chips (FM6126A and FM6127 need their registers written first).
    public let driverChip: HUB75DriverChip
    /// An outdoor panel's multiplexing scheme; nil for a panel that lights one row per half.
    public let multiplexing: HUB75Multiplexing?
    /// Where each visible LED goes in the physical frame, when multiplexed.
    public let layout: HUB75MultiplexLayout?
    /// Whether the panel's colour lines are active low (hzeller's `--led-inverse`): the
    /// refresher inverts every colour bit it clocks out, so dark is all lines high.
    public var inverse = false
    /// Which colour each colour line drives (hzeller's `--led-rgb-sequence`).
    public var colourSequence = HUB75ColourSequence.rgb
    /// Extra copies of every line write, 0…4 (hzeller's `--led-slowdown-gpio`, whose default
    /// is 1; PixelWheel's is 0): each repeats the levels, so every edge lasts `1 + slowdown`
    /// writes, for panels whose shift registers cannot take the full clock.
    public var slowdown = 0
    /// Temporal dithering of the lowest planes, 0…2 (hzeller's `--led-pwm-dither-bits`): planes
    /// below `ditherBits` keep the least significant on-time instead of doubling, and make up
    /// their weight by being shown in fewer refreshes — with 1, plane 0 every other refresh; with
    /// 2, plane 0 one refresh in four and plane 1 two in four (`firstPlane(ofRefresh:)`). A
    /// refresh is then about 2^ditherBits times shorter; over a cycle of 2^ditherBits
    /// refreshes every plane is lit for exactly its weight. hzeller counts these planes from
    /// the lowest of all 11, so there they matter only above 11 − dither bits `pwm-bits`;
    /// PixelWheel dithers the lowest of the configured `pwmBits`, so it always takes effect.
    public let ditherBits: Int
    /// A steady refresh rate in Hz, 0…1000 (hzeller's `--led-limit-refresh`); 0 refreshes back
    /// to back. `HUB75RefreshLoop` starts each refresh `refreshPeriodNanoseconds` after the one
    /// before, on the run's clock, when the refresh is shorter than that.
    public let limitRefreshHertz: Int

    /// Checks the combination: `parallel` must not exceed the wiring's chains, the wiring must
    /// have every address line the row addressing uses (a 1/32-scan panel needs an E line),
    /// `pwmBits` is 1…11, `lsbNanoseconds` 1…1_000_000, `ditherBits` 0…2 and below `pwmBits`,
    /// `limitRefreshHertz` 0…1000.
    public init(
        geometry: HUB75Geometry,
        pinMap: HUB75PinMap = .regular,
        pwmBits: Int = 11,
        transfer: HUB75Transfer = .linear,
        lsbNanoseconds: Int = 130,
        brightnessPercent: Int = 100,
        rowAddressing: HUB75RowAddressing = .direct,
        driverChip: HUB75DriverChip = .plain,
        multiplexing: HUB75Multiplexing? = nil,
        ditherBits: Int = 0,
        limitRefreshHertz: Int = 0
    ) throws(PanelConfigurationError) {
        guard (1...100).contains(brightnessPercent) else {
            throw .badValue(type: "hub75", key: "brightness", value: String(brightnessPercent), allowed: "1...100")
        }
        guard (1...11).contains(pwmBits) else {
            throw .badValue(type: "hub75", key: "pwm-bits", value: String(pwmBits), allowed: "1...11")
        }
        guard (1...1_000_000).contains(lsbNanoseconds) else {
            throw .badValue(type: "hub75", key: "pwm-lsb-ns", value: String(lsbNanoseconds), allowed: "1...1000000")
        }
        guard (0...2).contains(ditherBits) else {
            throw .badValue(type: "hub75", key: "pwm-dither-bits", value: String(ditherBits), allowed: "0...2")
        }
        guard ditherBits < pwmBits else {
            throw .inconsistent(
                type: "hub75",
                reason: "pwm-dither-bits=\(ditherBits) needs at least \(ditherBits + 1) pwm-bits, but pwm-bits=\(pwmBits); "
                    + "lower pwm-dither-bits or raise pwm-bits")
        }
        guard (0...1000).contains(limitRefreshHertz) else {
            throw .badValue(type: "hub75", key: "limit-refresh", value: String(limitRefreshHertz), allowed: "0...1000")
        }
        guard geometry.parallel <= pinMap.chains.count else {
            throw .inconsistent(
                type: "hub75",
                reason: "wiring '\(pinMap.name)' has \(pinMap.chains.count) chain(s) but parallel=\(geometry.parallel); "
                    + "use wiring=regular for up to 3 parallel chains or lower parallel")
        }
        if let problem = rowAddressing.problem(scan: geometry.scan) {
            throw .inconsistent(type: "hub75", reason: problem)
        }
        if driverChip != .plain && geometry.columns % 16 != 0 {
            throw .inconsistent(
                type: "hub75",
                reason: "driver=\(driverChip.rawValue) chips drive 16 columns each, but cols=\(geometry.columns); "
                    + "use cols=32, 64 or 128")
        }
        let neededLines = (rowAddressing.lineIndices(scan: geometry.scan).last ?? -1) + 1
        guard neededLines <= pinMap.address.count else {
            let what = rowAddressing == .direct ? "rows=\(geometry.rows)" : "row-address=\(rowAddressing.rawValue)"
            throw .inconsistent(
                type: "hub75",
                reason: "\(what) needs \(neededLines) address lines but wiring '\(pinMap.name)' "
                    + "has \(pinMap.address.count); add the E line to the pin map")
        }
        guard pinMap.allLines.allSatisfy({ (0...31).contains($0) }) else {
            throw .inconsistent(type: "hub75", reason: "wiring '\(pinMap.name)' uses a GPIO above 31; HUB75 lines must be GPIO 0...31")
        }
        self.geometry = geometry
        self.pinMap = pinMap
        self.pwmBits = pwmBits
        self.transfer = transfer
        self.lsbNanoseconds = lsbNanoseconds
        self.brightnessPercent = brightnessPercent
        self.rowAddressing = rowAddressing
        self.driverChip = driverChip
        self.multiplexing = multiplexing
        self.ditherBits = ditherBits
        self.limitRefreshHertz = limitRefreshHertz
        if let multiplexing {
            layout = try Self.layout(multiplexing, geometry: geometry)
        } else {
            layout = nil
        }
    }

    /// The layout of `scheme` on the physical `geometry`, or the error naming the sizes it fits.
    private static func layout(_ scheme: HUB75Multiplexing, geometry g: HUB75Geometry) throws(PanelConfigurationError) -> HUB75MultiplexLayout {
        let columns: Int = g.columns / scheme.widthFactor
        let rows: Int = g.rows * scheme.heightDivisor
        let fits = g.columns % scheme.widthFactor == 0 && scheme.sizes.contains(HUB75Multiplexing.Size(columns: columns, rows: rows))
        guard fits, let layout = HUB75MultiplexLayout(scheme: scheme, columns: columns, rows: rows, chain: g.chain, parallel: g.parallel) else {
            throw .inconsistent(type: "hub75", reason: Self.sizeAdvice(scheme, columns: columns, rows: rows))
        }
        return layout
    }

    /// "multiplexing=NAME is made for …": the one-line advice for a panel size the scheme does not fit.
    static func sizeAdvice(_ scheme: HUB75Multiplexing, columns: Int, rows: Int) -> String {
        let first = scheme.sizes[0]
        return "multiplexing=\(scheme.name) is made for \(scheme.sizeList) panels (cols x rows), not \(columns)x\(rows); "
            + "give the size of one panel as you see it, e.g. cols=\(first.columns),rows=\(first.rows)"
    }

    /// Visible width in LEDs: what frames for this installation measure across.
    public var width: Int { layout?.width ?? geometry.width }

    /// Visible height in LEDs.
    public var height: Int { layout?.height ?? geometry.height }

    /// The largest PWM level, `2^pwmBits − 1`: a channel at this level is lit for every plane.
    public var maxLevel: Int { (1 << pwmBits) - 1 }

    /// OE-low time of one full refresh in nanoseconds without dithering: every row address
    /// shows every plane, `scan × lsb × (2^bits − 1)`. Shifting and latching come on top. With
    /// `ditherBits` a refresh averages this divided by 2^ditherBits.
    public var onTimePerRefreshNanoseconds: Int { geometry.scan * lsbNanoseconds * maxLevel }

    /// How long OE stays low for bit plane `plane`, in nanoseconds: `lsb << plane`, or with
    /// dithering `lsb << max(0, plane − ditherBits)` (the dithered planes all keep `lsb`).
    public func planeNanoseconds(_ plane: Int) -> Int {
        lsbNanoseconds << max(0, plane - ditherBits)
    }

    /// The lowest bit plane refresh number `refresh` (counted from 0) shows; it shows that one
    /// and every plane above it. Without dithering always 0; with 1 dither bit 0, 1, 0, 1, …;
    /// with 2 bits 0, 1, 2, 2, … (hzeller's sequences).
    public func firstPlane(ofRefresh refresh: Int) -> Int {
        let phase: Int = refresh & 3
        switch ditherBits {
        case 1: return phase & 1
        case 2: return min(phase, 2)
        default: return 0
        }
    }

    /// Refreshes in one dither cycle, 2^ditherBits: over that many refreshes from one whose
    /// number is a multiple of it, every plane is lit for exactly its weight.
    public var refreshesPerDitherCycle: Int { 1 << ditherBits }

    /// The same configuration with `ditherBits` dithered planes; throws as `init` does when the
    /// panel cannot take them (they must stay below `pwmBits`).
    public func withDitherBits(_ ditherBits: Int) throws(PanelConfigurationError) -> HUB75Configuration {
        var copy = try HUB75Configuration(
            geometry: geometry, pinMap: pinMap, pwmBits: pwmBits, transfer: transfer, lsbNanoseconds: lsbNanoseconds,
            brightnessPercent: brightnessPercent, rowAddressing: rowAddressing, driverChip: driverChip,
            multiplexing: multiplexing, ditherBits: ditherBits, limitRefreshHertz: limitRefreshHertz)
        copy.inverse = inverse
        copy.colourSequence = colourSequence
        copy.slowdown = slowdown
        return copy
    }

    /// The time from one refresh's start to the next with `limitRefreshHertz`, in nanoseconds
    /// (`1e9 / Hz`, rounded down); 0 when there is no limit.
    public var refreshPeriodNanoseconds: Int64 {
        limitRefreshHertz > 0 ? 1_000_000_000 / Int64(limitRefreshHertz) : 0
    }

    /// The lines the refresh drives, each with its HUB75 signal name, in the order a connector
    /// lists them: OE, CLK, LAT, the address lines A… and each chain's R1 G1 B1 R2 G2 B2
    /// (chains after the first carry their number: `R1:2`). Its lines are `drivenLines`.
    public var signals: [(name: String, gpio: Int)] {
        let g = geometry
        var named = [("OE", pinMap.outputEnable), ("CLK", pinMap.clock), ("LAT", pinMap.latch)]
        for index in rowAddressing.lineIndices(scan: g.scan) {
            named.append((String(["A", "B", "C", "D", "E"][index]), pinMap.address[index]))
        }
        for (chain, pins) in pinMap.chains.prefix(g.parallel).enumerated() {
            let suffix = chain == 0 ? "" : ":\(chain + 1)"
            for (name, gpio) in zip(["R1", "G1", "B1", "R2", "G2", "B2"], pins.lines) { named.append((name + suffix, gpio)) }
        }
        return named
    }

    /// Every GPIO line the refresh drives (bit n = GPIO n): clock, latch, output enable, the
    /// colour lines of the parallel chains in use and the address lines the scan needs.
    public var drivenLines: UInt64 {
        let g = geometry
        // In parts, with their types: Swift 6.0 finds no `+` for an array and a prefix in one expression.
        let control: [Int] = [pinMap.clock, pinMap.latch, pinMap.outputEnable]
        let colour: [Int] = pinMap.chains.prefix(g.parallel).flatMap(\.lines)
        let address: [Int] = rowAddressing.lineIndices(scan: g.scan).map { pinMap.address[$0] }
        let lines: [Int] = control + colour + address
        return lines.reduce(UInt64(0)) { $0 | (UInt64(1) << UInt64($1)) }
    }
}
