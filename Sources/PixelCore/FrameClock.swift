/// One beat of the frame clock: what a display link hands the render loop.
public struct FrameTick: Hashable, Sendable {
    /// Which frame this is, counting from 0; missed frames are counted too.
    public var index: Int64
    /// The instant this frame shows (its scheduled time, not when the loop woke up).
    public var timestamp: FrameTime
    /// The instant the next frame is due.
    public var targetTimestamp: FrameTime
    /// Time since the previous delivered frame.
    public var duration: FrameTime
    /// Frames skipped since the previous tick because the loop ran late.
    public var missedFrames: Int

    /// A tick with every field given.
    public init(index: Int64, timestamp: FrameTime, targetTimestamp: FrameTime, duration: FrameTime, missedFrames: Int) {
        self.index = index; self.timestamp = timestamp; self.targetTimestamp = targetTimestamp
        self.duration = duration; self.missedFrames = missedFrames
    }
}

/// The display link: paces the render loop and tells each frame what time it shows.
///
/// `VirtualFrameClock` steps instantly and deterministically (tests, offline rendering);
/// `PacedFrameClock` waits for real deadlines on a `Clock`.
public protocol FrameClock {
    /// Frames per second this clock aims for.
    var framesPerSecond: Int { get }
    /// Waits (if the clock is real) until the next frame is due and describes it.
    mutating func nextTick() -> FrameTick
}

/// A frame clock that never waits: frame k is at exactly ⌊k · 10⁹ / fps⌋ ns. The frame loop
/// moves a simulation's `Clock` on to each tick's instant.
///
/// Time that simulated parts spend between ticks (a HUB75 model's refresh holding its GPIO
/// lines, say) moves that clock too but does not count against the frame budget: the next
/// tick is still the next frame, never a skipped one, so a simulated run shows every frame
/// whatever its simulated buses cost. What the real refresh costs is measured by
/// `pixelwheel bench`, not simulated.
public struct VirtualFrameClock: FrameClock, Sendable {
    public let framesPerSecond: Int
    private var next: Int64 = 0

    /// A clock at `framesPerSecond` (1...1000) whose first tick is frame `startFrame`.
    public init(framesPerSecond: Int, startFrame: Int64 = 0) {
        precondition((1...1000).contains(framesPerSecond), "fps must be 1...1000")
        self.framesPerSecond = framesPerSecond
        next = startFrame
    }

    public mutating func nextTick() -> FrameTick {
        let index = next
        next += 1
        let t = FrameTime.frame(Int(index), fps: framesPerSecond)
        let target = FrameTime.frame(Int(index + 1), fps: framesPerSecond)
        let previous = index > 0 ? FrameTime.frame(Int(index - 1), fps: framesPerSecond) : t
        return FrameTick(index: index, timestamp: t, targetTimestamp: target, duration: t - previous, missedFrames: 0)
    }
}

/// A frame clock that paces to absolute deadlines on `clock` (frame k at k/fps on the clock's
/// own timeline), so small delays never accumulate into drift; when the loop falls behind by
/// whole frames it skips them and reports how many in `missedFrames`, instead of rushing to
/// catch up. Frame timestamps are clock times, so an input stamped on the same clock falls
/// into the frame it belongs to. The first tick is the newest frame already due (frame 0 on a
/// clock made just before the loop), and counts nothing as missed.
public struct PacedFrameClock<Source: Clock>: FrameClock {
    public let framesPerSecond: Int
    private let clock: Source
    private var nextIndex: Int64?
    private var lastTimestamp: FrameTime = .zero

    /// A clock at `framesPerSecond` (1...1000) reading and sleeping on `clock`.
    public init(framesPerSecond: Int, clock: Source) {
        precondition((1...1000).contains(framesPerSecond), "fps must be 1...1000")
        self.framesPerSecond = framesPerSecond
        self.clock = clock
    }

    /// The newest frame whose deadline has passed at `now`.
    private func frameDue(at now: Int64) -> Int64 {
        now <= 0 ? 0 : Int64(Int128(now) * Int128(framesPerSecond) / 1_000_000_000)
    }

    public mutating func nextTick() -> FrameTick {
        let first = nextIndex == nil
        var index = nextIndex ?? frameDue(at: clock.now())
        var deadline = FrameTime.frame(Int(index), fps: framesPerSecond).nanoseconds
        let now = clock.now()
        var missed = 0
        if now < deadline {
            clock.sleep(until: deadline)
        } else {
            // Late: jump to the newest frame whose deadline has passed.
            let behind = frameDue(at: now)
            if behind > index {
                missed = Int(behind - index)
                index = behind
                deadline = FrameTime.frame(Int(index), fps: framesPerSecond).nanoseconds
            }
        }
        nextIndex = index + 1
        let timestamp = FrameTime(nanoseconds: deadline)
        let tick = FrameTick(
            index: index, timestamp: timestamp,
            targetTimestamp: FrameTime.frame(Int(index + 1), fps: framesPerSecond),
            duration: first ? .zero : timestamp - lastTimestamp, missedFrames: first ? 0 : missed)
        lastTimestamp = timestamp
        return tick
    }
}
