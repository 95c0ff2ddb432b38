import PixelCore

/// The Fields family's effects (plasma, noise, lava lamp, ocean, interference) as one closed type, so the catalog's `EffectScene` stays a
/// switch over concrete types (Embedded Swift has no value-type existentials).
public enum FieldEffect: Scene, Sendable {
    /// The plasma (`plasma`).
    case plasma(Plasma)
    /// The noise field (`noise`).
    case noise(Noise)
    /// The lava lamp (`lava-lamp`).
    case lavaLamp(LavaLamp)
    /// The ocean swells (`ocean`).
    case ocean(Ocean)
    /// The two-source ripples (`interference`).
    case interference(Interference)

    /// The family's effects, in menu order.
    static let descriptors: [EffectDescriptor] = [
        Plasma.descriptor,
        Noise.descriptor,
        LavaLamp.descriptor,
        Ocean.descriptor,
        Interference.descriptor,
    ]

    /// Renders the wrapped effect, keeping whatever state it advances.
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        switch self {
        case var .plasma(s):
            s.render(into: &canvas, at: time)
            self = .plasma(s)
        case var .noise(s):
            s.render(into: &canvas, at: time)
            self = .noise(s)
        case var .lavaLamp(s):
            s.render(into: &canvas, at: time)
            self = .lavaLamp(s)
        case var .ocean(s):
            s.render(into: &canvas, at: time)
            self = .ocean(s)
        case var .interference(s):
            s.render(into: &canvas, at: time)
            self = .interference(s)
        }
    }
}
