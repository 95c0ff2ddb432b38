import PixelCore

/// The Nature family's effects (fire, aurora, snowfall, rain on water) as one closed type, so the catalog's `EffectScene` stays a
/// switch over concrete types (Embedded Swift has no value-type existentials).
public enum NatureEffect: Scene, Sendable {
    /// Flames rising from the bottom edge.
    case fire(Fire)
    /// Waving curtains of northern lights.
    case aurora(Aurora)
    /// Snow falling and swaying.
    case snowfall(Snowfall)
    /// Raindrops rippling still water.
    case rainOnWater(RainOnWater)

    /// The family's effects, in menu order.
    static let descriptors: [EffectDescriptor] = [
        Fire.descriptor,
        Aurora.descriptor,
        Snowfall.descriptor,
        RainOnWater.descriptor,
    ]

    /// Renders the wrapped effect, keeping whatever state it advances.
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        switch self {
        case var .fire(s): s.render(into: &canvas, at: time); self = .fire(s)
        case var .aurora(s): s.render(into: &canvas, at: time); self = .aurora(s)
        case var .snowfall(s): s.render(into: &canvas, at: time); self = .snowfall(s)
        case var .rainOnWater(s): s.render(into: &canvas, at: time); self = .rainOnWater(s)
        }
    }
}
