import PixelCore

/// An ocean seen from above: layered swells (four travelling waves of different direction,
/// length and height) summed into a surface, deep troughs dark and crests bright and pale.
///
/// Longer waves travel faster, as deep-water swells do (temporal frequency ∝ 1/√length).
/// A wave's phase at (x, y) is a column term plus a row term, each worked out once per
/// frame, so a LED costs four sine look-ups; the height picks a shade from a table made
/// once (palette position and brightness rising steeply towards the crests).
public struct Ocean: Scene, Sendable {
    /// How the catalog lists this effect (`ocean`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "ocean",
        family: .fields,
        summary: "layered ocean swells with bright crests",
        parameters: [
            .speed,
            EffectParameter("scale", "length of the swells, as a multiple of the panel's natural size",
                            .number(range: 0.25...4, default: 1, unit: "x")),
            EffectParameter("crests", "how much of each wave is bright crest", .number(range: 0...1, default: 0.5, unit: "")),
            .palette(default: "ocean"),
        ],
        make: { values, seed, width, height in
            .fields(.ocean(Ocean(width: width, height: height, speed: values.number("speed"), scale: values.number("scale"),
                                 crests: values.number("crests"), palette: values.palette("palette"), seed: seed)))
        })

    /// One travelling wave.
    struct Wave: Sendable {
        /// Phase per LED along x and along y, in 1/65536 turns.
        var stepX: Int, stepY: Int
        /// Cycles per second it travels.
        var rate: Fixed
        /// Its starting phase.
        var phase: Int
        /// Height weight, out of 256.
        var height: Int
    }

    let width: Int
    let height: Int
    let speed: Fixed
    let waves: [Wave]
    /// The shade of each surface height, from the lowest (0) to the highest (1023).
    let shades: [LinearColor]

    /// An ocean for a `width × height` panel: the longest swell is about 0.4 × the width
    /// times `scale` (at least 10 LEDs); `crests` (0…1) widens the bright tops.
    public init(width: Int, height: Int, speed: Fixed, scale: Fixed, crests: Fixed, palette: Palette, seed: UInt64) {
        self.width = width
        self.height = height
        self.speed = speed
        var rng = SeededRandom(seed: seed)
        let longest = max(max(Fixed(10), Fixed(width) * Fixed(0.4)) * scale, Fixed(10))
        // The swells come from one side (a seeded heading), spread ±60°.
        let heading = rng.fixed(in: 0...1)
        let lengths: [Fixed] = [1, 0.7, 0.47, 0.31]
        let heights = [256, 150, 90, 50]
        waves = (0..<4).map { i in
            let length = max(longest * lengths[i], Fixed(4))
            let angle = Angle(turns: heading + rng.fixed(in: -0.17...0.17))
            let perLED = Fixed.one / length  // turns per LED along the heading
            return Wave(stepX: Int((perLED * Trig.cosine(angle)).raw), stepY: Int((perLED * Trig.sine(angle)).raw),
                        rate: Fixed(0.3) / (length / longest).squareRoot / max(scale.squareRoot, Fixed(0.5)),
                        phase: Int(rng.unit().raw), height: heights[i])
        }
        let colors = palette.table.colors
        // Surface height h in 0…1 → palette 20…240 along h^1.5, brightness 0.3…1; the top `crests`
        // share of the range also washes towards the palette's pale end.
        let crestStart = Fixed.one - Fixed(0.08) - crests * Fixed(0.3)
        shades = (0..<1024).map { level in
            let h = Fixed(raw: Int32(level << 6))
            let curve = h * h.squareRoot
            let crest = Fixed(raw: Int32(FieldMath.smoothstep(Int(crestStart.raw), 65536, Int(h.raw))))
            let position = 20 + (curve * 200).rounded + (crest * 20).rounded
            let brightness = Fixed(0.3) + Fixed(0.7) * h
            return colors[min(position, 240)].scaled(by: brightness)
        }
    }

    /// Draws the sea at `time`.
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        let t = time.scaled(by: speed)
        let sine = FieldMath.sine
        let width = width, count = waves.count
        // Per wave: the phase of each column (wave-major), and the row step and time phase.
        var columns = [Int](repeating: 0, count: count * width)
        var rowSteps = [Int](repeating: 0, count: count), starts = [Int](repeating: 0, count: count)
        var weights = [Int](repeating: 0, count: count)
        var total = 0
        for (i, wave) in waves.enumerated() {
            for x in 0..<width { columns[i * width + x] = x * wave.stepX }
            rowSteps[i] = wave.stepY
            starts[i] = wave.phase - FieldMath.phase(t, wave.rate)
            weights[i] = wave.height
            total += wave.height
        }
        // The summed height is ±total·2⁸ after the >> 8 below; 0.8 of that maps to ±512
        // around 512 (all four crests rarely meet, so the rare extremes clip).
        let gain = (640 << 16) / (total << 8)
        sine.withUnsafeBufferPointer { sine in
            shades.withUnsafeBufferPointer { shades in
                columns.withUnsafeBufferPointer { columns in
                    canvas.paintLEDs { y, row in
                        let r0 = starts[0] + y * rowSteps[0], r1 = starts[1] + y * rowSteps[1]
                        let r2 = starts[2] + y * rowSteps[2], r3 = starts[3] + y * rowSteps[3]
                        let w0 = weights[0], w1 = weights[1], w2 = weights[2], w3 = weights[3]
                        for x in 0..<row.count {
                            var h = Int(sine[FieldMath.index(columns[x] + r0)]) * w0
                            h += Int(sine[FieldMath.index(columns[width + x] + r1)]) * w1
                            h += Int(sine[FieldMath.index(columns[2 * width + x] + r2)]) * w2
                            h += Int(sine[FieldMath.index(columns[3 * width + x] + r3)]) * w3
                            let level = 512 + (((h >> 8) * gain) >> 16)
                            row[x] = shades[min(max(level, 0), 1023)]
                        }
                    }
                }
            }
        }
    }
}
