/// How one 8×8 block of a MAX7219 module is wired to its chip, as a row of a table: the line
/// along each LED row (top to bottom) and along each LED column (left to right), seen from the
/// front with the module the way it is built to be read. An LED sits where its digit line and
/// its segment line cross. `module=` names a row; adding a module is adding a row to `all` (and
/// to `hardware/max7219-modules.tsv`, which a test keeps in step).
///
/// The eight rows are every way a block can be wired: digits along rows or along columns, and
/// each of the two directions either way round. The first four are the module kinds of the
/// MD_MAX72xx library's hardware notes (`MD_MAX72xx_lib.h`: `FC16_HW`, `GENERIC_HW`,
/// `ICSTATION_HW`, `PAROLA_HW`); `luma` is the block luma.led_matrix draws for by default
/// (`block_orientation=0`); the last three are the first three mirrored left to right.
///
/// This is board wiring, not mounting: the driver writes so that the picture reads upright on
/// the module as built, and `rotate`/`mirror` then turn the whole row (see `Mounting`). Which
/// end of the row DIN is on is the configuration's `reversed`.
public struct MAX7219Module: Hashable, Sendable, CustomStringConvertible {
    /// The name `module=` takes, e.g. "fc16".
    public let name: String
    /// The line along each LED row, top row first.
    public let rows: [MAX7219Line]
    /// The line along each LED column, leftmost first.
    public let columns: [MAX7219Line]
    /// Which boards are wired this way, for `pixelwheel list` and the docs.
    public let boards: String
    /// For each digit register `d` and data bit `b`, at `8·d + b`: the LED's place in the
    /// block, `8·y + x`.
    private let places: [UInt8]

    /// A row from line names, e.g. rows `"D0 D1 D2 D3 D4 D5 D6 D7"`, columns
    /// `"DP A B C D E F G"`: one of the two all digits, the other all segments.
    public init(_ name: String, rows: String, columns: String, boards: String) {
        let rowLines = MAX7219Line.parse(rows), columnLines = MAX7219Line.parse(columns)
        var places = [UInt8](repeating: 0xFF, count: 64)
        for (y, row) in rowLines.enumerated() {
            for (x, column) in columnLines.enumerated() {
                switch (row, column) {
                case let (.digit(d), .segment(b)), let (.segment(b), .digit(d)):
                    places[8 * d + b] = UInt8(8 * y + x)
                default:
                    preconditionFailure("\(name): a row and a column of one LED carry a digit and a segment between them")
                }
            }
        }
        precondition(!places.contains(0xFF), "\(name): every digit crosses every segment once")
        self.name = name
        self.rows = rowLines
        self.columns = columnLines
        self.boards = boards
        self.places = places
    }

    /// The table `module=` chooses from.
    public static let all: [MAX7219Module] = [
        MAX7219Module("fc16", rows: "D0 D1 D2 D3 D4 D5 D6 D7", columns: "DP A B C D E F G",
                      boards: "FC-16 four-in-one boards (most rows sold)"),
        MAX7219Module("generic", rows: "DP A B C D E F G", columns: "D7 D6 D5 D4 D3 D2 D1 D0",
                      boards: "generic single modules, IC above the matrix"),
        MAX7219Module("icstation", rows: "D7 D6 D5 D4 D3 D2 D1 D0", columns: "G F E D C B A DP",
                      boards: "ICStation kits"),
        MAX7219Module("parola", rows: "D0 D1 D2 D3 D4 D5 D6 D7", columns: "G F E D C B A DP",
                      boards: "Parola modules"),
        MAX7219Module("luma", rows: "G F E D C B A DP", columns: "D0 D1 D2 D3 D4 D5 D6 D7",
                      boards: "the block luma.led_matrix assumes by default (block_orientation=0)"),
        MAX7219Module("generic-mirrored", rows: "DP A B C D E F G", columns: "D0 D1 D2 D3 D4 D5 D6 D7",
                      boards: "generic wiring mirrored left to right"),
        MAX7219Module("icstation-mirrored", rows: "D7 D6 D5 D4 D3 D2 D1 D0", columns: "DP A B C D E F G",
                      boards: "ICStation wiring mirrored left to right"),
        MAX7219Module("luma-mirrored", rows: "G F E D C B A DP", columns: "D7 D6 D5 D4 D3 D2 D1 D0",
                      boards: "luma wiring mirrored left to right"),
    ]

    /// FC-16 four-in-one boards, the default.
    public static var fc16: MAX7219Module { all[0] }

    /// The row called `name`, if any.
    public static func named(_ name: String) -> MAX7219Module? { all.first { $0.name == name } }

    /// Column and row, within the block, of the LED on digit register `digit` (0…7) and data
    /// bit `bit` (0…7).
    public func position(digit: Int, bit: Int) -> (x: Int, y: Int) {
        let place = Int(places[8 * digit + bit])
        return (place % 8, place / 8)
    }

    /// The name `module=` takes.
    public var description: String { name }
}
