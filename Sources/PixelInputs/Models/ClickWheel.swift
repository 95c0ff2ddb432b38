import PixelCore

/// Turns raw wheel motion into menu steps, like the iPod classic's click wheel: signed steps,
/// positive clockwise (down the list).
///
/// It has two inputs, which can be used side by side:
///
/// **Detents** (a rotary encoder, through `QuadratureDecoder`): `turn(detents:at:)` or
/// `translate(_:)`. Every `detentsPerStep` detents make one step; a part-step remainder is kept
/// for the next detent, in either direction, so turning one detent forward and one back
/// cancels. With `acceleration`, fast spins move several rows per detent (see `Acceleration`).
///
/// **Absolute angles** (a touch ring or a drag on a simulated wheel): `drag(to:)` with the
/// angle of the finger around the wheel's centre, clockwise on the y-down panel. The change of
/// angle between samples is accumulated and every 1/`stepsPerTurn` of a turn of travel (default
/// 18 steps per turn: one step per 20°) makes one step, the rest carried over. Steps are
/// counted as an exact fraction of a turn, so a whole turn makes exactly `stepsPerTurn` steps
/// (20° is not a whole number of raw angle units), and a drag of exactly k·20°, sampled in
/// rounded raw units, makes k steps (travel one raw unit short of a step completes it). A change of `maximumJump` (default 20°) or
/// more between two samples is ignored, as the original does: that is a finger lifted and put
/// down elsewhere, or a missed stretch of samples, not a turn. Unlike the original, the change is measured the
/// short way round the circle (from 350° to 5° is +15°), so crossing 0°/360° counts normally in
/// both directions instead of dropping the crossing sample. `endDrag()` forgets the last angle
/// and the carried remainder, as the original did when the finger was lifted.
///
/// Integer arithmetic throughout; time comes in with the detents and is used only for
/// acceleration.
public struct ClickWheel: Sendable {
    /// A deterministic acceleration rule for detents: a detent that arrives less than
    /// `interval` after the previous detent, turning the same way, counts as `factor` detents;
    /// any other detent (the first one, one after a pause, one after a change of direction)
    /// counts as one. Several detents reported in one call share one gap, measured from the
    /// previous call.
    ///
    /// A 20-detent encoder spun at two turns a second gives a detent every 25 ms; careful
    /// turning is slower than a detent every 100 ms.
    public struct Acceleration: Hashable, Sendable {
        /// Detents closer together than this count as a fast spin.
        public var interval: FrameTime
        /// How many detents each fast detent counts as (≥ 1).
        public var factor: Int

        /// Detents less than `interval` apart in the same direction count `factor` times.
        public init(fasterThan interval: FrameTime, factor: Int) {
            precondition(factor >= 1, "an acceleration factor must be at least 1")
            self.interval = interval
            self.factor = factor
        }

        /// Detents less than 40 ms apart (25 detents a second or faster) count 3 times.
        public static let standard = Acceleration(fasterThan: .milliseconds(40), factor: 3)
    }

    /// Detents that make one step (≥ 1).
    public let detentsPerStep: Int
    /// The acceleration rule for detents, or `nil` for none (every detent counts once).
    public let acceleration: Acceleration?
    /// Steps per full turn of finger travel in angle mode (18: one step per 20°).
    public let stepsPerTurn: Int
    /// In angle mode, a change between two samples at least this large is ignored.
    public let maximumJump: Angle

    /// Detents (weighted by acceleration) gathered towards the next step.
    private var pendingDetents = 0
    /// When the previous detent arrived, and which way it turned (+1 or −1).
    private var previousDetent: (time: FrameTime, direction: Int)?
    /// The previous angle sample, in 0 ..< one turn; `nil` when no finger is down.
    private var previousAngle: Angle?
    /// Finger travel gathered towards the next step, in 1/(65536 · `stepsPerTurn`) turn: one
    /// step is 65536 of these.
    private var pendingAngle = 0

