import PixelCore

/// The Geometry family's effects (tunnel, spiral, kaleidoscope, Lissajous, DNA, rotozoom, Julia, hypnotic rings) as one closed type, so the catalog's `EffectScene` stays a
/// switch over concrete types (Embedded Swift has no value-type existentials).
public enum GeometryEffect: Scene, Sendable {
    /// Flying down a tunnel.
    case tunnel(Tunnel)
    /// A turning spiral.
    case spiral(Spiral)
    /// A flowing field folded into mirrored wedges.
    case kaleidoscope(Kaleidoscope)
    /// A Lissajous curve with a fading trail.
    case lissajous(Lissajous)
    /// A turning double helix.
    case dna(DNA)
    /// A turning, zooming chequered plane.
    case rotozoom(Rotozoom)
    /// A Julia-set fractal.
    case julia(Julia)
    /// Concentric rings moving outward.
    case hypnoticRings(HypnoticRings)

    /// The family's effects, in menu order.
    static let descriptors: [EffectDescriptor] = [
        Tunnel.descriptor,
        Spiral.descriptor,
        Kaleidoscope.descriptor,
        Lissajous.descriptor,
        DNA.descriptor,
        Rotozoom.descriptor,
        Julia.descriptor,
        HypnoticRings.descriptor,
    ]

    /// Renders the wrapped effect, keeping whatever state it advances.
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        switch self {
        case var .tunnel(s): s.render(into: &canvas, at: time); self = .tunnel(s)
        case var .spiral(s): s.render(into: &canvas, at: time); self = .spiral(s)
        case var .kaleidoscope(s): s.render(into: &canvas, at: time); self = .kaleidoscope(s)
        case var .lissajous(s): s.render(into: &canvas, at: time); self = .lissajous(s)
        case var .dna(s): s.render(into: &canvas, at: time); self = .dna(s)
        case var .rotozoom(s): s.render(into: &canvas, at: time); self = .rotozoom(s)
        case var .julia(s): s.render(into: &canvas, at: time); self = .julia(s)
        case var .hypnoticRings(s): s.render(into: &canvas, at: time); self = .hypnoticRings(s)
        }
    }
}
