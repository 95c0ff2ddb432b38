import PixelCore

/// A game's own time: it runs only while the game is played (not paused, not behind the
/// menu, not while the panel is off) and is taken in whole ticks, so a game steps the same
/// way at any frame rate.
public struct GameTicks: Equatable, Sendable {
    /// One tick: 10 ms of play.
    public static let tick: Int64 = 10_000_000
    /// The most ticks one call catches up (5 s); older ones are dropped, so a stalled frame
    /// loop cannot make a game run for long at once.
    public static let maximumCatchUp: Int64 = 500

    /// When play last (re)started; nil while stopped.
    private var runningSince: FrameTime?
    /// Nanoseconds of play before `runningSince`.
    private var banked: Int64 = 0
    /// Ticks taken so far.
    private var taken: Int64 = 0

    /// A clock that is stopped and at zero.
    public init() {}

    /// Whether play time is running.
    public var isRunning: Bool { runningSince != nil }

    /// Starts play time at `time` (no change when running).
    public mutating func start(at time: FrameTime) {
        if runningSince == nil { runningSince = time }
    }

    /// Stops play time at `time`, keeping what has run.
    public mutating func stop(at time: FrameTime) {
        guard let since = runningSince else { return }
        banked += max(0, time.nanoseconds - since.nanoseconds)
        runningSince = nil
    }

    /// The ticks due by `time` and not taken yet (at most `maximumCatchUp`), now taken.
    public mutating func take(upTo time: FrameTime) -> Int {
        let elapsed = banked + (runningSince.map { max(0, time.nanoseconds - $0.nanoseconds) } ?? 0)
        let due = elapsed / Self.tick
        let count = min(max(0, due - taken), Self.maximumCatchUp)
        taken = max(taken, due)
        return Int(count)
    }
}
