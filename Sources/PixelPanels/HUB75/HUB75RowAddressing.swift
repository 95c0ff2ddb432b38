/// How a HUB75 panel selects the row pair it lights: the `--panel hub75:row-address=` key, one
/// case per row-address type of rpi-rgb-led-matrix (its `--led-row-addr-type` number in
/// `hzellerNumber`).
///
/// | value | hzeller | lines | how a row address is selected |
/// |---|---|---|---|
/// | `direct` | 0 | A… (as the scan needs) | the row number in binary, A = bit 0 |
/// | `ab-shift` | 1 | A B | a shift register: A clock, B data, the row's bit low |
/// | `row-select` | 2 | A B C D | one line per row: the row's line low, the others high (1/4 scan) |
/// | `abc-shift` | 3 | A C | a shift register: A clock, C data, the row's bit high |
/// | `sm5266` | 4 | A B C (+ D, E) | SM5266 shifters: C enable, B data, A clock, 8 bits; D E pick the group of 8 |
/// | `b707` | 5 | A B C | one shift per row step: B enable, C data (high for row 0), A clock |
///
/// `HUB75RowAddressWrites` turns a row address into the exact pin writes for each type.
public enum HUB75RowAddressing: String, Hashable, Sendable, CaseIterable {
    /// A–E carry the row number in binary.
    case direct
    /// A shift register clocked by A with active-low data on B.
    case abShift = "ab-shift"
    /// Direct row select: one of A–D low (32×16 outdoor panels at 1/4 scan; at most 4 rows).
    case rowSelect = "row-select"
    /// A shift register clocked by A with active-high data on C.
    case abcShift = "abc-shift"
    /// SM5266 shifters (A clock, B data, C enable) with D and E selecting the group of 8 rows.
    case sm5266
    /// The B707 shift register: B enable, C data, A clock, one shift per row step.
    case b707

    /// The number rpi-rgb-led-matrix's `--led-row-addr-type` gives this type.
    public var hzellerNumber: Int {
        switch self {
        case .direct: return 0
        case .abShift: return 1
        case .rowSelect: return 2
        case .abcShift: return 3
        case .sm5266: return 4
        case .b707: return 5
        }
    }

    /// The type whose `--led-row-addr-type` number is `number`, if any.
    public static func hzeller(_ number: Int) -> HUB75RowAddressing? {
        allCases.first { $0.hzellerNumber == number }
    }

    /// The address lines the type drives for a panel of `scan` row addresses, as indices into
    /// the pin map's `address` list (0 = A … 4 = E), ascending.
    public func lineIndices(scan: Int) -> [Int] {
        switch self {
        case .direct:
            return Array(0..<(Int.bitWidth - (scan - 1).leadingZeroBitCount))
        case .abShift:
            return [0, 1]
        case .rowSelect:
            return [0, 1, 2, 3]
        case .abcShift:
            return [0, 2]
        case .sm5266:
            let d: [Int] = scan > 8 ? [3] : []
            let e: [Int] = scan > 16 ? [4] : []
            return [0, 1, 2] + d + e
        case .b707:
            return [0, 1, 2]
        }
    }

    /// Whether the row lines hold a level (the address may be written again with no effect),
    /// as opposed to a shift register that moves on with every write of the sequence.
    public var isLevel: Bool { self == .direct || self == .rowSelect }

    /// Nil when the type can address `scan` row addresses, otherwise what to change.
    func problem(scan: Int) -> String? {
        if self == .rowSelect && scan > 4 {
            return "row-address=row-select selects one of 4 rows (lines A–D), but the panel has \(scan) row addresses; "
                + "use rows=8 (scan=4) or another row-address"
        }
        return nil
    }
}
