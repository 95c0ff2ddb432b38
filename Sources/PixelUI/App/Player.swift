import PixelCore
import PixelEffects

/// The effect that is playing (or paused): which one, since when, and its own timeline.
///
/// Effect time runs at the speed setting and stops while paused, so pausing freezes the
/// picture exactly and resuming continues from the same instant.
struct Player {
    /// Index into `MenuEntry.effects`.
    private(set) var index: Int
    /// Shuffle order (indices into `MenuEntry.effects`) when shuffling, else nil.
    let shuffleOrder: [Int]?
    private(set) var shufflePosition = 0
    private(set) var scene: any Scene
    /// App time at which the current effect's timeline is at zero (shifted by pauses).
    private var origin: FrameTime
    /// Effect time at which it was paused, if paused.
    private(set) var pausedAt: FrameTime?
    /// Effect time reached when the speed last changed, and the app time then.
    private var speedPercent: Int
    /// App time at which the current effect began (for its title card).
    private(set) var startedAt: FrameTime

    /// How long a step (next, previous, shuffle moving on) cross-fades; zero cuts.
    var transition: FrameTime = .zero
    /// The cross-fade under way: the effect that is leaving, frozen at the instant it left, and
    /// its picture once drawn.
    private var fade: Fade?

    struct Fade {
        var scene: any Scene
        /// The leaving effect's time when it left.
        let effectTime: FrameTime
        /// App time at which the fade began.
        let start: FrameTime
        let duration: FrameTime
        /// The leaving effect's picture, drawn on the first frame of the fade.
        var picture: Canvas?
    }

    /// Whether a cross-fade is under way at app time `time`.
    func isFading(at time: FrameTime) -> Bool {
        guard let fade else { return false }
        return time - fade.start < fade.duration
    }

    /// How long each effect plays in shuffle mode.
    static let shuffleDuration = FrameTime.seconds(20)

    let width: Int, height: Int, seed: UInt64

    /// The parameters of menu effect n for its scene (the entry's and the user's).
    private var parameters: @Sendable (Int) -> [String: String]

    init(index: Int, shuffleOrder: [Int]?, at time: FrameTime, speedPercent: Int, width: Int, height: Int, seed: UInt64,
         parameters: @escaping @Sendable (Int) -> [String: String] = { _ in [:] }) {
        self.index = index
        self.shuffleOrder = shuffleOrder
        self.width = width; self.height = height; self.seed = seed
        self.speedPercent = speedPercent
        self.parameters = parameters
        origin = time
        startedAt = time
        scene = Player.makeScene(index, width: width, height: height, seed: seed, parameters: parameters(index))
        if shuffleOrder != nil { shuffleDeadline = time + Player.shuffleDuration }
    }

    /// The scene of menu effect `index` with `parameters` (checked when they were chosen);
    /// with its entry's own parameters should any be refused.
    static func makeScene(_ index: Int, width: Int, height: Int, seed: UInt64, parameters: [String: String]) -> any Scene {
        guard case let .effect(_, name, fixed) = MenuEntry.effects[index] else { preconditionFailure("not an effect") }
        let descriptor = try! EffectCatalog.named(name)  // the menu's entries name catalog effects
        if let scene = try? descriptor.makeScene(parameters: parameters, seed: seed, width: width, height: height) { return scene }
        return try! descriptor.makeScene(parameters: fixed, seed: seed, width: width, height: height)
    }

    /// Builds the scene again with the parameters `parameters` gives now, keeping its time.
    mutating func rebuild(parameters: @escaping @Sendable (Int) -> [String: String]) {
        self.parameters = parameters
        scene = Player.makeScene(index, width: width, height: height, seed: seed, parameters: parameters(index))
    }

    /// The effect's title.
    var title: String { MenuEntry.effects[index].title }
    var isPaused: Bool { pausedAt != nil }
    var isShuffling: Bool { shuffleOrder != nil }

    /// App time at which shuffle moves on (nil when not shuffling); while paused, the time
    /// that was left.
    private var shuffleDeadline: FrameTime?
    private var shuffleRemaining: FrameTime?

    /// Effect time at app time `time`: (time − origin) · speed, frozen while paused.
    /// Computed in 128 bits: exact for centuries of play at any speed.
    func effectTime(at time: FrameTime) -> FrameTime {
        if let pausedAt { return pausedAt }
        return FrameTime(nanoseconds: Int64(clamping: Int128((time - origin).nanoseconds) * Int128(speedPercent) / 100))
    }

    /// The app-time span that shows `effect` of effect time at the current speed.
    private func appSpan(of effect: FrameTime) -> FrameTime {
        FrameTime(nanoseconds: Int64(clamping: Int128(effect.nanoseconds) * 100 / Int128(speedPercent)))
    }

    /// Changes the speed without a jump in effect time.
    mutating func setSpeed(_ percent: Int, at time: FrameTime) {
        let now = effectTime(at: time)
        speedPercent = percent
        if pausedAt == nil { origin = time - appSpan(of: now) }
    }

    mutating func togglePause(at time: FrameTime) {
        if let pausedAt {
            origin = time - appSpan(of: pausedAt)
            self.pausedAt = nil
            if let remaining = shuffleRemaining { shuffleDeadline = time + remaining; shuffleRemaining = nil }
        } else {
            pausedAt = effectTime(at: time)
            if let deadline = shuffleDeadline { shuffleRemaining = deadline - time; shuffleDeadline = nil }
        }
    }

    /// Moves to the next (+1) or previous (−1) effect, starting it from zero.
    mutating func step(_ direction: Int, at time: FrameTime) {
        let count = MenuEntry.effects.count
        fade = transition > .zero ? Fade(scene: scene, effectTime: effectTime(at: time), start: time, duration: transition) : nil
        if let order = shuffleOrder {
            shufflePosition = ((shufflePosition + direction) % order.count + order.count) % order.count
            index = order[shufflePosition]
        } else {
            index = ((index + direction) % count + count) % count
        }
        scene = Player.makeScene(index, width: width, height: height, seed: seed, parameters: parameters(index))
        origin = time
        startedAt = time
        if pausedAt != nil { pausedAt = .zero }
        if isShuffling {
            if pausedAt != nil { shuffleRemaining = Player.shuffleDuration } else { shuffleDeadline = time + Player.shuffleDuration }
        }
    }

    /// Shuffle: moves on when the current effect has had its 20 s of app time (pauses
    /// excluded, whatever the speed).
    mutating func update(at time: FrameTime) {
        guard let deadline = shuffleDeadline, time >= deadline else { return }
        step(1, at: time)
    }

    /// Draws the effect at app time `time`.
    /// While a step cross-fades, the leaving effect's picture is mixed over the new one in
    /// linear light, its weight falling from 1 to 0 over the transition.
    mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        scene.render(into: &canvas, at: effectTime(at: time))
        guard var fade else { return }
        let elapsed = time - fade.start
        guard elapsed < fade.duration, elapsed >= .zero else { self.fade = nil; return }
        if fade.picture?.width != canvas.width || fade.picture?.height != canvas.height
            || fade.picture?.supersampling != canvas.supersampling {
            var picture = Canvas(width: canvas.width, height: canvas.height, supersampling: canvas.supersampling)
            fade.scene.render(into: &picture, at: fade.effectTime)
            fade.picture = picture
        }
        let remaining = Fixed.one - Fixed(raw: Int32((Int128(elapsed.nanoseconds) << 16) / Int128(fade.duration.nanoseconds)))
        canvas.mix(fade.picture!, weight: remaining)
        self.fade = fade
    }
}
