/// One driver line of a MAX7219: a digit (common) line or a segment line.
public enum MAX7219Line: Hashable, Sendable {
    /// Digit line `index` (0...7), driven by digit register 0xX1 + index.
    case digit(Int)
    /// The segment line fed by data bit `bit` (7 = DP, 6 = A, 5 = B, 4 = C, 3 = D, 2 = E,
    /// 1 = F, 0 = G).
    case segment(bit: Int)

    /// Parses a line name as the datasheet and the MD_MAX72xx notes write it: `D0`…`D7` for
    /// digits, `DP`, `A`…`G` for segments.
    public init?(name: String) {
        let segments = ["G", "F", "E", "D", "C", "B", "A", "DP"]
        if let bit = segments.firstIndex(of: name) {
            self = .segment(bit: bit)
        } else if name.count == 2, name.first == "D", let n = Int(name.dropFirst()), (0...7).contains(n) {
            self = .digit(n)
        } else {
            return nil
        }
    }

    /// Eight line names separated by spaces, e.g. `"D0 D1 D2 D3 D4 D5 D6 D7"`.
    public static func parse(_ text: String) -> [MAX7219Line] {
        let lines = text.split(separator: " ").map { MAX7219Line(name: String($0)) }
        precondition(lines.count == 8 && lines.allSatisfy { $0 != nil }, "eight MAX7219 line names: \(text)")
        return lines.map { $0! }
    }

    /// The name as the datasheet writes it: `D3`, `DP`, `A`.
    public var name: String {
        switch self {
        case let .digit(n): "D\(n)"
        case let .segment(bit): ["G", "F", "E", "D", "C", "B", "A", "DP"][bit]
        }
    }
}
