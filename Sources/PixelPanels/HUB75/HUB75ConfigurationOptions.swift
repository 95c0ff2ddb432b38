extension HUB75Configuration {
    /// Reads the keys in `HUB75Configuration`'s table from `options` (a `hub75:` description).
    /// Keys it does not know are left for `options.finish()` to reject.
    ///
    /// `rows` and `cols` are one panel as a person sees it. Without `multiplexing` they are
    /// 8|16|32|64 and 32|64|128 and `scan` may stand for rows; with it they must be one of the
    /// scheme's sizes (its first when left out), and the panel is driven as the scheme's
    /// physical panel.
    public init(options: inout PanelOptions) throws(PanelConfigurationError) {
        let type = options.type
        let rowsText = options.text("rows", allowed: "8|16|32|64", default: "32")
        let scanText = options.text("scan", allowed: "4|8|16|32", default: "rows/2")
        let columnsText = options.text("cols", allowed: "32|64|128", default: "32")
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
        let schemes: String = "none|" + HUB75Multiplexing.all.map(\.name).joined(separator: "|") + " or 1...\(HUB75Multiplexing.all.count)"
        let schemeText = options.text("multiplexing", allowed: schemes, default: "none")
        var scheme: HUB75Multiplexing?
        if let schemeText, schemeText != "none", schemeText != "0" {
            guard let named = HUB75Multiplexing.named(schemeText) else {
                throw .badValue(type: type, key: "multiplexing", value: schemeText, allowed: schemes)
            }
            scheme = named
        }
        let size: HUB75Multiplexing.Size
        if let scheme {
            size = try Self.multiplexedSize(scheme, rows: rowsText, columns: columnsText, scan: scanText, type: type)
        } else {
            size = try Self.plainSize(rows: rowsText, columns: columnsText, scan: scanText, type: type)
        }
        let inverse = try options.flag("inverse")
        let slowdown = try options.integer("slowdown", in: 0...4, default: 0)
        let sequence = HUB75ColourSequence(
            rawValue: try options.choice("rgb-sequence", HUB75ColourSequence.allCases.map(\.rawValue), default: "rgb"))!
        let dither = try options.integer("pwm-dither-bits", in: 0...2, default: 0)
        let limit = try options.integer("limit-refresh", in: 0...1000, default: 0)
        let physicalRows: Int = size.rows / (scheme?.heightDivisor ?? 1)
        let physicalColumns: Int = size.columns * (scheme?.widthFactor ?? 1)
        try self.init(
            geometry: try HUB75Geometry(rows: physicalRows, columns: physicalColumns, chain: chain, parallel: parallel),
            pinMap: HUB75PinMap.named(wiring)!,
            pwmBits: bits,
            transfer: transfer,
            lsbNanoseconds: lsb,
            brightnessPercent: brightness,
            rowAddressing: addressing,
            driverChip: chip,
            multiplexing: scheme,
            ditherBits: dither,
            limitRefreshHertz: limit
        )
        self.inverse = inverse
        colourSequence = sequence
        self.slowdown = slowdown
    }

    /// One panel's size without multiplexing: rows 8|16|32|64 (or twice `scan`), cols 32|64|128.
    private static func plainSize(rows rowsText: String?, columns columnsText: String?, scan scanText: String?,
                                  type: String) throws(PanelConfigurationError) -> HUB75Multiplexing.Size {
        var rows = 32
        if let rowsText {
            guard let r = Int(rowsText), [8, 16, 32, 64].contains(r) else {
                throw .badValue(type: type, key: "rows", value: rowsText, allowed: "8|16|32|64")
            }
            rows = r
        }
        if let scanText {
            guard let s = Int(scanText), [4, 8, 16, 32].contains(s) else {
                throw .badValue(type: type, key: "scan", value: scanText, allowed: "4|8|16|32")
            }
            if rowsText == nil {
                rows = 2 * s
            } else if s != rows / 2 {
                throw .inconsistent(
                    type: type,
                    reason: "scan=\(s) with rows=\(rows) means several rows per address (an outdoor multiplexed panel); "
                        + "name its scheme with multiplexing= (pixelwheel list shows them), or use scan=\(rows / 2) or leave scan out")
            }
        }
        var columns = 32
        if let columnsText {
            guard let c = Int(columnsText), [32, 64, 128].contains(c) else {
                throw .badValue(type: type, key: "cols", value: columnsText, allowed: "32|64|128")
            }
            columns = c
        }
        return HUB75Multiplexing.Size(columns: columns, rows: rows)
    }

    /// One panel's size under `scheme`: one of its sizes (the first when rows and cols are left
    /// out); a `scan` given must be the physical panel's.
    private static func multiplexedSize(_ scheme: HUB75Multiplexing, rows rowsText: String?, columns columnsText: String?,
                                        scan scanText: String?, type: String) throws(PanelConfigurationError) -> HUB75Multiplexing.Size {
        let first = scheme.sizes[0]
        let rows = rowsText.flatMap { Int($0) } ?? (rowsText == nil ? first.rows : -1)
        let columns = columnsText.flatMap { Int($0) } ?? (columnsText == nil ? first.columns : -1)
        let size = HUB75Multiplexing.Size(columns: columns, rows: rows)
        guard scheme.sizes.contains(size) else {
            throw .inconsistent(type: type, reason: sizeAdvice(scheme, columns: columns, rows: rows))
        }
        let scan: Int = rows / scheme.heightDivisor / 2
        if let scanText, Int(scanText) != scan {
            throw .inconsistent(
                type: type,
                reason: "multiplexing=\(scheme.name) drives a \(columns)x\(rows) panel at \(scan) row addresses, "
                    + "not scan=\(scanText); leave scan out")
        }
        return size
    }
}
