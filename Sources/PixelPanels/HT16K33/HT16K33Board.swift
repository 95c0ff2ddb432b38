/// Where each LED of an HT16K33 backpack sits on the chip's lines: a table of data, one
/// entry per LED column and per LED row.
///
/// The chip's display RAM holds, for each COM line *c*, two bytes: byte 2c bit *b* drives
/// ROW *b* and byte 2c + 1 bit *b* drives ROW 8 + *b* (datasheet, "Display Memory – RAM
/// Structure"). The LED at column x, row y of the board sits on ROW `rowLines[x]` and
/// COM `comLines[y]`.
public struct HT16K33Board: Hashable, Sendable {
    /// The name used by `layout=`.
    public let name: String
    /// The ROW line of each LED column, leftmost first.
    public let rowLines: [Int]
    /// The COM line of each LED row, top row first.
    public let comLines: [Int]

    /// A board from its two tables.
    public init(name: String, rowLines: [Int], comLines: [Int]) {
        precondition(rowLines.allSatisfy { (0...15).contains($0) } && Set(rowLines).count == rowLines.count,
                     "HT16K33 ROW lines are 0...15, each used once")
        precondition(comLines.allSatisfy { (0...7).contains($0) } && Set(comLines).count == comLines.count,
                     "HT16K33 COM lines are 0...7, each used once")
        self.name = name
        self.rowLines = rowLines
        self.comLines = comLines
    }

    /// Adafruit's 8×8 matrix backpack (products 870–872, 1049–1052). Its columns are wired one
    /// ROW line round: the leftmost column is ROW 7, the next ROW 0, then ROW 1…6 (the
    /// Adafruit library's `x = (x + 7) % 8`). LED rows are COM 0…7 from the top.
    public static let adafruit8x8 = HT16K33Board(name: "8x8", rowLines: [7, 0, 1, 2, 3, 4, 5, 6],
                                                 comLines: [0, 1, 2, 3, 4, 5, 6, 7])

    /// Adafruit's 16×8 matrix backpack (products 2035–2044, 2052) held landscape, as the
    /// Adafruit library's rotation 1: column x is ROW x, row y is COM y.
    public static let adafruit16x8 = HT16K33Board(name: "16x8", rowLines: Array(0..<16),
                                                  comLines: [0, 1, 2, 3, 4, 5, 6, 7])

    /// The boards `layout=` accepts.
    public static let all: [HT16K33Board] = [.adafruit8x8, .adafruit16x8]

    /// Width in LEDs.
    public var width: Int { rowLines.count }
    /// Height in LEDs.
    public var height: Int { comLines.count }

    /// The display RAM byte (0…15) and bit (0…7) of the LED at column `x`, row `y`.
    @inlinable public func ramLocation(x: Int, y: Int) -> (byte: Int, bit: Int) {
        let row = rowLines[x]
        return (2 * comLines[y] + row / 8, row % 8)
    }
}
