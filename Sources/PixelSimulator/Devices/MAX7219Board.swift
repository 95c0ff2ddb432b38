import PixelPanels

/// How one 8×8 module wires its LEDs to the MAX7219's lines, seen from the front as the
/// module is usually mounted: the line along each LED row (top to bottom) and along each LED
/// column (left to right). An LED sits where its digit line and its segment line cross.
///
/// The tables come from the module diagrams in the MD_MAX72xx library's hardware notes
/// (`MD_MAX72xx_lib.h`), which also say that every one of these module types is chained
/// right to left.
public struct MAX7219ModuleWiring: Hashable, Sendable {
    /// The module's name.
    public let name: String
    /// The line along each LED row, top row first.
    public let rows: [MAX7219Line]
    /// The line along each LED column, leftmost first.
    public let columns: [MAX7219Line]

    /// A wiring from line names, e.g. rows `"D0 D1 D2 D3 D4 D5 D6 D7"`, columns
    /// `"DP A B C D E F G"`. One of the two must be all digits and the other all segments.
    public init(name: String, rows: String, columns: String) {
        self.name = name
        self.rows = MAX7219Line.parse(rows)
        self.columns = MAX7219Line.parse(columns)
    }

    /// FC-16 modules (most four-in-one boards), DIN on the right: digits are rows, D0 at the
    /// top; DP is the leftmost column.
    public static let fc16 = MAX7219ModuleWiring(name: "FC-16", rows: "D0 D1 D2 D3 D4 D5 D6 D7",
                                                 columns: "DP A B C D E F G")
    /// Generic single modules (IC above the matrix, connectors at the short ends): digits are
    /// columns, D7 leftmost; DP is the top row.
    public static let generic = MAX7219ModuleWiring(name: "generic", rows: "DP A B C D E F G",
                                                    columns: "D7 D6 D5 D4 D3 D2 D1 D0")
    /// Parola modules: digits are rows, D0 at the top; G is the leftmost column.
    public static let parola = MAX7219ModuleWiring(name: "Parola", rows: "D0 D1 D2 D3 D4 D5 D6 D7",
                                                   columns: "G F E D C B A DP")
    /// ICStation kit modules, DIN on the right: digits are rows, D7 at the top; G leftmost.
    public static let icStation = MAX7219ModuleWiring(name: "ICStation", rows: "D7 D6 D5 D4 D3 D2 D1 D0",
                                                      columns: "G F E D C B A DP")

    /// A wiring from its lines: `rows` along each LED row (top first), `columns` along each
    /// LED column (leftmost first). One of the two must be all digits and the other all segments.
    public init(name: String, rows: [MAX7219Line], columns: [MAX7219Line]) {
        precondition(rows.count == 8 && columns.count == 8, "eight MAX7219 lines each way")
        self.name = name
        self.rows = rows
        self.columns = columns
    }

    /// The wirings `all` names: FC-16, generic, Parola and ICStation.
    public static let named: [MAX7219ModuleWiring] = [.fc16, .generic, .parola, .icStation]

    /// The wiring a driver configured with `configuration` writes for: its module's row of the
    /// driver's table. Named after the module it matches when it matches one of `named`, else
    /// after the table's row (`module=` name).
    public init(_ configuration: MAX7219Configuration) {
        let module = configuration.module
        let match = Self.named.first { $0.rows == module.rows && $0.columns == module.columns }
        self.init(name: match?.name ?? module.name, rows: module.rows, columns: module.columns)
    }

    /// Column and row, within the block, of the LED on digit `digit` and data bit `bit`.
    public func position(digit: Int, bit: Int) -> (x: Int, y: Int) {
        if let y = rows.firstIndex(of: .digit(digit)), let x = columns.firstIndex(of: .segment(bit: bit)) {
            return (x, y)
        }
        if let x = columns.firstIndex(of: .digit(digit)), let y = rows.firstIndex(of: .segment(bit: bit)) {
            return (x, y)
        }
        preconditionFailure("\(name) wiring does not cross digit \(digit) with bit \(bit)")
    }
}

/// A physical row of MAX7219 modules: which module wiring, how many chips, which way the
/// chain runs and whether the whole row is mounted upside down. This is what a person looks
/// at; the model's picture is laid out this way.
public struct MAX7219Board: Hashable, Sendable {
    /// How each block is wired.
    public let wiring: MAX7219ModuleWiring
    /// Chips (8×8 blocks) in the row.
    public let chips: Int
    /// False: the chip on DIN (chip 0) is the rightmost block, as on FC-16, generic, Parola
    /// and ICStation rows. True: it is the leftmost.
    public let chainRunsLeftToRight: Bool
    /// The whole row turned half a turn (an FC-16 row with DIN on the left).
    public let upsideDown: Bool

    /// A row of `chips` blocks wired as `wiring`.
    public init(wiring: MAX7219ModuleWiring, chips: Int, chainRunsLeftToRight: Bool = false, upsideDown: Bool = false) {
        precondition(chips >= 1, "a MAX7219 board has at least one chip")
        self.wiring = wiring
        self.chips = chips
        self.chainRunsLeftToRight = chainRunsLeftToRight
        self.upsideDown = upsideDown
    }

    /// FC-16 blocks in a row, DIN on the right (or on the left when `upsideDown`).
    public static func fc16(chips: Int, upsideDown: Bool = false) -> MAX7219Board {
        MAX7219Board(wiring: .fc16, chips: chips, upsideDown: upsideDown)
    }

    /// The row a driver configured with `configuration` writes for: blocks wired as
    /// `MAX7219ModuleWiring(configuration)`, the chip on DIN at the right (or, with `reverse`,
    /// at the left). Every module and either chain direction is a board.
    public init(_ configuration: MAX7219Configuration) {
        self.init(wiring: MAX7219ModuleWiring(configuration), chips: configuration.chips,
                  chainRunsLeftToRight: configuration.reversed)
    }

    /// Generic single modules in a row, chained right to left.
    public static func generic(chips: Int) -> MAX7219Board {
        MAX7219Board(wiring: .generic, chips: chips)
    }

    /// Width in LEDs.
    public var width: Int { chips * 8 }
    /// Height in LEDs.
    public var height: Int { 8 }

    /// Where, on the whole row as seen from the front, the LED on digit `digit` and data bit
    /// `bit` of chip `chip` (0 = the chip on DIN) sits.
    public func position(chip: Int, digit: Int, bit: Int) -> (x: Int, y: Int) {
        let block = chainRunsLeftToRight ? chip : chips - 1 - chip
        let p = wiring.position(digit: digit, bit: bit)
        let x = block * 8 + p.x, y = p.y
        return upsideDown ? (width - 1 - x, height - 1 - y) : (x, y)
    }
}
