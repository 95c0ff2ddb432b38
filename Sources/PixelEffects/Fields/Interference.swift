import PixelCore

/// Two point sources of circular ripples drifting slowly over the panel: where their
/// ripples add, bright fringes; where they cancel, dark nodal lines, like a ripple tank.
///
/// The surface at a LED is cos(2π(d₁/λ − ft)) + cos(2π(d₂/λ − ft)), dᵢ its distance from
/// source i. Distances come one LED after another along a row by one Newton step from the
/// previous LED's (exact square roots near a source, where a step is not accurate enough).
public struct Interference: Scene, Sendable {
    /// How the catalog lists this effect (`interference`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "interference",
        family: .fields,
        summary: "ripples from two drifting sources, with interference fringes",
        parameters: [
            .speed,
            EffectParameter("wavelength", "ripple spacing, as a multiple of the panel's natural size",
                            .number(range: 0.5...4, default: 1, unit: "x")),
            .palette(default: "ice"),
        ],
        make: { values, seed, width, height in
            .fields(.interference(Interference(width: width, height: height, speed: values.number("speed"),
                                               wavelength: values.number("wavelength"), palette: values.palette("palette"), seed: seed)))
        })

    /// One source's path: a slow Lissajous figure, positions in 1/256 LED.
    struct Source: Sendable {
        var centerX: Int, centerY: Int, swingX: Int, swingY: Int
        var rateX: Fixed, rateY: Fixed
        var phaseX: Angle, phaseY: Angle
    }

    let width: Int
    let height: Int
    let speed: Fixed
    let sources: [Source]
    /// Ripple phase per 1/256 LED of distance, in 1/65536 turns, times 2⁸.
    let phasePerDistance: Int
    /// The shade of each surface level, from −2 (0) to +2 (511).
    let shades: [LinearColor]

    /// Ripples for a `width × height` panel: the wavelength is a quarter of the shorter side
    /// (at least 6 LEDs) times `wavelength`.
    public init(width: Int, height: Int, speed: Fixed, wavelength: Fixed, palette: Palette, seed: UInt64) {
        self.width = width
        self.height = height
        self.speed = speed
        var rng = SeededRandom(seed: seed)
        let lambda = max(Fixed(6), Fixed(min(width, height)) / 4) * wavelength
        phasePerDistance = Int((Fixed.one / lambda).raw)  // turns per LED, Q16 = per 1/256 LED × 2⁸
        // The sources wander in the left and right halves, never too close together.
        sources = (0..<2).map { i in
            Source(centerX: width * 256 * (1 + 2 * i) / 4, centerY: height * 128,
                   swingX: width * 256 / 5, swingY: height * 256 * 2 / 5,
                   rateX: rng.fixed(in: 0.03...0.07), rateY: rng.fixed(in: 0.04...0.09),
                   phaseX: Angle(turns: rng.unit()), phaseY: Angle(turns: rng.unit()))
        }
        let colors = palette.table.colors
        // Level v in −2…2: the crest of both waves brightest; nodal lines (v near 0 from
        // cancelling) and troughs dark. Brightness (v+2)/4 squared, palette 16…240.
        shades = (0..<512).map { level in
            let v = Fixed(raw: Int32(level << 8))  // 0…2 = (surface + 2)/2
            let b = v / 2
            let position = 16 + (b * 224).rounded
            return colors[min(position, 240)].scaled(by: Fixed(0.06) + Fixed(0.94) * b * b)
        }
    }

    /// Where source `s` is at `time`, in 1/256 LED.
    func position(of s: Source, at time: FrameTime) -> (x: Int, y: Int) {
        let sx = Int(Trig.sine(time.phase(cyclesPerSecond: s.rateX) + s.phaseX).raw)
        let sy = Int(Trig.sine(time.phase(cyclesPerSecond: s.rateY) + s.phaseY).raw)
        return (s.centerX + Int((Int64(s.swingX) * Int64(sx)) >> 16), s.centerY + Int((Int64(s.swingY) * Int64(sy)) >> 16))
    }

    /// Draws the ripples at `time`.
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        let t = time.scaled(by: speed)
        let a = position(of: sources[0], at: t), b = position(of: sources[1], at: t)
        let travel = Int64(FieldMath.phase(t, 0.6))  // the ripples move outwards 0.6 wavelengths a second
        let k = Int64(phasePerDistance)
        let sine = FieldMath.sine
        let shades = shades
        sine.withUnsafeBufferPointer { sine in
            shades.withUnsafeBufferPointer { shades in
                canvas.paintLEDs { y, row in
                    // Row state per source: dy², the last distance (1/256 LED). Squared distances
                    // in 1/256 LED pass 2³¹ beyond 181 LEDs, and distance × k can too: Int64.
                    let dyA = Int64(y * 256 + 128 - a.y), dyB = Int64(y * 256 + 128 - b.y)
                    let dyA2 = dyA * dyA, dyB2 = dyB * dyB
                    var dA = 0, dB = 0
                    for x in 0..<row.count {
                        let dxA = Int64(x * 256 + 128 - a.x), dxB = Int64(x * 256 + 128 - b.x)
                        dA = Interference.distance(dxA * dxA + dyA2, previous: dA)
                        dB = Interference.distance(dxB * dxB + dyB2, previous: dB)
                        // Cosines: a quarter turn ahead of the sines.
                        let wA = Int(sine[FieldMath.index(((Int64(dA) * k) >> 8) - travel + 16384)])
                        let wB = Int(sine[FieldMath.index(((Int64(dB) * k) >> 8) - travel + 16384)])
                        row[x] = shades[min((wA + wB + 131072) >> 9, 511)]
                    }
                }
            }
        }
    }

    /// √`squared` (both in 1/256 LED units), from the distance at the LED before
    /// (`previous`, 0 at a row's start): one Newton step when that is at least 8 LEDs, as a
    /// LED step changes the distance by at most 1 LED (error ≤ 1/16 LED); exact otherwise.
    /// The quotient is an `Int` division while `squared` fits an `Int` (always on 64-bit CPUs,
    /// up to 181 LEDs on 32-bit ones), an `Int64` one beyond; both give the same value.
    @inline(__always)
    static func distance(_ squared: Int64, previous: Int) -> Int {
        if previous >= 8 * 256 {
            let quotient = squared <= Int64(Int.max) ? Int(truncatingIfNeeded: squared) / previous
                                                     : Int(squared / Int64(previous))
            return (previous + quotient) >> 1
        }
        return Int(integerSquareRoot(UInt64(squared)))
    }
}
