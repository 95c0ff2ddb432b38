/// A selected row in a list of `count` rows, moved by wheel steps and held between the first
/// and the last row: no wrapping, as on the iPod, where spinning past the end of a list just
/// stays on the last item.
public struct SelectionClamp: Hashable, Sendable {
    /// Number of rows in the list (≥ 0).
    public let count: Int
    /// The selected row, 0 ..< `count` (0 for an empty list).
    public private(set) var index: Int

    /// A selection in a list of `count` rows, starting at row `index` (clamped into the list).
    public init(count: Int, index: Int = 0) {
        precondition(count >= 0, "a list cannot have a negative number of rows")
        self.count = count
        self.index = Self.clamped(index, count: count)
    }

    /// Moves the selection by `steps` rows (positive is down the list), stopping at the first
    /// and last rows; returns how many rows it actually moved (0 at an end, which is when the
    /// iPod stays silent instead of clicking).
    @discardableResult
    public mutating func move(by steps: Int) -> Int {
        let previous = index
        index = Self.moved(index, by: steps, count: count)
        return index - previous
    }

    /// Row `index` moved by `steps` rows and clamped to 0 ... `count` − 1 (0 when `count` is 0).
    /// Never overflows, however large `steps` is.
    public static func moved(_ index: Int, by steps: Int, count: Int) -> Int {
        let (sum, overflow) = index.addingReportingOverflow(steps)
        return clamped(overflow ? (steps > 0 ? Int.max : Int.min) : sum, count: count)
    }

    /// `index` held within 0 ... `count` − 1 (0 when `count` is 0).
    private static func clamped(_ index: Int, count: Int) -> Int {
        max(0, min(index, count - 1))
    }
}
