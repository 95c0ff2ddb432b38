/// An instant or a span on a scene's timeline, in nanoseconds since the scene started.
///
/// Scenes are functions of `FrameTime`, never of frame counts, so a scene rendered at 24,
/// 30 or 60 fps shows the same picture at the same instant. The conversions below are
/// integer-only and exact to the nanosecond, and stay exact for centuries of run time.
public struct FrameTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Nanoseconds since the scene started.
    public var nanoseconds: Int64

    /// The instant `nanoseconds` after the scene started.
    @inlinable public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// The instant the scene starts.
    public static let zero = FrameTime(nanoseconds: 0)

    /// `seconds` whole seconds.
    public static func seconds(_ seconds: Int) -> FrameTime { FrameTime(nanoseconds: Int64(seconds) * 1_000_000_000) }
    /// `seconds` seconds, from fixed point (resolution 1/65536 s, rounded to the nanosecond).
    public static func seconds(_ seconds: Fixed) -> FrameTime {
        FrameTime(nanoseconds: (Int64(seconds.raw) * 1_000_000_000 + 32768) >> 16)
    }
    /// Parses decimal seconds such as `2.5` or `0.125` exactly to the nanosecond (digits past
    /// the ninth decimal are dropped). Nil for anything else, negatives included.
    public init?(secondsText text: String) {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, parts.count <= 2, !(whole.isEmpty && parts.count == 1),
              whole.allSatisfy({ $0.isASCII && $0.isNumber }), whole.count <= 9 else { return nil }
        var ns = Int64(whole.isEmpty ? "0" : whole)! * 1_000_000_000
        if parts.count == 2 {
            let fraction = parts[1]
            guard fraction.allSatisfy({ $0.isASCII && $0.isNumber }), !(fraction.isEmpty && whole.isEmpty) else { return nil }
            let digits = String(fraction.prefix(9))
            ns += Int64(digits.isEmpty ? "0" : digits)! * Int64(FrameTime.pow10(9 - digits.count))
        }
        self.nanoseconds = ns
    }

    private static func pow10(_ n: Int) -> Int { (0..<n).reduce(1) { r, _ in r * 10 } }

    /// `milliseconds` milliseconds.
    public static func milliseconds(_ milliseconds: Int) -> FrameTime { FrameTime(nanoseconds: Int64(milliseconds) * 1_000_000) }
    /// The instant of frame `index` at `fps` frames per second: ⌊index · 10⁹ / fps⌋ ns.
    public static func frame(_ index: Int, fps: Int) -> FrameTime {
        FrameTime(nanoseconds: Int64(Int128(index) * 1_000_000_000 / Int128(fps)))
    }

    /// The time in seconds as fixed point (saturates after about 9 hours; use the rate
    /// helpers below for anything periodic or long-running).
    public var seconds: Fixed {
        Fixed(raw: Int32(clamping: (Int128(nanoseconds) << 16) / 1_000_000_000))
    }

    /// `rate · time`, in Q16.16 raw units as an `Int64`, for a rate given per second (for
    /// example a speed in LEDs per second gives a distance in LEDs). Rounded toward −∞.
    public func distance(atRate perSecond: Fixed) -> Int64 {
        let product = Int128(perSecond.raw) * Int128(nanoseconds)
        let (q, r) = product.quotientAndRemainder(dividingBy: 1_000_000_000)
        return Int64(clamping: r < 0 ? q - 1 : q)
    }

    /// The phase of something turning `cyclesPerSecond` times a second: `time · rate` turns,
    /// modulo one turn. Exact however long the scene has run.
    public func phase(cyclesPerSecond: Fixed) -> Angle {
        Angle(raw: Int32(truncatingIfNeeded: distance(atRate: cyclesPerSecond) & 0xFFFF))
    }

    /// How many whole `interval`s have passed: the tick number of a timeline that fires
    /// every `interval` (a layer running at its own rate).
    public func ticks(every interval: FrameTime) -> Int64 {
        precondition(interval.nanoseconds > 0, "a timeline interval must be positive")
        let (q, r) = nanoseconds.quotientAndRemainder(dividingBy: interval.nanoseconds)
        return r < 0 ? q - 1 : q
    }

    /// The fraction (0 ..< 1) of the way through the current `period`.
    public func fraction(ofPeriod period: FrameTime) -> Fixed {
        let r = nanoseconds - ticks(every: period) * period.nanoseconds
        return Fixed(raw: Int32((Int128(r) << 16) / Int128(period.nanoseconds)))
    }

    @inlinable public static func + (a: FrameTime, b: FrameTime) -> FrameTime { FrameTime(nanoseconds: a.nanoseconds + b.nanoseconds) }
    @inlinable public static func - (a: FrameTime, b: FrameTime) -> FrameTime { FrameTime(nanoseconds: a.nanoseconds - b.nanoseconds) }
    @inlinable public static func < (a: FrameTime, b: FrameTime) -> Bool { a.nanoseconds < b.nanoseconds }

    /// Seconds with millisecond precision, e.g. "2.500s".
    public var description: String {
        let ms = nanoseconds / 1_000_000
        let sign = ms < 0 ? "-" : ""
        let m = ms.magnitude
        let frac = String(m % 1000)
        return "\(sign)\(m / 1000).\(String(repeating: "0", count: 3 - frac.count))\(frac)s"
    }
}
