import PixelCore

/// A scene of one of the catalog's effects: the closed set of scenes PixelWheel ships.
///
/// The catalog hands out this enum rather than an existential, so rendering a catalog effect
/// is a switch over concrete types: it compiles for Embedded Swift (which has no value-type
/// existentials) and the optimiser can specialise every effect's drawing. It is itself a
/// `Scene`, so anything that plays scenes plays it.
public enum EffectScene: Scene, Sendable {
    /// The bouncing logo (`bounce`).
    case bounce(BouncingLogo)
    /// The starfield (`starfield`), in either mode.
    case starfield(Starfield)
    /// The digital rain (`rain`).
    case rain(DigitalRain)
    /// The fan sweep (`fan`).
    case fan(FanSweep)
    /// An effect of the Nature family.
    case nature(NatureEffect)
    /// An effect of the Fields family.
    case fields(FieldEffect)
    /// An effect of the Geometry family.
    case geometry(GeometryEffect)
    /// An effect of the Particles family.
    case particles(ParticleEffect)
    /// An effect of the Life family.
    case life(LifeEffect)

    /// Renders the wrapped scene, keeping whatever state it advances.
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        switch self {
        case var .bounce(scene):
            scene.render(into: &canvas, at: time)
            self = .bounce(scene)
        case var .starfield(scene):
            scene.render(into: &canvas, at: time)
            self = .starfield(scene)
        case var .rain(scene):
            scene.render(into: &canvas, at: time)
            self = .rain(scene)
        case var .fan(scene):
            scene.render(into: &canvas, at: time)
            self = .fan(scene)
        case var .nature(scene):
            scene.render(into: &canvas, at: time)
            self = .nature(scene)
        case var .fields(scene):
            scene.render(into: &canvas, at: time)
            self = .fields(scene)
        case var .geometry(scene):
            scene.render(into: &canvas, at: time)
            self = .geometry(scene)
        case var .particles(scene):
            scene.render(into: &canvas, at: time)
            self = .particles(scene)
        case var .life(scene):
            scene.render(into: &canvas, at: time)
            self = .life(scene)
        }
    }
}
