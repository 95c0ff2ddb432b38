import PixelCore

/// Turns the raw edges of a mechanical rotary encoder's two quadrature lines, A and B, into
/// detents: `.rotate(+1)` for each detent clockwise, `.rotate(-1)` for each one
/// counter-clockwise.
///
/// The lines follow a Gray code, so exactly one of them changes on every quarter step. Turning
/// clockwise, A leads B; with pull-ups the sequence is `AB = 11 → 01 → 00 → 10 → 11`, and
/// counter-clockwise it runs the other way. (Set `reversed` when the wiring or the part turns
/// this around: it swaps A and B.)
///
/// Decoding is a state-transition table:
/// - a transition in which one line changed moves the position one quarter step, +1 or −1;
/// - a sample in which neither line changed is a repeat and does nothing;
/// - a sample in which both lines changed at once is invalid (a state was missed, so the
///   direction is unknown): the decoder takes the new state but moves nothing, counts nothing,
///   and notes it in `ignoredTransitions`.
///
/// A detent is counted only when a valid transition brings the lines back to a rest state, and
/// then only if the quarter steps gathered since the previous such arrival add up to a whole
/// detent in one direction. The gathered count restarts at every such arrival. Contact bounce toggles one line back and forth,
/// and each bounce is a valid step forward followed by a valid step back, so it cancels
/// exactly: bounce can neither add nor lose a detent, and turning halfway into a detent and
/// back counts nothing.
///
/// A glitch on both lines that comes straight back (00 → 11 → 00) is two invalid transitions
/// and changes nothing. If invalid transitions leave the gathered count short of a whole
/// detent at rest (for example ±2 quarter steps on a full-step encoder), nothing is counted;
/// one or more whole detents (rounded toward zero) are counted in full.
///
/// Pure: time comes in with the samples and is only copied onto the events.
public struct QuadratureDecoder: Sendable {
    /// How many rest states an encoder has per Gray-code cycle of four quarter steps.
    public enum Resolution: Hashable, Sendable {
        /// One detent per cycle, resting at `AB = 11` (with pull-ups): 4 quarter steps per
        /// detent. The common EC11 and KY-040 parts.
        case fullStep
        /// Two detents per cycle, resting at `AB = 11` and at `AB = 00`: 2 quarter steps per
        /// detent.
        case halfStep

        /// Quarter steps (Gray-code transitions) from one detent to the next.
        public var quarterStepsPerDetent: Int {
            switch self {
            case .fullStep: 4
            case .halfStep: 2
            }
        }

        /// Whether the encoder comes to rest in `state` (A in bit 1, B in bit 0).
        func isRest(_ state: UInt8) -> Bool {
            switch self {
            case .fullStep: state == 0b11
            case .halfStep: state == 0b11 || state == 0b00
            }
        }
    }

    /// One reading of both lines, taken at (or reported with) an edge.
    public struct Sample: Hashable, Sendable {
        /// Level of line A: `true` is high.
        public var a: Bool
        /// Level of line B: `true` is high.
        public var b: Bool
        /// When the lines were read, on the frame clock's timeline.
        public var time: FrameTime

        /// A reading of line levels `a` and `b` at `time`.
        public init(a: Bool, b: Bool, at time: FrameTime) {
            self.a = a
            self.b = b
            self.time = time
        }
    }

    /// The quarter-step move for each transition, indexed by `previous << 2 | current`,
    /// states as `A << 1 | B`. Clockwise is 11 → 01 → 00 → 10 → 11, i.e. 3 → 1 → 0 → 2 → 3.
    /// Zero for repeats (no line changed) and for invalid transitions (both changed).
    private static let transitionTable: [Int8] = [
        // to:  00  01  10  11
        /* from 00 */ 0, -1, +1, 0,
        /* from 01 */ +1, 0, 0, -1,
        /* from 10 */ -1, 0, 0, +1,
        /* from 11 */ 0, +1, -1, 0,
    ]

    /// The encoder's resolution: where it rests and how many quarter steps make a detent.
    public let resolution: Resolution
    /// Whether A and B are swapped before decoding, reversing which way counts as clockwise.
    public let reversed: Bool

    /// Net detents counted since the decoder was made: clockwise positive.
    public private(set) var detents: Int = 0
    /// Samples in which both lines had changed at once, which were ignored.
    public private(set) var ignoredTransitions: Int = 0

    /// The last state seen, `A << 1 | B` after any swap.
    private var state: UInt8
    /// Net quarter steps since a valid transition last arrived at a rest state.
    private var quarterSteps: Int = 0

    /// A decoder for an encoder of `resolution` whose lines currently read `a` and `b`
    /// (by default both high: a full-step encoder at rest with pull-ups). Set `reversed` to
    /// swap A and B, which reverses the direction.
    public init(resolution: Resolution = .fullStep, reversed: Bool = false, a: Bool = true, b: Bool = true) {
        self.resolution = resolution
        self.reversed = reversed
        self.state = Self.encode(a: a, b: b, reversed: reversed)
    }

    /// Feeds one reading of the lines `a`, `b` taken at `time`; returns a `.rotate(+1)` or
    /// `.rotate(-1)` event, stamped `time`, for each detent this reading completes (usually
    /// none or one).
    public mutating func feed(a: Bool, b: Bool, at time: FrameTime) -> [InputEvent] {
        let next = Self.encode(a: a, b: b, reversed: reversed)
        let previous = state
        if next == previous { return [] }
        state = next
        if (next ^ previous) == 0b11 {
            ignoredTransitions += 1
            return []
        }
        quarterSteps += Int(Self.transitionTable[Int(previous << 2 | next)])
        guard resolution.isRest(next) else { return [] }
        let completed = quarterSteps / resolution.quarterStepsPerDetent
        quarterSteps = 0
        detents += completed
        let action = InputAction.rotate(completed > 0 ? 1 : -1)
        return Array(repeating: InputEvent(action, at: time), count: abs(completed))
    }

    /// Feeds one sample; see `feed(a:b:at:)`.
    public mutating func feed(_ sample: Sample) -> [InputEvent] {
        feed(a: sample.a, b: sample.b, at: sample.time)
    }

    /// Feeds `samples` in order and returns all the detent events they complete, in order.
    public mutating func feed<Samples: Sequence<Sample>>(_ samples: Samples) -> [InputEvent] {
        var events: [InputEvent] = []
        for sample in samples { events += feed(sample) }
        return events
    }

    /// The state number `A << 1 | B`, with A and B swapped when `reversed`.
    private static func encode(a: Bool, b: Bool, reversed: Bool) -> UInt8 {
        let (first, second) = reversed ? (b, a) : (a, b)
        return (first ? 0b10 : 0) | (second ? 0b01 : 0)
    }
}
