/// The physical board: identical tiles in a grid, chained one after another into one long
/// chain of LEDs. It answers "which LED of the chain sits where on the board".
///
/// Tiles are chained row by row from the top-left tile, left → right (with
/// `tileSerpentine`, every other tile row right → left, the way a snaking chain of tiles is
/// usually cabled). Each tile may be mounted turned (`tileRotations`, listed in chain order
/// and repeated when shorter than the chain, so `[.upright, .clockwise180]` alternates).
/// The board's coordinates are seen from the front, y down; a device model's picture uses
/// them.
public struct ChainLayout: Hashable, Sendable {
    /// One tile's wiring, as manufactured.
    public let tile: TileWiring
    /// Tiles per row of the grid.
    public let tileColumns: Int
    /// Rows of tiles.
    public let tileRows: Int
    /// Rotation of each tile in chain order, repeated to cover the chain.
    public let tileRotations: [Rotation]
    /// Every other row of tiles is chained right → left.
    public let tileSerpentine: Bool
    /// Board width in LEDs.
    public let width: Int
    /// Board height in LEDs.
    public let height: Int
    /// For each LED of the chain, its board position as `y·width + x`.
    private let boardIndexOfLED: [Int32]
    /// For each board position `y·width + x`, the LED there.
    private let ledAtBoardIndex: [Int32]

    /// A board of `tileColumns × tileRows` tiles wired as `tile`.
    public init(tile: TileWiring, tileColumns: Int = 1, tileRows: Int = 1, tileRotations: [Rotation] = [.upright],
                tileSerpentine: Bool = false) throws(PixelMapperError) {
        guard tileColumns > 0, tileRows > 0 else { throw .noTiles(columns: tileColumns, rows: tileRows) }
        guard let first = tileRotations.first else { throw .noTileRotations }
        let footprint = first.rotatedSize(width: tile.width, height: tile.height)
        for rotation in tileRotations where rotation.rotatedSize(width: tile.width, height: tile.height) != footprint {
            throw .mixedTileFootprints(tileWidth: tile.width, tileHeight: tile.height)
        }
        self.tile = tile
        self.tileColumns = tileColumns
        self.tileRows = tileRows
        self.tileRotations = tileRotations
        self.tileSerpentine = tileSerpentine
        width = footprint.width * tileColumns
        height = footprint.height * tileRows
        let perTile = tile.count
        var boardIndex = [Int32](repeating: 0, count: perTile * tileColumns * tileRows)
        var ledAt = [Int32](repeating: -1, count: boardIndex.count)
        for t in 0..<(tileColumns * tileRows) {
            let row = t / tileColumns
            var column = t % tileColumns
            if tileSerpentine && row % 2 == 1 { column = tileColumns - 1 - column }
            let rotation = tileRotations[t % tileRotations.count]
            for j in 0..<perTile {
                let local = tile.position(of: j)
                let turned = rotation.rotate(x: local.x, y: local.y, width: tile.width, height: tile.height)
                let x = column * footprint.width + turned.x
                let y = row * footprint.height + turned.y
                let led = t * perTile + j
                boardIndex[led] = Int32(y * width + x)
                ledAt[y * width + x] = Int32(led)
            }
        }
        boardIndexOfLED = boardIndex
        ledAtBoardIndex = ledAt
    }

    /// A straight strip of `length` LEDs: a board `length` wide and 1 high.
    public static func strip(length: Int) -> ChainLayout {
        grid(width: length, height: 1)
    }

    /// One `width × height` tile wired by rows (or `columns`), straight or `serpentine`.
    public static func grid(width: Int, height: Int, serpentine: Bool = false, columns: Bool = false) -> ChainLayout {
        // A single tile at no rotation cannot fail.
        try! ChainLayout(tile: TileWiring(width: width, height: height, columns: columns, serpentine: serpentine))
    }

    /// LEDs in the chain.
    public var count: Int { boardIndexOfLED.count }

    /// Where LED `index` of the chain sits on the board.
    public func position(ofLED index: Int) -> (x: Int, y: Int) {
        let b = Int(boardIndexOfLED[index])
        return (b % width, b / width)
    }

    /// The LED of the chain at board position (`x`, `y`).
    public func ledIndex(x: Int, y: Int) -> Int {
        precondition(x >= 0 && y >= 0 && x < width && y < height, "(\(x), \(y)) is outside the \(width)×\(height) board")
        return Int(ledAtBoardIndex[y * width + x])
    }
}
