/// Which pixels of a pushed stream (DDP) arrived since the last push, as sorted, disjoint
/// ranges, so a push shows a frame only when all of it is new: a lost or late packet never
/// mixes an older frame's pixels into a newer one.
///
/// A packet over pixels already covered starts a new frame (the sender went on after a push
/// that was lost), and the coverage restarts from it. At most `maximumRanges` gaps are kept;
/// more (a hostile stream) restart it too.
struct PixelCoverage: Sendable, Hashable {
    /// The most separate ranges kept.
    static let maximumRanges = 256
    /// The pixels covered, sorted, disjoint and not touching.
    private(set) var ranges: [Range<Int>] = []

    /// Adds `range`; when it overlaps what is covered (or there are too many gaps), the
    /// coverage restarts from `range` alone.
    mutating func add(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        if ranges.contains(where: { $0.overlaps(range) }) || ranges.count >= Self.maximumRanges {
            ranges = [range]
            return
        }
        var merged = range
        var kept: [Range<Int>] = []
        for existing in ranges {
            if existing.upperBound == merged.lowerBound {
                merged = existing.lowerBound..<merged.upperBound
            } else if merged.upperBound == existing.lowerBound {
                merged = merged.lowerBound..<existing.upperBound
            } else {
                kept.append(existing)
            }
        }
        kept.append(merged)
        ranges = kept.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// Forgets everything covered.
    mutating func reset() { ranges.removeAll(keepingCapacity: true) }

    /// Whether one run from pixel 0 covers every pixel before `end`.
    func coversFromStart(to end: Int) -> Bool {
        ranges.count == 1 && ranges[0].lowerBound == 0 && ranges[0].upperBound >= end
    }
}
