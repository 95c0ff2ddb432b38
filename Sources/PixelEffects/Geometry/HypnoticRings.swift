import PixelCore

/// Concentric rings moving outward from the centre and breathing: each LED's ring is its
/// distance divided by the ring spacing, less the time; the spacing swells and shrinks
/// slowly, so the rings pulse. Every ring takes the next colour of the palette, with a dark
/// groove between rings.
public struct HypnoticRings: Scene, Sendable {
    /// How the catalog lists this effect (`hypnotic-rings`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "hypnotic-rings",
        family: .geometry,
        summary: "concentric rings streaming outward and pulsing",
        parameters: [
            .speed,
            EffectParameter("width", "width of a ring, as a share of the panel's shorter half-side", .number(range: 0.05...1, default: 0.25, unit: "")),
            EffectParameter("pulse", "how much the rings swell and shrink", .number(range: 0...1, default: 0.3, unit: "")),
            .palette(default: "rainbow"),
        ],
        make: { values, _, width, height in
            .geometry(.hypnoticRings(HypnoticRings(width: width, height: height, speed: values.number("speed"),
                                                   ringWidth: values.number("width"), pulse: values.number("pulse"),
                                                   palette: values.palette("palette"))))
        })

    let width: Int
    /// Samples per LED along each axis (2 on small panels).
    let factor: Int
    let speed: Fixed
    let pulse: Fixed
    let colors: PaletteTable
    let sine = SineTable()
    /// Per LED: distance from the centre in rings at rest, Q16.16.
    let rings: [Int32]

    /// Rings `ringWidth` of the shorter half-side wide (at least 3 LEDs, groove included), swelling by `pulse`.
    public init(width: Int, height: Int, speed: Fixed, ringWidth: Fixed, pulse: Fixed, palette: Palette) {
        self.width = width; self.speed = speed; self.pulse = pulse
        colors = palette.table
        factor = fieldSampling(width: width, height: height)
        let polar = PolarTable(width: width * factor, height: height * factor)
        // Ring width (a bright band and its groove) in units of the half-side, at least 3 LEDs.
        let w = Int64(max(ringWidth, Fixed(3 * factor) / polar.unit).raw)
        rings = polar.radius.map { r in Int32(clamping: (Int64(r) << 16) / w) }
    }

    /// Draws the frame at `time` (the same picture for the same instant, whatever came before).
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        let t = time.scaled(by: speed)
        // Outward at one ring a second; the spacing breathes once every 5 s.
        let travel = Int32(truncatingIfNeeded: t.distance(atRate: 1))
        let breath = sine.sine(t.phase(cyclesPerSecond: Fixed(1, over: 5)).raw)  // Q1.14
        // Scale of the ring count: 1 + pulse·sin/2 (Q16.16).
        let scale = Int64(65536 + ((Int64(pulse.raw) * Int64(breath)) >> 15))
        let width = width, factor = factor, rings = rings, colors = colors, sine = sine
        // The colour of sample i (an LED, or a quarter of one on small panels).
        @inline(__always) func sample(_ i: Int) -> LinearColor {
            let k = Int32(truncatingIfNeeded: (Int64(rings[i]) * scale) >> 16) &- travel
            // Brightness across a ring: a raised cosine, dark at the groove.
            let s = (16384 &- sine.sine((k & 0xFFFF) &+ 16384)) >> 7  // 0...256
            return colors[Int((k >> 16) &* 23)].times(24 + s * 232 / 256)
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
