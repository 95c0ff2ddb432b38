import PixelCore
import PixelInputs

/// Pictures as the frame loop's source (`show`): each shown for its own delay, in order, round
/// after round, as they are (the panel's brightness is left alone); no input.
public final class PictureSource: FrameSource {
    private let frames: [Frame]
    private let starts: [Int64]
    /// One round of the pictures, in nanoseconds.
    public let roundLength: Int64

    /// `frames`, frame k shown for `delaysCentiseconds[k]` hundredths of a second (0 counts as
    /// 10, as browsers play it).
    public init(frames: [Frame], delaysCentiseconds: [Int]) {
        precondition(!frames.isEmpty, "a picture source needs a picture")
        self.frames = frames
        var starts: [Int64] = []
        var t: Int64 = 0
        for k in frames.indices {
            starts.append(t)
            let delay = k < delaysCentiseconds.count ? delaysCentiseconds[k] : 0
            t += Int64(delay == 0 ? 10 : delay) * 10_000_000
        }
        self.starts = starts
        roundLength = max(1, t)
    }

    /// The instant each picture starts in round `round` (from 0).
    public func start(of index: Int, round: Int64) -> FrameTime {
        FrameTime(nanoseconds: round * roundLength + starts[index])
    }

    /// The number of pictures in a round.
    public var count: Int { frames.count }

    /// Pictures take no input.
    public func handle(_ event: InputEvent) {}

    public func render(at time: FrameTime) -> Frame {
        let t = time.nanoseconds % roundLength
        let index = starts.lastIndex { $0 <= t } ?? 0
        return frames[index]
    }

    /// Nil: the picture is shown as it is, nothing is sent to the panel's brightness path.
    public var brightnessPercent: Int? { nil }
}

/// The display link of a `PictureSource`: one tick as each picture starts, for `rounds` rounds
/// (nil: until the loop is stopped). On the real clock it waits for each start.
public struct PictureClock: FrameClock {
    public let framesPerSecond = 1
    private let pictures: PictureSource
    private let clock: any Clock
    private let rounds: Int64?
    private var next = 0
    private var round: Int64 = 0

    /// Ticks for `pictures` on `clock`, `rounds` times over (nil: forever).
    public init(pictures: PictureSource, clock: any Clock, rounds: Int64?) {
        self.pictures = pictures; self.clock = clock; self.rounds = rounds
    }

    /// The instant just past the last picture's start in the last round: the loop's length.
    public var length: FrameTime? {
        rounds.map { pictures.start(of: pictures.count - 1, round: $0 - 1) }
    }

    public mutating func nextTick() -> FrameTick {
        let timestamp = pictures.start(of: next, round: round)
        if !clock.isVirtual { clock.sleep(until: timestamp.nanoseconds) }
        let index = round * Int64(pictures.count) + Int64(next)
        next += 1
        if next == pictures.count { next = 0; round += 1 }
        let target = pictures.start(of: next, round: round)
        return FrameTick(index: index, timestamp: timestamp, targetTimestamp: target, duration: .zero, missedFrames: 0)
    }
}
