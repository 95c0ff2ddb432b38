import PixelCore

/// The click wheel's acceleration on long lists: spun fast, each detent moves several rows, so
/// the thirtieth effect is a flick away, while slow turns still move one row a detent, short
/// lists never jump, and the first detents of a spin are never multiplied.
///
/// A spin is a run of turns in one direction, each within `briskGap` of the one before, with
/// no other input between. From its third turn on, a turn within `fastGap` of the last moves
/// `fastRows` rows a detent, and one within `briskGap` moves `briskRows`.
public struct WheelAcceleration: Sendable {
    /// Lists of at most this many rows move one row a detent however fast the wheel turns.
    public static let shortList = 12
    /// Turns closer together than this move `fastRows` rows a detent.
    public static let fastGap = FrameTime.milliseconds(50)
    /// Turns closer together than this continue a spin, and move `briskRows` rows a detent.
    public static let briskGap = FrameTime.milliseconds(100)
    /// Rows a detent moves at the two speeds.
    public static let fastRows = 4, briskRows = 2
    /// Turns a spin must have had before the next is multiplied.
    public static let warmUp = 2

    /// The last turn: when, and which way.
    private var last: (time: FrameTime, direction: Int)?
    /// Turns so far in the current spin.
    private var spin = 0

    /// A wheel that has not turned yet.
    public init() {}

    /// Any input other than a turn ends the spin.
    public mutating func reset() {
        last = nil
        spin = 0
    }

    /// The rows a turn of `steps` detents at `time` moves a list of `count` rows.
    public mutating func rows(for steps: Int, at time: FrameTime, count: Int) -> Int {
        guard steps != 0 else { return 0 }
        var gap: FrameTime?
        if let last, last.direction == steps.signum(), time >= last.time, time - last.time < Self.briskGap {
            gap = time - last.time
            spin += 1
        } else {
            spin = 1
        }
        last = (time, steps.signum())
        guard let gap, count > Self.shortList, spin > Self.warmUp else { return steps }
        let bounded = min(max(steps, -100), 100)
        return bounded * (gap < Self.fastGap ? Self.fastRows : Self.briskRows)
    }
}
