import PixelCore

/// A twinkling starfield, in the two ways the original write-up built it.
///
/// - `objects`: a list of stars, each with a position, size, twinkle frequency, base opacity
///   and phase; its opacity is max(0, sin(phase + t·freq)) · base, never negative.
/// - `shader`: a per-LED function of (x, y, t). The panel is cut into square cells; a hash
///   of each cell above the probability threshold puts a star at its centre that twinkles as
///   0.9 + 0.8·sin(t + 20·k) and falls off with distance in a cross shape; elsewhere a sparse
///   background sparkle. Evaluated at every sample, so it is supersampled like any shape.
public struct Starfield: Scene, Sendable {
    /// How the catalog lists this effect (`starfield`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "starfield",
        family: .classic,
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
                return .starfield(Starfield(shaderWidth: width, height: height, cellSize: values.integer("cell"),
                                            probability: values.number("probability"), sparkle: values.number("sparkle"),
                                            color: color, seed: seed))
            }
            return .starfield(Starfield(width: width, height: height, density: values.number("density"),
                                        maxFrequency: values.number("twinkle"), color: color, seed: seed))
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
        case shader(StarShader.Layout)
    }

    let mode: Mode
    let color: Color

    /// The stars of object mode (empty in shader mode).
    public var stars: [Star] {
        if case let .objects(stars) = mode { return stars }
        return []
    }

    /// Object mode: `density` stars per 100 LEDs, twinkling at up to `maxFrequency` Hz.
    public init(width: Int, height: Int, density: Fixed, maxFrequency: Fixed, color: Color, seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        // In 64 bits: a fixed-point product would saturate at 32767 stars.
        let count = max(1, Int((Int64(density.raw) * Int64(width * height) + 0x8000) >> 16) / 100)
        let stars = (0..<count).map { _ in
            Star(center: Point(x: rng.fixed(in: 0...Fixed(width)), y: rng.fixed(in: 0...Fixed(height))),
                 size: rng.fixed(in: Fixed(6, over: 10)...Fixed(16, over: 10)),
                 frequency: rng.fixed(in: (maxFrequency / 4)...maxFrequency),
                 baseOpacity: rng.fixed(in: Fixed(3, over: 10)...1),
                 phase: Angle(raw: Int32(rng.int(in: 0...65535))))
        }
        mode = .objects(stars)
        self.color = color
    }

    /// Shader mode: cells `cellSize` LEDs square, a star in each cell whose hash exceeds
    /// `probability`, and a background sparkle on a share `sparkle` of LEDs.
    public init(shaderWidth width: Int, height: Int, cellSize: Int, probability: Fixed, sparkle: Fixed, color: Color, seed: UInt64) {
        mode = .shader(StarShader.Layout(width: width, height: height, cellSize: cellSize, probability: probability,
                                         sparkleThreshold: .one - sparkle, seed: seed))
        self.color = color
    }

    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        switch mode {
        case let .objects(stars):
            for star in stars {
                let opacity = star.opacity(at: time)
                guard opacity > .zero else { continue }
                canvas.fillCircle(center: star.center, radius: star.size / 2, color: color.withOpacity(opacity))
            }
        case let .shader(layout):
            let shader = StarShader(layout: layout, time: time)
            let light = color.linear
            guard canvas.transform == .identity else {
                canvas.shade { p in light.scaled(by: shader.brightness(at: p)) }
                return
            }
            shader.paint(into: &canvas, light: light)
        }
    }
}

/// The per-pixel star function of shader mode, at one instant.
///
/// What depends only on the seed and the panel — each cell's star value and each LED's
/// sparkle value — is hashed once when the scene is made (`StarShader.Layout`); per frame
/// only the twinkle and the sparkle pulse are computed, so a sample costs a table look-up
/// unless it is inside a star's cell.
struct StarShader {
    /// The seed- and size-dependent part, computed once.
    struct Layout: Sendable {
        let width: Int, height: Int
        let cellSize: Int
        let columns: Int, rows: Int
        /// Star value of each cell (row-major), 0 where the hash is at or below the probability.
        let cellValues: [Fixed]
        /// Sparkle value r of each LED (row-major), 0 where it does not sparkle.
        let sparkleValues: [Fixed]
        /// Whether each LED (row-major) lies in a cell with a star.
        let inStarCell: [Bool]
        let probability: Fixed
        /// A cell's side, half of it (the star's radius) and a tenth of it, in LEDs.
        let size: Fixed, radius: Fixed, tenth: Fixed

