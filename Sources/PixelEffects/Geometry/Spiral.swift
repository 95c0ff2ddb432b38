import PixelCore

/// A turning spiral: bright arms wound round the centre, each LED's brightness a wave of
/// its angle times the number of arms plus its distance times the curl, turning with time.
/// Colours flow outward through the palette; the gaps between arms stay dimly lit.
public struct Spiral: Scene, Sendable {
    /// How the catalog lists this effect (`spiral`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "spiral",
        family: .geometry,
        summary: "a turning spiral of bright arms with colours flowing outward",
        parameters: [
            .speed,
            EffectParameter("arms", "number of spiral arms", .integer(range: 1...12, default: 3, unit: "arms")),
            EffectParameter("curl", "how tightly the arms wind, in turns from the centre to the nearer edge", .number(range: 0...4, default: 1, unit: "turns")),
            .palette(default: "party"),
        ],
        make: { values, _, width, height in
            .geometry(.spiral(Spiral(width: width, height: height, speed: values.number("speed"), arms: values.integer("arms"),
                                     curl: values.number("curl"), palette: values.palette("palette"))))
        })

    let width: Int
    /// Samples per LED along each axis (2 on small panels).
    let factor: Int
    let speed: Fixed
    let colors: PaletteTable
    let sine = SineTable()
    /// Per LED: the arm phase at rest (1/65536 turn: angle · arms + radius · curl) and the
    /// palette position from the radius (1/256 of the palette).
    let phase: [Int32], radial: [Int32]

    /// A spiral of `arms` arms winding `curl` turns from the centre to the nearer edge.
    public init(width: Int, height: Int, speed: Fixed, arms: Int, curl: Fixed, palette: Palette) {
        self.width = width; self.speed = speed
        colors = palette.table
        factor = fieldSampling(width: width, height: height)
        let polar = PolarTable(width: width * factor, height: height * factor)
        var phase: [Int32] = [], radial: [Int32] = []
        for i in polar.angle.indices {
            let r = Int64(polar.radius[i])
            phase.append(Int32(truncatingIfNeeded: Int64(polar.angle[i]) * Int64(arms) - ((r * Int64(curl.raw)) >> 16)))
            radial.append(Int32(truncatingIfNeeded: (r * 96) >> 16))  // 96 palette steps per unit of radius
        }
        self.phase = phase; self.radial = radial
    }

    /// Draws the frame at `time` (the same picture for the same instant, whatever came before).
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        let t = time.scaled(by: speed)
        // The arms turn once every 4 s; colours flow out at 40 palette steps a second.
        let spin = t.phase(cyclesPerSecond: Fixed(1, over: 4)).raw
        let flow = Int32(truncatingIfNeeded: t.distance(atRate: 40) >> 16)
        let width = width, factor = factor, phase = phase, radial = radial, colors = colors, sine = sine
        // The colour of sample i (an LED, or a quarter of one on small panels).
        @inline(__always) func sample(_ i: Int) -> LinearColor {
            // Arm profile: (1 + sin)/2 squared, so the arms are bright and the gaps dim.
            let s = (sine.sine(phase[i] &+ spin) + 16384) >> 7  // 0...256
            let level = 40 + (s * s) * 216 / 65536
            return colors[mirroredIndex(radial[i] &- flow)].times(level)
        }
        if factor == 1 {
            canvas.paintLEDs { y, row in
                var i = y * width
                for x in row.indices { row[x] = sample(i); i += 1 }
            }
        } else {
            canvas.paintQuarters(width: width) { sample($0) }
        }
    }
}
