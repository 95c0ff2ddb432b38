import PixelCore

/// A twinkling starfield, in the two ways the original write-up built it.
///
/// - `objects`: a list of stars, each with a position, size, twinkle frequency, base opacity
///   and phase; its opacity is max(0, sin(phase + t·freq)) · base, never negative.
/// - `shader`: a per-LED function of (x, y, t). The panel is cut into square cells; a hash
///   of each cell above the probability threshold puts a star at its centre that twinkles as
///   0.9 + 0.8·sin(t + 20·k) and falls off with distance in a cross shape; elsewhere a sparse
///   background sparkle. Evaluated at every sample, so it is supersampled like any shape.
public struct Starfield: Scene {
    public static let descriptor = EffectDescriptor(
        name: "starfield",
        summary: "twinkling stars, as a list of stars or as a per-pixel shader",
        parameters: [
            EffectParameter("mode", "objects: a list of stars; shader: a per-LED function", .choice(["objects", "shader"], default: "objects")),
            EffectParameter("density", "objects mode: stars per 100 LEDs", .number(range: 0.5...50, default: 4, unit: "stars/100 LEDs")),
            EffectParameter("twinkle", "objects mode: fastest twinkle", .number(range: 0.05...5, default: 0.6, unit: "Hz")),
            EffectParameter("cell", "shader mode: size of a star's cell", .integer(range: 2...32, default: 5, unit: "LEDs")),
            EffectParameter("probability", "shader mode: share of cells without a star", .number(range: 0.5...0.99, default: 0.85, unit: "")),
            EffectParameter("sparkle", "shader mode: share of LEDs that sparkle in the background", .number(range: 0...0.2, default: 0.03, unit: "")),
            EffectParameter("color", "star colour", .color(default: Color(red: 255, green: 244, blue: 214))),
        ],
        make: { values, seed, width, height in
            let color = values.color("color")
            if values.choice("mode") == "shader" {
                return Starfield(shaderWidth: width, height: height, cellSize: values.integer("cell"),
                                 probability: values.number("probability"), sparkle: values.number("sparkle"),
                                 color: color, seed: seed)
            }
            return Starfield(width: width, height: height, density: values.number("density"),
                             maxFrequency: values.number("twinkle"), color: color, seed: seed)
        })

    /// One star of object mode.
    public struct Star: Hashable, Sendable {
        /// Centre, in LEDs.
        public var center: Point
        /// Diameter, in LEDs.
        public var size: Fixed
        /// Twinkles per second.
        public var frequency: Fixed
        /// Opacity at the top of a twinkle, 0...1.
        public var baseOpacity: Fixed
        /// Where in its twinkle the star starts.
        public var phase: Angle

        /// max(0, sin(phase + t·frequency)) · baseOpacity.
        public func opacity(at time: FrameTime) -> Fixed {
            let s = Trig.sine(phase + time.phase(cyclesPerSecond: frequency))
            return s > .zero ? s * baseOpacity : .zero
        }
    }

    enum Mode: Sendable {
        case objects([Star])
        case shader(cellSize: Int, probability: Fixed, sparkleThreshold: Fixed)
    }

    let mode: Mode
    let color: Color
    let seed: UInt64

    /// The stars of object mode (empty in shader mode).
    public var stars: [Star] {
        if case let .objects(stars) = mode { return stars }
        return []
    }

    /// Object mode: `density` stars per 100 LEDs, twinkling at up to `maxFrequency` Hz.
    public init(width: Int, height: Int, density: Fixed, maxFrequency: Fixed, color: Color, seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let count = max(1, (density * (width * height)).rounded / 100)
        let stars = (0..<count).map { _ in
            Star(center: Point(x: rng.fixed(in: 0...Fixed(width)), y: rng.fixed(in: 0...Fixed(height))),
                 size: rng.fixed(in: Fixed(6, over: 10)...Fixed(16, over: 10)),
                 frequency: rng.fixed(in: (maxFrequency / 4)...maxFrequency),
                 baseOpacity: rng.fixed(in: Fixed(3, over: 10)...1),
                 phase: Angle(raw: Int32(rng.int(in: 0...65535))))
        }
        mode = .objects(stars)
        self.color = color
        self.seed = seed
    }