    /// A click wheel that makes one step per `detentsPerStep` detents (default 1), with an
    /// optional `acceleration`, and in angle mode `stepsPerTurn` steps per turn (default 18,
    /// one per 20°), ignoring changes of `maximumJump` (default 20°) or more between samples.
    public init(
        detentsPerStep: Int = 1,
        acceleration: Acceleration? = nil,
        stepsPerTurn: Int = 18,
        maximumJump: Angle = .degrees(20)
    ) {
        precondition(detentsPerStep >= 1, "a step needs at least one detent")
        precondition((1...65536).contains(stepsPerTurn), "steps per turn must be 1...65536")
        precondition(maximumJump.raw > 0, "the largest accepted jump must be positive")
        self.detentsPerStep = detentsPerStep
        self.acceleration = acceleration
        self.stepsPerTurn = stepsPerTurn
        self.maximumJump = maximumJump
    }

    // MARK: Detents

    /// Feeds `detents` detents (positive clockwise) that arrived at `time`; returns the steps
    /// they complete, positive clockwise (often 0 when `detentsPerStep` > 1).
    public mutating func turn(detents: Int, at time: FrameTime) -> Int {
        if detents == 0 { return 0 }
        let direction = detents > 0 ? 1 : -1
        var weight = 1
        if let acceleration, let previous = previousDetent, previous.direction == direction,
            time - previous.time < acceleration.interval
        {
            weight = acceleration.factor
        }
        previousDetent = (time, direction)
        pendingDetents += detents * weight
        let steps = pendingDetents / detentsPerStep
        pendingDetents -= steps * detentsPerStep
        return steps
    }

    /// Maps a `.rotate(detents)` event to a `.rotate(steps)` event at the same time, or to
    /// `nil` when it completes no step; passes every other event through unchanged.
    public mutating func translate(_ event: InputEvent) -> InputEvent? {
        guard case .rotate(let detents) = event.action else { return event }
        let steps = turn(detents: detents, at: event.time)
        return steps == 0 ? nil : InputEvent(.rotate(steps), at: event.time)
    }

    /// `translate(_:)` applied to each event in order, dropping those that complete no step.
    public mutating func translate(_ events: [InputEvent]) -> [InputEvent] {
        events.compactMap { translate($0) }
    }

    // MARK: Angles

    /// Feeds the finger's absolute `angle` around the wheel's centre (any number of turns;
    /// only the angle within a turn matters); returns the steps completed, positive clockwise.
    /// The first sample of a drag only sets the starting angle.
    public mutating func drag(to angle: Angle) -> Int {
        let current = angle.normalized
        defer { previousAngle = current }
        guard let previous = previousAngle else { return 0 }
        // The short way round: the wrapped difference, −½ ..< ½ turn.
        let change = Int(Int16(truncatingIfNeeded: current.raw &- previous.raw))
        if change.magnitude >= Int(maximumJump.raw) { return 0 }
        pendingAngle += change * stepsPerTurn
        // Samples are whole raw units, each rounded, so a drag of exactly k steps (100° is
        // 18204.4 units) can arrive up to one unit short; that last unit completes the step.
        let full = Int(Angle.fullTurn.raw), slack = stepsPerTurn
        let steps = pendingAngle >= 0 ? (pendingAngle + slack) / full : -((slack - pendingAngle) / full)
        pendingAngle -= steps * full
        return steps
    }

    /// Feeds the finger's position as an offset from the wheel's centre (`x` right, `y` down,
    /// any unit, e.g. touch points or LEDs); returns the steps completed, positive clockwise.
    /// A sample exactly at the centre has no angle and is ignored.
    public mutating func drag(x: Int, y: Int) -> Int {
        if x == 0 && y == 0 { return 0 }
        return drag(to: Trig.arctangent2(y: Int64(y), x: Int64(x)))
    }

    /// Ends a drag (the finger was lifted): forgets the last angle and any part-step travel.
    public mutating func endDrag() {
        previousAngle = nil
        pendingAngle = 0
    }
}
