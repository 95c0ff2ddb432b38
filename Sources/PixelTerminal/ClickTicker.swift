import PixelRuntime

/// The simulator's stand-in for the piezo: after each click, a tick mark shows for a moment.
public struct ClickTicker: Sendable {
    /// How long the tick stays visible, in nanoseconds.
    public static let visibleFor: Int64 = 150_000_000
    private var clicksSeen = 0
    private var lastClickAt: Int64?

    /// A ticker that has seen no click.
    public init() {}

    /// Whether the tick shows at monotonic time `now`, given the clicks counted so far.
    public mutating func isShowing(clicks: Int, at now: Int64) -> Bool {
        if clicks != clicksSeen {
            clicksSeen = clicks
            lastClickAt = now
        }
        return lastClickAt.map { now - $0 < Self.visibleFor } ?? false
    }
}
