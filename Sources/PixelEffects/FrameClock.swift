import PixelCore

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
/// `PacedFrameClock` waits for real deadlines on a monotonic clock.
public protocol FrameClock {
    /// Frames per second this clock aims for.
    var framesPerSecond: Int { get }
    /// Waits (if the clock is real) until the next frame is due and describes it.
    mutating func nextTick() -> FrameTick
}

/// A clock that never waits: frame k is at exactly ⌊k · 10⁹ / fps⌋ ns.
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

/// Where a real frame clock reads the time and sleeps: the monotonic clock on a machine, or
/// a scripted one in tests.
public protocol MonotonicTimeSource {
    /// Nanoseconds on a clock that never jumps (any fixed origin).
    mutating func now() -> Int64
    /// Blocks until `now() >= deadline`.
    mutating func sleep(until deadline: Int64)
}

/// A frame clock that paces to absolute deadlines (start + k/fps), so small delays never
/// accumulate into drift; when the loop falls behind by whole frames it skips them and
/// reports how many in `missedFrames`, instead of rushing to catch up.
public struct PacedFrameClock<Source: MonotonicTimeSource>: FrameClock {
    public let framesPerSecond: Int
    private var source: Source
    private var start: Int64?
    private var nextIndex: Int64 = 0
    private var lastTimestamp: FrameTime = .zero

    /// A clock at `framesPerSecond` (1...1000) reading and sleeping on `source`.
    public init(framesPerSecond: Int, source: Source) {
        precondition((1...1000).contains(framesPerSecond), "fps must be 1...1000")
        self.framesPerSecond = framesPerSecond
        self.source = source
    }

    public mutating func nextTick() -> FrameTick {
        let origin: Int64
        if let start { origin = start } else {
            origin = source.now()
            start = origin
        }
        var index = nextIndex
        var deadline = origin + FrameTime.frame(Int(index), fps: framesPerSecond).nanoseconds
        let now = source.now()
        var missed = 0
        if now < deadline {
            source.sleep(until: deadline)
        } else {
            // Late: jump to the newest frame whose deadline has passed.
            let behind = Int64(Int128(now - origin) * Int128(framesPerSecond) / 1_000_000_000)
            if behind > index {
                missed = Int(behind - index)
                index = behind
                deadline = origin + FrameTime.frame(Int(index), fps: framesPerSecond).nanoseconds
            }
        }
        nextIndex = index + 1
        let timestamp = FrameTime(nanoseconds: deadline - origin)
        let tick = FrameTick(
            index: index, timestamp: timestamp,
            targetTimestamp: FrameTime.frame(Int(index + 1), fps: framesPerSecond),
            duration: index == 0 ? .zero : timestamp - lastTimestamp, missedFrames: missed)
        lastTimestamp = timestamp
        return tick
    }
}
