extension PixelMapper {
    /// Reads the wiring options of a panel description:
    ///
    /// | key | meaning | default |
    /// |---|---|---|
    /// | `tile` | a ready-made tile by name (`TileBoard.all`), instead of the four keys below it | — |
    /// | `length` | a strip of N LEDs (instead of `width`/`height`) | — |
    /// | `width`, `height` | one tile as wired, in LEDs (the whole board when there is one tile) | height 1 |
    /// | `serpentine` | every other row (column) runs back | off |
    /// | `columns` | the chain runs down columns, not along rows | off |
    /// | `tiles` | `COLSxROWS` tiles in a grid, chained row by row | `1x1` |
    /// | `tile-rotate` | each tile's turn, `0|90|180|270`, several joined by `:` repeat along the chain | `0` |
    /// | `tile-serpentine` | every other row of tiles is chained right → left | off |
    /// | `rotate` | the mounting: the picture's clockwise turn on the board, `0|90|180|270` | `0` |
    /// | `mirror` | the mounting: flip the turned picture, `x`, `y` or `xy` | none |
    /// | `logical` | `WxH` picture smaller than the board | the board |
    /// | `x-offset`, `y-offset` | board position of the picture's top-left, in LEDs | 0 |
    ///
    /// LED 0 is at the top-left of a tile and its first row runs left → right; see
    /// `TileWiring` for other wirings. `rotate` and `mirror` are the mounting stage every panel
    /// type shares (`PanelOptions.mounting()`); `logical` and the offsets place the mounted picture.
    public init(options: inout PanelOptions) throws(PanelConfigurationError) {
        let type = options.type
        let boardName = try options.choice("tile", ["-"] + TileBoard.all.map(\.name), default: "-")
        let length = try options.integer("length", in: 1...65536, default: 0, shownDefault: "-")
        let givenWidth = options.has("width"), givenHeight = options.has("height")
        var tileWidth = try options.integer("width", in: 1...4096, default: 0, shownDefault: "-")
        var tileHeight = try options.integer("height", in: 1...4096, default: 1)
        var serpentine = try options.flag("serpentine")
        var columns = try options.flag("columns")
        if let board = TileBoard.named(boardName) {
            guard length == 0 && !givenWidth && !givenHeight && !options.has("serpentine") && !options.has("columns") else {
                throw .inconsistent(type: type, reason: "tile=\(board.name) is a \(board.wiring.width)x\(board.wiring.height) tile with its own wiring; "
                    + "leave out length, width, height, columns and serpentine, or leave out tile")
            }
            tileWidth = board.wiring.width; tileHeight = board.wiring.height
            columns = board.wiring.columns; serpentine = board.wiring.serpentine
        }
        if length > 0 {
            guard !givenWidth && !givenHeight else {
                throw .inconsistent(type: type, reason: "give either length=N for a strip or width=…,height=… for a grid, not both")
            }
            tileWidth = length; tileHeight = 1
        }
        guard tileWidth > 0 else {
            throw .inconsistent(type: type, reason: "the size is missing; give length=N for a strip, width=W,height=H for a grid, or tile=NAME")
        }
        let tiles = try Self.size(options.text("tiles", allowed: "COLSxROWS", default: "1x1"), key: "tiles", type: type, allowed: "COLSxROWS such as 2x1") ?? (1, 1)
        var tileRotations: [Rotation] = []
        let rotationText = options.text("tile-rotate", allowed: "0|90|180|270, several joined by :", default: "0") ?? "0"
        for part in rotationText.split(separator: ":", omittingEmptySubsequences: false) {
            guard let degrees = Int(part), let rotation = Rotation(rawValue: degrees) else {
                throw .badValue(type: type, key: "tile-rotate", value: rotationText, allowed: "0|90|180|270, several joined by ':'")
            }
            tileRotations.append(rotation)
        }
        let tileSerpentine = try options.flag("tile-serpentine")
        let mounting = try options.mounting()
        let logical = try Self.size(options.text("logical", allowed: "WxH", default: "the board"), key: "logical", type: type, allowed: "WxH such as 14x14")
        let xOffset = try options.integer("x-offset", in: 0...65535, default: 0)
        let yOffset = try options.integer("y-offset", in: 0...65535, default: 0)
        let tileCount = tiles.0 * tiles.1
        guard tileCount * tileWidth * tileHeight <= 1 << 20 else {
            throw .inconsistent(type: type, reason: "\(tileCount * tileWidth * tileHeight) LEDs is more than one chain can drive (1048576); use fewer or smaller tiles")
        }
        do {
            let layout = try ChainLayout(tile: TileWiring(width: tileWidth, height: tileHeight, columns: columns, serpentine: serpentine),
                                         tileColumns: tiles.0, tileRows: tiles.1, tileRotations: tileRotations,
                                         tileSerpentine: tileSerpentine)
            try self.init(layout: layout, mounting: mounting, width: logical?.0, height: logical?.1,
                          xOffset: xOffset, yOffset: yOffset)
        } catch {
            throw .inconsistent(type: type, reason: error.description)
        }
    }

    /// Parses `AxB` (two whole numbers 1...4096), or nil when `text` is nil.
    private static func size(_ text: String?, key: String, type: String, allowed: String) throws(PanelConfigurationError) -> (Int, Int)? {
        guard let text else { return nil }
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), (1...4096).contains(a), (1...4096).contains(b) else {
            throw .badValue(type: type, key: key, value: text, allowed: allowed)
        }
        return (a, b)
    }
}
