import PixelCore
@testable import PixelInputs

/// Builds edge traces of a quadrature encoder, as a GPIO edge reader would record them:
/// one sample of both lines per edge, with the time it was seen.
struct EncoderTrace {
    /// The samples recorded so far.
    private(set) var samples: [QuadratureDecoder.Sample] = []
    /// The line levels now.
    private(set) var a: Bool
    private(set) var b: Bool
    /// The time of the latest sample.
    private(set) var time: FrameTime

    init(a: Bool = true, b: Bool = true, start: FrameTime = .zero) {
        self.a = a
        self.b = b
        self.time = start
    }

    /// Records the lines at `a`, `b`, `gap` after the previous sample.
    mutating func record(a: Bool, b: Bool, after gap: FrameTime) {
        self.a = a
        self.b = b
        time = time + gap
        samples.append(QuadratureDecoder.Sample(a: a, b: b, at: time))
    }

    /// One edge on line A (`onA`) or B, `gap` after the previous sample, preceded by `bounces`
    /// chatters (new level, old level) 50 µs apart, so the line ends at the new level.
    mutating func edge(onA: Bool, after gap: FrameTime, bounces: Int = 0) {
        let chatter = FrameTime(nanoseconds: 50_000)
        for index in 0..<(2 * bounces + 1) {
            let after = index == 0 ? gap : chatter
            if onA { record(a: !a, b: b, after: after) } else { record(a: a, b: !b, after: after) }
        }
    }

    /// The edges of one detent: `edges` of them (4 for a full-step encoder, 2 for half-step),
    /// `gap` apart, each with `bounces` chatters. Clockwise, A leads (11 → 01 → 00 → 10 → 11);
    /// counter-clockwise, B leads.
    mutating func detent(clockwise: Bool, edges: Int = 4, gap: FrameTime = .milliseconds(5), bounces: Int = 0) {
        for index in 0..<edges {
            edge(onA: Self.edgeIsOnA(index, clockwise: clockwise), after: gap, bounces: bounces)
        }
    }

    /// A turn `edges` quarter steps into a detent and straight back the same way, ending where
    /// it began.
    mutating func falseStart(clockwise: Bool, edges: Int, gap: FrameTime = .milliseconds(5)) {
        let lines = (0..<edges).map { Self.edgeIsOnA($0, clockwise: clockwise) }
        for onA in lines + lines.reversed() { edge(onA: onA, after: gap) }
    }

    /// Repeats the current levels, as a poll that finds nothing changed does.
    mutating func repeatLevels(after gap: FrameTime) {
        record(a: a, b: b, after: gap)
    }

    /// Whether edge `index` (from a rest state) of a detent is on line A.
    private static func edgeIsOnA(_ index: Int, clockwise: Bool) -> Bool {
        (index % 2 == 0) == clockwise
    }
}

/// Samples written as (A, B, time in µs) rows, for traces spelled out in a test.
func recorded(_ rows: [(a: Int, b: Int, microseconds: Int)]) -> [QuadratureDecoder.Sample] {
    rows.map { QuadratureDecoder.Sample(a: $0.a == 1, b: $0.b == 1, at: microseconds($0.microseconds)) }
}

/// `value` microseconds as a `FrameTime`.
func microseconds(_ value: Int) -> FrameTime {
    FrameTime(nanoseconds: Int64(value) * 1_000)
}
