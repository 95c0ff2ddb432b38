import PixelCore

/// The parameters most effects share, so they read and behave alike everywhere.
extension EffectParameter {
    /// Speed: a multiple of the effect's natural pace (on top of the app's Speed setting).
    /// WLED's `sx` slider and the first slider of the phone's controls.
    static let speed = EffectParameter("speed", "how fast it moves, as a multiple of its natural pace",
                                       .number(range: 0.1...4, default: 1, unit: "x"))

    /// Palette: the gradient the effect colours with, `name` unless chosen.
    static func palette(default name: String) -> EffectParameter {
        EffectParameter("palette", "the colours it is drawn in", .palette(default: name))
    }
}

extension FrameTime {
    /// This instant with time running `factor` times as fast (a scene's own speed): exact in
    /// 128 bits for any time a scene can reach.
    func scaled(by factor: Fixed) -> FrameTime {
        FrameTime(nanoseconds: Int64(clamping: (Int128(nanoseconds) * Int128(factor.raw)) >> 16))
    }
}

/// Fixed-tick stepping for effects that simulate (Life, ripples, particles, heat): the state
/// at time t is the seeded start stepped ⌊t / interval⌋ times, whatever instants were asked
/// for before and at whatever frame rate. Asking for an earlier instant restarts from the
/// seed, so a preview that seeks backwards still sees the same picture.
struct TickClock: Sendable {
    /// Time between steps.
    let interval: FrameTime
    /// Steps taken since the start.
    private(set) var stepsTaken: Int64 = 0

    /// A clock stepping `perSecond` times a second.
    init(perSecond: Int) {
        precondition(perSecond > 0, "a tick clock needs a positive rate")
        interval = FrameTime(nanoseconds: 1_000_000_000 / Int64(perSecond))
    }

    /// What to do to reach `time`: restart from the seeded start first when `time` is before
    /// the steps already taken, then take `count` steps.
    mutating func advance(to time: FrameTime) -> (restart: Bool, count: Int64) {
        let target = time.nanoseconds <= 0 ? 0 : time.ticks(every: interval)
        if target < stepsTaken {
            stepsTaken = target
            return (true, target)
        }
        let count = target - stepsTaken
        stepsTaken = target
        return (false, count)
    }
}
