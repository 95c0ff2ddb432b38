/// Everything the HUB75 encoder and refresher need: geometry, wiring, colour depth, transfer
/// curve and the bit-plane timing. Built in code or from `--panel hub75:key=value,…`.
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
/// | `row-address` | direct | direct, ab-shift, row-select, abc-shift, sm5266, b707 | how rows are selected, see `HUB75RowAddressing` |
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

    /// Checks the combination: `parallel` must not exceed the wiring's chains, the wiring must
    /// have every address line the row addressing uses (a 1/32-scan panel needs an E line),
    /// `pwmBits` is 1…11, `lsbNanoseconds` 1…1_000_000.
    public init(
        geometry: HUB75Geometry,
        pinMap: HUB75PinMap = .regular,
        pwmBits: Int = 11,
        transfer: HUB75Transfer = .linear,
        lsbNanoseconds: Int = 130,
        brightnessPercent: Int = 100,
        rowAddressing: HUB75RowAddressing = .direct,
        driverChip: HUB75DriverChip = .plain
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
    }

    /// Reads the keys in the table above from `options` (a `hub75:` description). Keys it does
    /// not know are left for `options.finish()` to reject.
    public init(options: inout PanelOptions) throws(PanelConfigurationError) {
        let rowsText = options.text("rows", allowed: "8|16|32|64", default: "32")
        let scanText = options.text("scan", allowed: "4|8|16|32", default: "rows/2")
        var rows = 32
        if let rowsText {
            guard let r = Int(rowsText), [8, 16, 32, 64].contains(r) else {
                throw .badValue(type: options.type, key: "rows", value: rowsText, allowed: "8|16|32|64")
            }
            rows = r
        }
        if let scanText {
            guard let s = Int(scanText), [4, 8, 16, 32].contains(s) else {
                throw .badValue(type: options.type, key: "scan", value: scanText, allowed: "4|8|16|32")
            }
            if rowsText == nil {
                rows = 2 * s
            } else if s != rows / 2 {
                throw .inconsistent(
                    type: options.type,
                    reason: "scan=\(s) with rows=\(rows) means several rows per address (an outdoor multiplexed panel), "
                        + "which is not supported; use scan=\(rows / 2) or leave scan out")
            }
        }
        let columns = Int(try options.choice("cols", ["32", "64", "128"], default: "32"))!
        let chain = try options.integer("chain", in: 1...32, default: 1)
        let parallel = try options.integer("parallel", in: 1...3, default: 1)
        let bits = try options.integer("pwm-bits", in: 1...11, default: 11)
        let transfer = HUB75Transfer(rawValue: try options.choice("transfer", HUB75Transfer.allCases.map(\.rawValue), default: "linear"))!
        let wiring = try options.choice("wiring", HUB75PinMap.all.map(\.name), default: HUB75PinMap.regular.name)
        let lsb = try options.integer("pwm-lsb-ns", in: 10...10_000, default: 130)
        let brightness = try options.integer("brightness", in: 1...100, default: 100)
        let addressing = HUB75RowAddressing(
            rawValue: try options.choice("row-address", HUB75RowAddressing.allCases.map(\.rawValue), default: "direct"))!
        let chip = HUB75DriverChip(rawValue: try options.choice("driver", HUB75DriverChip.allCases.map(\.rawValue), default: "plain"))!
        try self.init(
            geometry: try HUB75Geometry(rows: rows, columns: columns, chain: chain, parallel: parallel),
            pinMap: HUB75PinMap.named(wiring)!,
            pwmBits: bits,
            transfer: transfer,
            lsbNanoseconds: lsb,
            brightnessPercent: brightness,
            rowAddressing: addressing,
            driverChip: chip
        )
    }

    /// The largest PWM level, `2^pwmBits − 1`: a channel at this level is lit for every plane.
    public var maxLevel: Int { (1 << pwmBits) - 1 }

    /// OE-low time of one full refresh in nanoseconds: every row address shows every plane,
    /// `scan × lsb × (2^bits − 1)`. Shifting and latching come on top.
    public var onTimePerRefreshNanoseconds: Int { geometry.scan * lsbNanoseconds * maxLevel }

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