    /// Shader mode: cells `cellSize` LEDs square, a star in each cell whose hash exceeds
    /// `probability`, and a background sparkle on a share `sparkle` of LEDs.
    public init(shaderWidth width: Int, height: Int, cellSize: Int, probability: Fixed, sparkle: Fixed, color: Color, seed: UInt64) {
        mode = .shader(cellSize: cellSize, probability: probability, sparkleThreshold: .one - sparkle)
        self.color = color
        self.seed = seed
    }

    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        switch mode {
        case let .objects(stars):
            for star in stars {
                let opacity = star.opacity(at: time)
                guard opacity > .zero else { continue }
                canvas.fillCircle(center: star.center, radius: star.size / 2, color: color.withOpacity(opacity))
            }
        case let .shader(cellSize, probability, sparkleThreshold):
            let shader = StarShader(cellSize: cellSize, probability: probability, sparkleThreshold: sparkleThreshold,
                                    seed: seed, time: time)
            let light = color.linear
            canvas.shade { p in light.scaled(by: shader.brightness(at: p)) }
        }
    }
}

/// The per-pixel star function of shader mode, at one instant.
struct StarShader {
    let cellSize: Int
    let probability: Fixed
    let sparkleThreshold: Fixed
    let seed: UInt64
    /// t / 2π turns: the shader's sin(t) in radians.
    let timePhase: Angle
    let time: FrameTime

    /// 1 / (2π), for turning radians into turns.
    static let turnsPerRadian = Fixed(raw: 10430)

    init(cellSize: Int, probability: Fixed, sparkleThreshold: Fixed, seed: UInt64, time: FrameTime) {
        self.cellSize = cellSize
        self.probability = probability
        self.sparkleThreshold = sparkleThreshold
        self.seed = seed
        self.time = time
        timePhase = time.phase(cyclesPerSecond: Self.turnsPerRadian)
    }

    /// Brightness 0...1 at `p` (LEDs).
    func brightness(at p: Point) -> Fixed {
        let size = Fixed(cellSize)
        let cx = floorDiv(Int64(p.x.raw), Int64(size.raw)), cy = floorDiv(Int64(p.y.raw), Int64(size.raw))
        let starValue = Mix.unit(seed, Int(cx), Int(cy))
        if starValue > probability {
            let center = Point(x: size * Int(cx) + size / 2, y: size * Int(cy) + size / 2)
            // Twinkle: 0.9 + 0.8·sin(t + 20·(v − prob)/(1 − prob)) with the sine's argument in radians.
            let k = (starValue - probability) / (.one - probability)
            let twinkle = Fixed(9, over: 10) + Fixed(8, over: 10) * Trig.sine(timePhase + Angle(turns: k * 20 * Self.turnsPerRadian))
            let dx = (p.x - center.x).magnitude, dy = (p.y - center.y).magnitude
            let distance = Fixed(raw: Int32(integerSquareRoot(UInt64(Int64(dx.raw) * Int64(dx.raw) + Int64(dy.raw) * Int64(dy.raw)))))
            let falloff = .one - distance / (size / 2)
            guard falloff > .zero, twinkle > .zero else { return .zero }
            // The original divides by |dx| and |dy| in pixels of a 10-pixel cell: a cross-shaped
            // glow. Measure in tenths of a cell and keep 0.5 as the floor so the centre stays finite.
            let tenth = size / 10
            let ndx = max(dx / tenth, .half), ndy = max(dy / tenth, .half)
            let value = falloff * twinkle / ndy * twinkle / ndx
            return min(value, .one)
        }
        // Background sparkle: a per-LED hash (not per sample), pulsing slowly.
        let r = Mix.unit(seed ^ 0x5EED, p.x.floor, p.y.floor)
        guard r > sparkleThreshold else { return .zero }
        // r · (0.25·sin(t·5r + 720r) + 0.75), halved so it stays in the background.
        let wave = Trig.sine(time.phase(cyclesPerSecond: r * 5 * Self.turnsPerRadian) + Angle(turns: r * 720 * Self.turnsPerRadian))
        return (r * (wave / 4 + Fixed(3, over: 4))) / 2
    }
}