        init(width: Int, height: Int, cellSize: Int, probability: Fixed, sparkleThreshold: Fixed, seed: UInt64) {
            self.width = width; self.height = height; self.cellSize = cellSize; self.probability = probability
            size = Fixed(cellSize)
            radius = size / 2
            tenth = size / 10
            columns = (width + cellSize - 1) / cellSize
            rows = (height + cellSize - 1) / cellSize
            var cells: [Fixed] = []
            for cy in 0..<rows {
                for cx in 0..<columns {
                    let v = Mix.unit(seed, cx, cy)
                    cells.append(v > probability ? v : .zero)
                }
            }
            cellValues = cells
            var sparkle: [Fixed] = []
            for y in 0..<height {
                for x in 0..<width {
                    let r = Mix.unit(seed ^ 0x5EED, x, y)
                    sparkle.append(r > sparkleThreshold ? r : .zero)
                }
            }
            sparkleValues = sparkle
            let columnCount = columns
            inStarCell = (0..<(width * height)).map { i in
                cells[(i / width / cellSize) * columnCount + (i % width) / cellSize] > .zero
            }
        }
    }

    let layout: Layout
    /// Brightness of each LED's background sparkle at this instant.
    let sparkle: [Fixed]
    /// Twinkle factor of each cell at this instant.
    let twinkle: [Fixed]

    /// 1 / (2π), for turning radians into turns.
    static let turnsPerRadian = Fixed(raw: 10430)

    init(layout: Layout, time: FrameTime) {
        self.layout = layout
        let timePhase = time.phase(cyclesPerSecond: Self.turnsPerRadian)
        // Twinkle: 0.9 + 0.8·sin(t + 20·(v − prob)/(1 − prob)) with the sine's argument in radians.
        twinkle = layout.cellValues.map { v in
            guard v > .zero else { return .zero }
            let k = (v - layout.probability) / (.one - layout.probability)
            return 0.9 + 0.8 * Trig.sine(timePhase + Angle(turns: k * 20 * Self.turnsPerRadian))
        }
        // r · (0.25·sin(t·5r + 720r) + 0.75), halved so it stays in the background.
        sparkle = layout.sparkleValues.map { r in
            guard r > .zero else { return .zero }
            let wave = Trig.sine(time.phase(cyclesPerSecond: r * 5 * Self.turnsPerRadian) + Angle(turns: r * 720 * Self.turnsPerRadian))
            return (r * (wave / 4 + 0.75)) / 2
        }
    }

    /// Brightness 0...1 at `p` (LEDs).
    func brightness(at p: Point) -> Fixed {
        let x = min(max(p.x.floor, 0), layout.width - 1), y = min(max(p.y.floor, 0), layout.height - 1)
        let cx = x / layout.cellSize, cy = y / layout.cellSize
        let cell = cy * layout.columns + cx
        let tw = twinkle[cell]
        guard layout.cellValues[cell] > .zero else { return sparkle[y * layout.width + x] }
        guard tw > .zero else { return .zero }
        let size = layout.size, radius = layout.radius
        let center = Point(x: size * cx + radius, y: size * cy + radius)
        return Self.brightness(Self.glow(dx: (p.x - center.x).magnitude, dy: (p.y - center.y).magnitude, layout: layout),
                               twinkle: tw)
    }

    /// The part of a star's brightness that depends only on the distances |dx|, |dy| (LEDs)
    /// of a point from the star: the radial falloff (zero where there is no light) and the
    /// distances in tenths of a cell that shape the cross.
    struct Glow {
        var falloff: Fixed, ndx: Fixed, ndy: Fixed
        static let dark = Glow(falloff: .zero, ndx: .half, ndy: .half)
    }

    static func glow(dx: Fixed, dy: Fixed, layout: Layout) -> Glow {
        let radius = layout.radius
        // At or beyond the radius the distance / radius rounds to at least 1: no light. (Every
        // operand below is positive, so `quotient` gives what `/` gives.)
        let squared = Int64(dx.raw) * Int64(dx.raw) + Int64(dy.raw) * Int64(dy.raw)
        guard squared < Int64(radius.raw) * Int64(radius.raw) else { return .dark }
        let distance = Fixed(raw: Int32(integerSquareRoot(UInt64(squared))))
        let falloff = .one - quotient(distance, radius)
        guard falloff > .zero else { return .dark }
        // The original divides by |dx| and |dy| in pixels of a 10-pixel cell: a cross-shaped
        // glow. Measure in tenths of a cell and keep 0.5 as the floor so the centre stays finite.
        let tenth = layout.tenth
        return Glow(falloff: falloff, ndx: max(quotient(dx, tenth), .half), ndy: max(quotient(dy, tenth), .half))
    }

