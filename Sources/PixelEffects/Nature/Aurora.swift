import PixelCore

/// Northern lights: two curtains of light hanging across the panel, folding and waving
/// sideways, each brightest along a wavering band and fading out below it (and, shorter and
/// bluer, above it), streaked with vertical rays that drift along the curtain.
///
/// Everything is a per-column function of time (band height, fold brightness, rays) computed
/// once a frame, then each LED is its distance from its column's band through a falloff and
/// the palette: one colour per LED (`paintLEDs`).
public struct Aurora: Scene, Sendable {
    /// How the catalog lists this effect (`aurora`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "aurora",
        family: .nature,
        summary: "northern lights: waving curtains of light with drifting rays",
        parameters: [
            .speed,
            EffectParameter("length", "how far the curtains hang below their bright band, as a share of the panel's height",
                            .number(range: 0.2...1.2, default: 0.6, unit: "of height")),
            EffectParameter("folds", "how many folds of the curtain lie across the panel",
                            .number(range: 0.5...4, default: 1.5, unit: "per width")),
            .palette(default: "aurora"),
        ],
        make: { values, seed, width, height in
            .nature(.aurora(Aurora(width: width, height: height, speed: values.number("speed"), length: values.number("length"),
                                   folds: values.number("folds"), palette: values.palette("palette"), seed: seed)))
        })

    /// One curtain's shape: where its band lies and how its folds and rays move.
    struct Curtain: Sendable {
        /// Band height at rest, as a share of the panel height.
        var level: Fixed
        /// Sway of the band, as a share of the panel height.
        var sway: Fixed
        /// Phases (turns per LED column) of the band's and the folds' waves.
        var bandStep: Int32, foldStep: Int32, rayStep: Int32
        /// Their rates, cycles per second.
        var bandRate: Fixed, foldRate: Fixed, rayRate: Fixed, wanderRate: Fixed
        /// Start phases.
        var offset: Angle
        /// Overall brightness.
        var brightness: Fixed
    }

    let width: Int, height: Int
    let speed: Fixed
    let curtains: [Curtain]
    /// A curtain's colour at full strength by distance below its band in quarter LEDs,
    /// from `profileStart` quarters (above the band, negative) down.
    let profile: [LinearColor]
    let profileStart: Int
    /// Per-column scratch: band position (LEDs) and brightness of each curtain.
    var bands: [Fixed], strengths: [Fixed]

    /// An aurora for a `width × height` panel.
    public init(width: Int, height: Int, speed: Fixed, length: Fixed, folds: Fixed, palette: Palette, seed: UInt64) {
        self.width = width; self.height = height; self.speed = speed
        var rng = SeededRandom(seed: seed)
        let w = max(width, 1)
        // Fine rays: one every 3 to 6 LEDs, at least four across the panel.
        let rays = max(4, width / 4)
        curtains = (0..<2).map { i in
            let foldTurns = folds * (i == 0 ? Fixed.one : Fixed(13, over: 10))
            return Curtain(level: i == 0 ? Fixed(3, over: 10) : Fixed(45, over: 100),
                           sway: i == 0 ? Fixed(14, over: 100) : Fixed(10, over: 100),
                           bandStep: Int32(65536 * 6 / 5 / w),
                           foldStep: foldTurns.raw / Int32(w),
                           rayStep: Int32(65536 * rays / w) * (i == 0 ? 4 : -3) / 4,
                           bandRate: rng.fixed(in: 0.05...0.09) * (i == 0 ? 1 : -1),
                           foldRate: rng.fixed(in: 0.04...0.08) * (i == 0 ? -1 : 1),
                           rayRate: rng.fixed(in: 0.1...0.2),
                           wanderRate: rng.fixed(in: 0.03...0.06),
                           offset: Angle(raw: Int32(rng.int(in: 0...65535))),
                           brightness: i == 0 ? 1 : Fixed(7, over: 10))
        }
        let below = max(Fixed(height) * length, .one), above = max(Fixed(height) * Fixed(35, over: 100), .one)
        // The curtain's colour at full strength by distance from its band, in quarter LEDs.
        let table = palette.table
        let quartersAbove = (above * 4).ceil, quartersBelow = (below * 4).ceil
        profileStart = -quartersAbove
        profile = (-quartersAbove...quartersBelow).map { q in
            let d = Fixed(q, over: 4)
            if d >= .zero {
                let level = max(.zero, .one - d / below)
                // Bright green at the band to darker green at the hem.
                return table[110 - (50 * (.one - level)).rounded].scaled(by: level * level)
            }
            let level = max(.zero, .one + d / above)
            return table[110 + (105 * (.one - level)).rounded].scaled(by: level * level)
        }
        bands = Array(repeating: .zero, count: width * 2)
        strengths = bands
    }

    /// Draws the effect as it is `time` after it started.
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        let t = time.scaled(by: speed)
        let width = width, h = Fixed(height)
        for (c, curtain) in curtains.enumerated() {
            let bandPhase = t.phase(cyclesPerSecond: curtain.bandRate) + curtain.offset
            let foldPhase = t.phase(cyclesPerSecond: curtain.foldRate) + curtain.offset
            let rayPhase = t.phase(cyclesPerSecond: curtain.rayRate)
            let wander = t.phase(cyclesPerSecond: curtain.wanderRate)
            for x in 0..<width {
                let xi = Int32(x)
                let band = Trig.sine(Angle(raw: xi &* curtain.bandStep) + bandPhase)
                    + Trig.sine(Angle(raw: xi &* curtain.bandStep &* 5 / 2) - bandPhase - bandPhase) / 3
                bands[c * width + x] = h * (curtain.level + curtain.sway * band)
                // Folds: a wave across the curtain whose phase itself wanders, so the folds
                // slide sideways and back; rays ride on it.
                let fold = Trig.sine(Angle(raw: xi &* curtain.foldStep) + foldPhase
                                     + Angle(turns: Trig.sine(Angle(raw: xi &* curtain.bandStep) + wander) / 4))
                // Rays: two waves of unrelated pitch, so they do not repeat like a comb.
                let ray = (Trig.sine(Angle(raw: xi &* curtain.rayStep) + rayPhase)
                           + Trig.sine(Angle(raw: xi &* curtain.rayStep &* 8 / 13) - rayPhase - wander)) / 2
                let f = (fold + 1) / 2
                var s = Fixed(15, over: 100) + f * f * Fixed(85, over: 100)
                s = s * (Fixed(65, over: 100) + ray * Fixed(35, over: 100))
                strengths[c * width + x] = s * curtain.brightness
            }
        }
        let first = profileStart, count = profile.count
        profile.withUnsafeBufferPointer { profile in
            bands.withUnsafeBufferPointer { bands in
                strengths.withUnsafeBufferPointer { strengths in
                    canvas.paintLEDs { y, row in
                        // LED centre in quarter LEDs.
                        let centre = (y << 2) &+ 2
                        for x in 0..<width {
                            var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0
                            var i = x
                            for _ in 0..<2 {
                                let k = centre &- Int(bands[i].raw >> 14) &- first
                                if k >= 0 && k < count {
                                    let c = profile[k], s = UInt32(strengths[i].raw)
                                    r &+= (UInt32(c.red) &* s) >> 16; g &+= (UInt32(c.green) &* s) >> 16; b &+= (UInt32(c.blue) &* s) >> 16
                                }
                                i &+= width
                            }
                            row[x] = LinearColor(red: UInt16(min(r, 65535)), green: UInt16(min(g, 65535)), blue: UInt16(min(b, 65535)))
                        }
                    }
                }
            }
        }
    }
}
