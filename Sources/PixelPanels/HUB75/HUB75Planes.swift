import PixelBus

/// One frame's worth of HUB75 pin words: for each row address and bit plane, one word per
/// column of the chain, ready to be clocked out.
///
/// Word layout: bit n is GPIO n (as in `GPIOLines`), and only colour lines (R1 … B2 of each
/// parallel chain) are ever set. Runs are stored row address major, then plane, then column:
/// the word for row address `a`, plane `b`, column `x` is at `(a × pwmBits + b) × chainLength + x`,
/// so one row-plane is a contiguous run in the order the refresher sends it.
///
/// The storage is allocated once, zeroed (all LEDs dark), and never reallocated. The type is
/// `Sendable` so a `HUB75Framebuffer` can hand one buffer to the encoding thread and the other
/// to the refresh thread; it does no locking itself: whoever shares one must make sure nobody
/// reads it while it is being encoded (the framebuffer does).
public final class HUB75Planes: @unchecked Sendable {
    /// Row addresses (the panel's scan).
    public let scan: Int
    /// Bit planes per row address.
    public let pwmBits: Int
    /// Words per row-plane: columns × chain.
    public let chainLength: Int
    /// Total words: scan × pwmBits × chainLength.
    public let count: Int
    /// The words; `count` of them.
    let words: UnsafeMutablePointer<UInt32>

    /// Zeroed planes for `geometry` at `pwmBits` (1…11) planes per row.
    public init(geometry: HUB75Geometry, pwmBits: Int) {
        precondition((1...11).contains(pwmBits), "pwmBits must be 1...11")
        scan = geometry.scan
        self.pwmBits = pwmBits
        chainLength = geometry.chainLength
        count = scan * pwmBits * chainLength
        words = .allocate(capacity: count)
        words.initialize(repeating: 0, count: count)
    }

    deinit { words.deallocate() }

    /// Index of the first word of row address `row`, plane `plane`.
    @inline(__always) func runStart(row: Int, plane: Int) -> Int {
        (row * pwmBits + plane) * chainLength
    }

    /// The pin word for row address `row` (0..<scan), bit plane `plane` (0..<pwmBits) and chain
    /// column `column` (0..<chainLength).
    public func word(row: Int, plane: Int, column: Int) -> UInt32 {
        precondition((0..<scan).contains(row) && (0..<pwmBits).contains(plane) && (0..<chainLength).contains(column),
                      "HUB75Planes index out of range")
        return words[runStart(row: row, plane: plane) + column]
    }

    /// All words in storage order (a copy: for tests and tools, not for the refresh path).
    public var allWords: [UInt32] { Array(UnsafeBufferPointer(start: words, count: count)) }
}
