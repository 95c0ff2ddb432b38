/// Where each LED of an HT16K33 board sits on the chip's lines: a table of data, one ROW
/// and one COM line per LED (and, on a bicolour board, a second ROW line for its red die).
///
/// The chip's display RAM holds, for each COM line *c*, two bytes: byte 2c bit *b* drives
/// ROW *b* and byte 2c + 1 bit *b* drives ROW 8 + *b* (datasheet, "Display Memory – RAM
/// Structure"). The LED at column x, row y of the board sits on ROW `row(x:y:)` and COM
/// `com(x:y:)`.
public struct HT16K33Board: Hashable, Sendable {
    /// The name used by `layout=`.
    public let name: String
    /// Width in LEDs.
    public let width: Int
    /// Height in LEDs.
    public let height: Int
    /// The ROW line of each LED, row by row from the top left.
    public let rows: [Int]
    /// The COM line of each LED, row by row from the top left.
    public let coms: [Int]
    /// Bicolour boards only: the ROW line of each LED's red die, on the LED's COM line; `rows`
    /// then drives its green die. `nil` on single-colour boards.
    public let redRows: [Int]?
    /// Which boards are wired this way, for the docs and `pixelwheel list`.
    public let boards: String

    /// A board of `width` × `height` LEDs; `lines(x, y)` gives the ROW and COM line of each,
    /// and `redRow(x, y)`, for a bicolour board, the ROW line of its red die (`lines` then
    /// gives the green die's).
    public init(name: String, width: Int, height: Int, boards: String = "", lines: (_ x: Int, _ y: Int) -> (row: Int, com: Int),
                redRow: ((_ x: Int, _ y: Int) -> Int)? = nil) {
        var rows = [Int](), coms = [Int](), reds = [Int]()
        for y in 0..<height {
            for x in 0..<width {
                let l = lines(x, y)
                rows.append(l.row); coms.append(l.com)
                if let redRow { reds.append(redRow(x, y)) }
            }
        }
        let allRows = rows + reds, allComs = coms + (redRow == nil ? [] : coms)
        precondition(allRows.allSatisfy { (0...15).contains($0) } && coms.allSatisfy { (0...7).contains($0) },
                     "HT16K33 ROW lines are 0...15 and COM lines 0...7")
        precondition(Set(zip(allRows, allComs).map { $0.0 * 8 + $0.1 }).count == allRows.count, "each die on its own ROW and COM pair")
        self.name = name
        self.width = width
        self.height = height
        self.rows = rows
        self.coms = coms
        self.redRows = redRow == nil ? nil : reds
        self.boards = boards
    }

    /// A board whose LED columns each run along one ROW line (`rowLines`, leftmost first) and
    /// whose LED rows each run along one COM line (`comLines`, top first).
    public init(name: String, rowLines: [Int], comLines: [Int], boards: String = "") {
        self.init(name: name, width: rowLines.count, height: comLines.count, boards: boards) { x, y in (rowLines[x], comLines[y]) }
    }

    /// The boards `layout=` accepts, one row each; adding a board is adding a row. Each is an
    /// Adafruit board as its CircuitPython `adafruit_ht16k33.matrix` class drives it.
    public static let all: [HT16K33Board] = [
        // Its columns are wired one ROW line round: the leftmost column is ROW 7, the next ROW 0,
        // then ROW 1…6 (the Adafruit library's `x = (x + 7) % 8`). LED rows are COM 0…7 from the top.
        HT16K33Board(name: "8x8", rowLines: [7, 0, 1, 2, 3, 4, 5, 6], comLines: [0, 1, 2, 3, 4, 5, 6, 7],
                     boards: "Adafruit 8x8 matrix backpack (products 870-872, 1049-1052; Matrix8x8)"),
        // Held landscape, as `MatrixBackpack16x8` (CircuitPython) and rotation 1 (Arduino):
        // column x is ROW x, row y is COM y.
        HT16K33Board(name: "16x8", rowLines: Array(0..<16), comLines: [0, 1, 2, 3, 4, 5, 6, 7],
                     boards: "Adafruit 16x8 matrix backpack, landscape (products 2035-2044, 2052; MatrixBackpack16x8)"),
        // Its two 8×8 matrices run along the COM lines, so column x is COM x mod 8 and row y is
        // ROW y of the left matrix (x < 8) or ROW 8 + y of the right one. Its LED (1, 0) is the
        // backpack's (0, 1).
        HT16K33Board(name: "featherwing-16x8", width: 16, height: 8,
                     boards: "Adafruit 16x8 LED matrix FeatherWing (Matrix16x8)") { x, y in (row: y + (x < 8 ? 0 : 8), com: x % 8) },
        // The LED at column x, row y is on COM x, its green die on ROW y and its red die on
        // ROW 8 + y; both lit is yellow.
        HT16K33Board(name: "bicolor-8x8", width: 8, height: 8, boards: "Adafruit bicolour 8x8 matrix backpack (Matrix8x8x2)",
                     lines: { x, y in (row: y, com: x) }, redRow: { _, y in 8 + y }),
    ]

    /// Adafruit's 8×8 matrix backpack: the `8x8` row.
    public static var adafruit8x8: HT16K33Board { named("8x8")! }
    /// Adafruit's 16×8 matrix backpack held landscape: the `16x8` row.
    public static var adafruit16x8: HT16K33Board { named("16x8")! }
    /// Adafruit's 16×8 LED matrix FeatherWing: the `featherwing-16x8` row.
    public static var adafruitFeatherWing16x8: HT16K33Board { named("featherwing-16x8")! }
    /// Adafruit's bicolour 8×8 matrix backpack: the `bicolor-8x8` row.
    public static var adafruitBicolor8x8: HT16K33Board { named("bicolor-8x8")! }

    /// The board `layout=` calls `name`, if any.
    public static func named(_ name: String) -> HT16K33Board? { all.first { $0.name == name } }

    /// True for a board with a red and a green die per LED.
    public var isBicolour: Bool { redRows != nil }

    /// The ROW line of the LED at column `x`, row `y`.
    @inlinable public func row(x: Int, y: Int) -> Int { rows[y * width + x] }
    /// The COM line of the LED at column `x`, row `y`.
    @inlinable public func com(x: Int, y: Int) -> Int { coms[y * width + x] }

    /// The display RAM byte (0…15) and bit (0…7) of the LED at column `x`, row `y` (its green
    /// die on a bicolour board).
    @inlinable public func ramLocation(x: Int, y: Int) -> (byte: Int, bit: Int) {
        let i = y * width + x
        let row = rows[i]
        return (2 * coms[i] + row / 8, row % 8)
    }

    /// Bicolour boards: the display RAM byte and bit of the red die of the LED at column `x`,
    /// row `y`; nil on single-colour boards.
    @inlinable public func redRAMLocation(x: Int, y: Int) -> (byte: Int, bit: Int)? {
        guard let redRows else { return nil }
        let i = y * width + x
        return (2 * coms[i] + redRows[i] / 8, redRows[i] % 8)
    }

    /// Every RAM place (`byte × 8 + bit`) that drives an LED (or die) of this board.
    public var wiredRAMBits: Set<Int> {
        Set(zip(rows + (redRows ?? []), coms + (redRows == nil ? [] : coms)).map { row, com in (2 * com + row / 8) * 8 + row % 8 })
    }
}