    /// A star's brightness 0...1 where its glow is `glow` and its twinkle factor `tw` > 0.
    /// (A dark glow gives 0: its falloff is 0.)
    @inline(__always) static func brightness(_ glow: Glow, twinkle tw: Fixed) -> Fixed {
        min(quotient(quotient(glow.falloff * tw, glow.ndy) * tw, glow.ndx), .one)
    }

    /// Paints every LED with what supersampling `brightness(at:)` times `light` and box-filtering
    /// gives, on a canvas with the identity transform, without drawing a sample.
    ///
    /// Outside the stars' cells every sample of an LED has the LED's sparkle, so the LED is that
    /// colour. Inside a star's cell the samples differ, and the LED is the rounded mean of its
    /// S×S sample colours, exactly as the canvas's downsample would make it. A cell's samples
    /// are symmetric about its star: of the n = cellSize·S sample centres along an axis, number
    /// a is exactly as far from the centre as number n − 1 − a. So the glow is computed once per
    /// frame for ⌈n/2⌉² distance pairs, each star cell turns them into a table of sample colours,
    /// and the means of the ⌈cellSize/2⌉² LEDs that differ (mirror images are equal) from it.
    func paint(into canvas: inout Canvas, light: LinearColor) {
        let s = canvas.supersampling.rawValue, shift = canvas.supersampling.shift
        let cellSize = layout.cellSize, n = cellSize * s, half = (n + 1) / 2, ledHalf = (cellSize + 1) / 2
        // |dx| of sample centre a of a cell from the cell's centre, as `brightness(at:)` computes
        // it (the same in every cell: cell origins are whole LEDs).
        let distances = (0..<half).map { a in
            let offset = ((a >> shift) << 16) + ((a & (s - 1)) << (16 - shift)) + (1 << (15 - shift))
            return (Fixed(raw: Int32(offset)) - layout.radius).magnitude
        }
        let index = (0..<n).map { a in min(a, n - 1 - a) }
        var glows: [Glow] = []
        glows.reserveCapacity(half * half)
        for dy in distances { for dx in distances { glows.append(Self.glow(dx: dx, dy: dy, layout: layout)) } }
        // Each star cell's LED colours, ⌈cellSize/2⌉² of them, from its samples' colours.
        var ledColors = [LinearColor](repeating: .black, count: twinkle.count * ledHalf * ledHalf)
        var table = [LinearColor](repeating: .black, count: half * half)
        let roundHalf = (UInt32(1) << (2 * shift)) >> 1, meanShift = UInt32(2 * shift)
        for cell in twinkle.indices {
            let tw = twinkle[cell]
            guard layout.cellValues[cell] > .zero, tw > .zero else { continue }
            for k in table.indices { table[k] = light.scaled(by: Self.brightness(glows[k], twinkle: tw)) }
            for ly in 0..<ledHalf {
                for lx in 0..<ledHalf {
                    var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0
                    for j in (ly * s)..<(ly * s + s) {
                        let line = index[j] * half
                        for i in (lx * s)..<(lx * s + s) {
                            let c = table[line + index[i]]
                            r &+= UInt32(c.red); g &+= UInt32(c.green); b &+= UInt32(c.blue)
                        }
                    }
                    ledColors[(cell * ledHalf + ly) * ledHalf + lx] =
                        LinearColor(red: UInt16((r + roundHalf) >> meanShift), green: UInt16((g + roundHalf) >> meanShift),
                                    blue: UInt16((b + roundHalf) >> meanShift))
                }
            }
        }
        let width = layout.width, columns = layout.columns
        canvas.paintLEDs { y, leds in
            let cy = y / cellSize, ly = y - cy * cellSize, mirroredY = min(ly, cellSize - 1 - ly)
            for x in 0..<width {
                let led = y * width + x
                guard layout.inStarCell[led] else {
                    let b = sparkle[led]
                    if b > .zero { leds[x] = light.scaled(by: b) }
                    continue
                }
                let cx = x / cellSize, lx = x - cx * cellSize
                let cell = cy * columns + cx
                leds[x] = ledColors[(cell * ledHalf + mirroredY) * ledHalf + min(lx, cellSize - 1 - lx)]
            }
        }
    }

    /// `a / b` for a ≥ 0 and b > 0, rounded to nearest and saturating like `Fixed./`, without
    /// its sign and zero handling: ⌊(2·a·2¹⁶ + b) / 2b⌋.
    @inline(__always) static func quotient(_ a: Fixed, _ b: Fixed) -> Fixed {
        let d = UInt64(b.raw)
        return Fixed(raw: Int32(clamping: ((UInt64(a.raw) << 17) + d) / (2 * d)))
    }
}
