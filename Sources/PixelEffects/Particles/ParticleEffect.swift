import PixelCore

/// The Particles family's effects (confetti, fireworks, bouncing balls, drift, meteors) as one closed type, so the catalog's `EffectScene` stays a
/// switch over concrete types (Embedded Swift has no value-type existentials).
public enum ParticleEffect: Scene, Sendable {
    /// Sparks of palette colour popping up and fading.
    case confetti(Confetti)
    /// Rockets bursting into sparks.
    case fireworks(Fireworks)
    /// Balls bouncing under gravity.
    case bouncingBalls(BouncingBalls)
    /// Particles drifting along a flow field.
    case drift(Drift)
    /// A meteor shower.
    case meteors(Meteors)

    /// The family's effects, in menu order.
    static let descriptors: [EffectDescriptor] = [
        Confetti.descriptor,
        Fireworks.descriptor,
        BouncingBalls.descriptor,
        Drift.descriptor,
        Meteors.descriptor,
    ]

    /// Renders the wrapped effect, keeping whatever state it advances.
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        switch self {
        case var .confetti(s): s.render(into: &canvas, at: time); self = .confetti(s)
        case var .fireworks(s): s.render(into: &canvas, at: time); self = .fireworks(s)
        case var .bouncingBalls(s): s.render(into: &canvas, at: time); self = .bouncingBalls(s)
        case var .drift(s): s.render(into: &canvas, at: time); self = .drift(s)
        case var .meteors(s): s.render(into: &canvas, at: time); self = .meteors(s)
        }
    }
}
