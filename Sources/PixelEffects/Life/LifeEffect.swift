import PixelCore

/// The Life family's effects (Game of Life, rainbow, colour waves) as one closed type, so the catalog's `EffectScene` stays a
/// switch over concrete types (Embedded Swift has no value-type existentials).
public enum LifeEffect: Scene, Sendable {
    /// Conway's Game of Life (`game-of-life`).
    case gameOfLife(GameOfLife)
    /// The diagonal rainbow (`rainbow`).
    case rainbow(Rainbow)
    /// The colour waves (`color-waves`).
    case colorWaves(ColorWaves)

    /// The family's effects, in menu order.
    static let descriptors: [EffectDescriptor] = [
        GameOfLife.descriptor,
        Rainbow.descriptor,
        ColorWaves.descriptor,
    ]

    /// Renders the wrapped effect, keeping whatever state it advances.
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        switch self {
        case var .gameOfLife(s):
            s.render(into: &canvas, at: time)
            self = .gameOfLife(s)
        case var .rainbow(s):
            s.render(into: &canvas, at: time)
            self = .rainbow(s)
        case var .colorWaves(s):
            s.render(into: &canvas, at: time)
            self = .colorWaves(s)
        }
    }
}
