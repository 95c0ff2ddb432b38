/// How the LEDs of one tile (a rigid matrix or a strip) are chained, as manufactured.
///
/// Convention, seen from the front with the data input at the top-left: LED 0 is the
/// top-left LED and the first row runs left → right (with `columns`, the first column runs
/// top → bottom). `serpentine` reverses every other row (column), the way flexible 8×8,
/// 16×16 and 8×32 grids are wired, so the chain snakes: on a 16×16 serpentine grid LED 15 is
/// the top-right LED, LED 16 the one below it and LED 31 the left end of the second row.
/// This is board wiring; the panel's `rotate` and `mirror` are the mounting, after it. A
/// single tile whose LED 0 is at another corner is this wiring mounted turned or flipped, so
/// the mounting describes it (LED 0 bottom-left, rows left → right: `mirror=y`); on a grid of
/// tiles, `tile-rotate` turns each tile within the board.
public struct TileWiring: Hashable, Sendable {
    /// Width in LEDs.
    public let width: Int
    /// Height in LEDs.
    public let height: Int
    /// The chain runs down columns instead of along rows.
    public let columns: Bool
    /// Every other row (column) runs the other way.
    public let serpentine: Bool

    /// A `width × height` tile wired by rows (or `columns`), straight or `serpentine`.
    public init(width: Int, height: Int, columns: Bool = false, serpentine: Bool = false) {
        precondition(width > 0 && height > 0, "a tile needs at least one LED")
        self.width = width; self.height = height; self.columns = columns; self.serpentine = serpentine
    }

    /// LEDs on the tile.
    public var count: Int { width * height }

    /// The position in the chain (0 = first LED) of the LED at (`x`, `y`) on the tile.
    public func index(x: Int, y: Int) -> Int {
        if columns {
            let down = serpentine && x % 2 == 1 ? height - 1 - y : y
            return x * height + down
        }
        let across = serpentine && y % 2 == 1 ? width - 1 - x : x
        return y * width + across
    }

    /// The position on the tile of LED `index` of its chain.
    public func position(of index: Int) -> (x: Int, y: Int) {
        if columns {
            let x = index / height, along = index % height
            return (x, serpentine && x % 2 == 1 ? height - 1 - along : along)
        }
        let y = index / width, along = index % width
        return (serpentine && y % 2 == 1 ? width - 1 - along : along, y)
    }
}

/// A tile sold ready-made, by the name `tile=` takes: its size and how its chain runs, so a
/// description need not spell out `width`, `height`, `columns` and `serpentine`.
public struct TileBoard: Hashable, Sendable {
    /// The name `tile=` takes.
    public let name: String
    /// Its wiring.
    public let wiring: TileWiring
    /// Which boards are wired this way, for the docs and `pixelwheel list`.
    public let boards: String

    /// The tiles `tile=` knows, one row each; adding a board is adding a row. Flexible grids
    /// are made by several factories; these are the wirings they are usually sold with (the
    /// Adafruit_NeoMatrix layouts their example sketches name). A grid that shows a scrambled
    /// picture with one of them is wired otherwise: give `width`, `height`, `columns` and
    /// `serpentine` yourself.
    public static let all: [TileBoard] = [
        TileBoard(name: "neomatrix-8x8", wiring: TileWiring(width: 8, height: 8),
                  boards: "Adafruit NeoPixel NeoMatrix 8x8 (rigid; rows, each left to right)"),
        TileBoard(name: "featherwing-8x4", wiring: TileWiring(width: 8, height: 4),
                  boards: "Adafruit NeoPixel FeatherWing (rows of 8, each left to right)"),
        TileBoard(name: "flex-8x8", wiring: TileWiring(width: 8, height: 8, serpentine: true),
                  boards: "flexible 8x8 WS2812B grids (rows, snaking)"),
        TileBoard(name: "flex-16x16", wiring: TileWiring(width: 16, height: 16, serpentine: true),
                  boards: "flexible 16x16 WS2812B grids (rows, snaking)"),
        TileBoard(name: "flex-8x32", wiring: TileWiring(width: 32, height: 8, columns: true, serpentine: true),
                  boards: "flexible 8x32 WS2812B grids, 32 wide and 8 high (columns of 8, snaking)"),
    ]

    /// The board called `name`, or nil.
    public static func named(_ name: String) -> TileBoard? { all.first { $0.name == name } }
}
