/// An outdoor HUB75 panel's multiplexing: how the LEDs a person sees are wired to the shift
/// registers, the `--panel hub75:multiplexing=` key (hzeller's `--led-multiplexing`).
///
/// Such panels light several rows of each half from one row address. The driver treats one as a
/// wider, shorter panel, the *physical* one of `HUB75Geometry`: `widthFactor` times as wide and
/// `heightDivisor` times less tall (for most schemes twice as wide and half as tall), and `map`
/// says where in that physical panel the shift registers must carry each visible LED. The
/// schemes are rpi-rgb-led-matrix's (lib/multiplex-mappers.cc), in its order: `number` is its
/// `--led-multiplexing` value. The rows are in `HUB75Multiplexing.all` (HUB75MultiplexingTable.swift).
public struct HUB75Multiplexing: Hashable, Sendable, CustomStringConvertible {
    /// A panel size a scheme was made for, in visible LEDs.
    public struct Size: Hashable, Sendable {
        /// LED columns of one panel.
        public let columns: Int
        /// LED rows of one panel.
        public let rows: Int
    }

    /// The visible (x, y) of one panel of `columns × rows` LEDs → its (x, y) in the physical panel.
    public typealias Map = @Sendable (_ x: Int, _ y: Int, _ columns: Int, _ rows: Int) -> (x: Int, y: Int)

    /// hzeller's name for the scheme, as `multiplexing=` takes it.
    public let name: String
    /// hzeller's `--led-multiplexing` number (1-based; 0 is no multiplexing).
    public let number: Int
    /// Physical columns per visible column.
    public let widthFactor: Int
    /// Visible rows per physical row.
    public let heightDivisor: Int
    /// The panel sizes the scheme was made for; a panel of another size is refused.
    public let sizes: [Size]
    /// The coordinate transform within one panel.
    public let map: Map

    init(_ number: Int, _ name: String, width widthFactor: Int, height heightDivisor: Int, sizes: [(Int, Int)], map: @escaping Map) {
        self.number = number
        self.name = name
        self.widthFactor = widthFactor
        self.heightDivisor = heightDivisor
        self.sizes = sizes.map { Size(columns: $0.0, rows: $0.1) }
        self.map = map
    }

    /// The scheme called `text` (any letter case) or numbered `text`, if any.
    public static func named(_ text: String) -> HUB75Multiplexing? {
        if let number = Int(text) { return all.first { $0.number == number } }
        return all.first { $0.name.lowercased() == text.lowercased() }
    }

    /// Schemes are the same when their numbers are.
    public static func == (a: HUB75Multiplexing, b: HUB75Multiplexing) -> Bool { a.number == b.number }

    /// Hashes the number.
    public func hash(into hasher: inout Hasher) { hasher.combine(number) }

    /// The name.
    public var description: String { name }

    /// The sizes as `list` and errors show them: "32x16, 32x32".
    public var sizeList: String { sizes.map { "\($0.columns)x\($0.rows)" }.joined(separator: ", ") }
}
