/// Which of the IS31FL3731's 144 LEDs sits where on a board: a table of data.
///
/// The chip numbers its LEDs 0…143: PWM register 0x24 + n and on/off bit n % 8 of byte
/// n / 8. Rows of 8 alternate between its two matrices (0–7 matrix A CA1, 8–15 matrix B
/// CB1, 16–23 matrix A CA2, …), so a board wired row by row across both matrices has 16 LEDs
/// per row.
public struct IS31FL3731Board: Hashable, Sendable {
    /// The name used by `board=`.
    public let name: String
    /// Width in LEDs.
    public let width: Int
    /// Height in LEDs.
    public let height: Int
    /// The chip LED number (0…143) of each board LED, row-major, top-left first.
    public let ledNumbers: [Int]
    /// Which boards are wired this way, for the docs and `pixelwheel list`.
    public let boards: String

    /// A board from its table.
    public init(name: String, width: Int, height: Int, ledNumbers: [Int], boards: String = "") {
        precondition(ledNumbers.count == width * height, "one LED number per board LED")
        precondition(ledNumbers.allSatisfy { (0..<IS31FL3731Register.ledCount).contains($0) }
                     && Set(ledNumbers).count == ledNumbers.count, "IS31FL3731 LED numbers are 0...143, each used once")
        self.name = name
        self.width = width
        self.height = height
        self.ledNumbers = ledNumbers
        self.boards = boards
    }

    /// The boards `board=` accepts, one row each; adding a board is adding a row.
    public static let all: [IS31FL3731Board] = [
        // Row y, column x is LED 16·y + x: each row is matrix A's row y + 1 (left half) then
        // matrix B's (right half); all 144 LEDs are used (Adafruit's drivers: `x + y * 16`).
        IS31FL3731Board(name: "charlieplex16x9", width: 16, height: 9,
                        ledNumbers: (0..<9).flatMap { y in (0..<16).map { x in 16 * y + x } },
                        boards: "Adafruit 16x9 CharliePlex LED matrix (product 2946 and its colours)"),
        // The left 8 columns are chip rows 0–7 counted from the left, with the LED row reversed
        // (LED 16·x + 7 − y); the right 7 columns are chip rows 7…1 counted from the right
        // (LED 16·(15 − x) + 8 + y). 105 of the 144 LEDs are used.
        IS31FL3731Board(name: "charliewing15x7", width: 15, height: 7,
                        ledNumbers: (0..<7).flatMap { y in (0..<15).map { x in x < 8 ? 16 * x + 7 - y : 16 * (15 - x) + 8 + y } },
                        boards: "Adafruit 15x7 CharliePlex FeatherWing (product 2965)"),
    ]

    /// Adafruit's 16×9 CharliePlex LED matrix: the `charlieplex16x9` row.
    public static var charlieplex16x9: IS31FL3731Board { named("charlieplex16x9")! }
    /// Adafruit's 15×7 CharliePlex FeatherWing: the `charliewing15x7` row.
    public static var charliewing15x7: IS31FL3731Board { named("charliewing15x7")! }

    /// The board `board=` calls `name`, if any.
    public static func named(_ name: String) -> IS31FL3731Board? { all.first { $0.name == name } }

    /// The 18 on/off bytes (frame registers 0x00–0x11) that enable exactly this board's LEDs.
    public var enableBits: [UInt8] {
        var bits = [UInt8](repeating: 0, count: 18)
        for n in ledNumbers { bits[n / 8] |= 1 << UInt8(n % 8) }
        return bits
    }
}
