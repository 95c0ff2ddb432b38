import PixelCore

/// Snow falling through a dark sky: flakes of varied size drift down, swaying side to side,
/// near (big, bright, fast) and far (small, dim, slow) flakes mixed.
///
/// Each flake is closed form, so nothing is simulated: its height is
/// (start + t·fall speed) mod (panel height + its diameter) and its x is x₀ + sway·sin(phase +
/// t·rate). Flakes are anti-aliased discs added up per LED (`LightBuffer`) over a faint sky
/// gradient from the bottom of the palette.
public struct Snowfall: Scene, Sendable {
    /// How the catalog lists this effect (`snowfall`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "snowfall",
        family: .nature,
        summary: "snowflakes of varied size falling and swaying through a dark sky",
        parameters: [
            .speed,
            EffectParameter("density", "how many flakes: per 100 LEDs on panels up to 32 rows at size 1, the same look on taller ones",
                            .number(range: 0.5...20, default: 6, unit: "flakes/100 LEDs")),
            EffectParameter("size", "flake size, as a multiple of the natural size for the panel",
                            .number(range: 0.5...3, default: 1, unit: "x")),
            .palette(default: "ice"),
        ],
        make: { values, seed, width, height in
            .nature(.snowfall(Snowfall(width: width, height: height, speed: values.number("speed"), density: values.number("density"),
                                       size: values.number("size"), palette: values.palette("palette"), seed: seed)))
        })

    /// One flake's constants.
    struct Flake: Sendable {
        var x: Fixed
        var start: Int64  // raw Q16.16 LEDs along its fall
        var fallRate: Fixed  // LEDs per second
        var radius: Fixed
        var sway: Fixed  // LEDs
        var swayRate: Fixed  // Hz
        var swayPhase: Angle
        var color: LinearColor
    }

    let width: Int, height: Int
    let speed: Fixed
    let flakes: [Flake]
    let sky: [LinearColor]
    var light: LightBuffer

    /// Snow on a `width × height` panel: `density` flakes per 100 LEDs (at up to 32 rows),
    /// flakes `size` times their natural size.
    public init(width: Int, height: Int, speed: Fixed, density: Fixed, size: Fixed, palette: Palette, seed: UInt64) {
        self.width = width; self.height = height; self.speed = speed
        let table = palette.table
        var rng = SeededRandom(seed: seed)
        // Panels taller than 32 rows get proportionally bigger (and so fewer) flakes.
        let scale = max(Fixed.one, Fixed(height) / 32)
        // Bigger flakes (a larger size) come fewer, so the sky is about as full.
        let unit = scale * max(.one, size)
        let area = Int64(width * height) * 65536 / Int64((unit * unit).raw)
        let count = max(2, Int((Int64(density.raw) * area) >> 16) / 100)
        let h = Fixed(height)
        flakes = (0..<count).map { _ in
            let near = rng.unit()  // 0 far ... 1 near
            let radius = scale * size * (Fixed(45, over: 100) + near * Fixed(65, over: 100))
            let span = Int64((h + radius * 2).raw)
            let brightness = Fixed(4, over: 10) + near * Fixed(6, over: 10)
            return Flake(x: rng.fixed(in: 0...Fixed(width)),
                         start: Int64(rng.int(in: 0...Int(span - 1))),
                         fallRate: h * (Fixed(8, over: 100) + near * Fixed(14, over: 100)) * rng.fixed(in: 0.85...1.15),
                         radius: radius,
                         sway: scale * rng.fixed(in: 0.4...1.6),
                         swayRate: rng.fixed(in: 0.15...0.45),
                         swayPhase: Angle(raw: Int32(rng.int(in: 0...65535))),
                         color: table[200 + (near * 55).floor].scaled(by: brightness))
        }
        // A faint sky: the bottom of the palette, a little lighter towards the ground.
        sky = (0..<height).map { y in
            table[(30 * y) / max(height - 1, 1)].scaled(by: Fixed(35, over: 100))
        }
        light = LightBuffer(width: width, height: height)
    }

    /// Draws the effect as it is `time` after it started.
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        let t = time.scaled(by: speed)
        light.fill(rows: sky)
        let w = Int64(width) << 16
        for flake in flakes {
            let span = Int64(height) << 16 + Int64(flake.radius.raw) * 2
            let fallen = (flake.start + t.distance(atRate: flake.fallRate)) % span
            let y = Fixed(raw: Int32(fallen)) - flake.radius
            var x = Int64((flake.x + flake.sway * Trig.sine(flake.swayPhase + t.phase(cyclesPerSecond: flake.swayRate))).raw)
            x = ((x % w) + w) % w
            light.disc(x: Fixed(raw: Int32(x)), y: y, radius: flake.radius, color: flake.color, intensity: .one)
            // A flake leaving one side shows on the other.
            if x < Int64(flake.radius.raw) {
                light.disc(x: Fixed(raw: Int32(x + w)), y: y, radius: flake.radius, color: flake.color, intensity: .one)
            } else if x > w - Int64(flake.radius.raw) {
                light.disc(x: Fixed(raw: Int32(x - w)), y: y, radius: flake.radius, color: flake.color, intensity: .one)
            }
        }
        light.paint(into: &canvas)
    }
}
