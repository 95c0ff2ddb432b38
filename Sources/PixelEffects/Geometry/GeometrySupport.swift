import PixelCore

/// Per-LED polar coordinates about the panel's centre, computed once for a panel size: the
/// angle of each LED's centre (1/65536 turns, clockwise from +x) and its distance from the
/// centre as a fraction of the shorter half-side (1 at the middle of the nearer edge).
struct PolarTable: Sendable {
    /// Panel size in LEDs.
    let width: Int, height: Int
    /// Angle of each LED (row-major), 0 ..< 65536 = one turn.
    let angle: [Int32]
    /// Distance of each LED (row-major) from the centre in Q16.16 units of the shorter half-side.
    let radius: [Int32]
    /// The shorter half-side in LEDs (at least ½).
    let unit: Fixed

    init(width: Int, height: Int) {
        self.width = width; self.height = height
        let unit = max(Fixed(min(width, height)) / 2, .half)
        self.unit = unit
        var angle: [Int32] = [], radius: [Int32] = []
        angle.reserveCapacity(width * height); radius.reserveCapacity(width * height)
        // Centres in half-LEDs so every offset is an exact integer: 2x + 1 − width.
        for y in 0..<height {
            let dy = Int64(2 * y + 1 - height)
            for x in 0..<width {
                let dx = Int64(2 * x + 1 - width)
                angle.append(Trig.arctangent2(y: dy, x: dx).raw & 0xFFFF)
                // |d| in half-LEDs, Q16.16, divided by the unit in half-LEDs.
                let d = Int64(integerSquareRoot(UInt64(dx * dx + dy * dy) << 32))
                radius.append(Int32(clamping: (d << 16) / (2 * Int64(unit.raw))))
            }
        }
        self.angle = angle; self.radius = radius
    }
}

/// A 256-entry sine table in Q1.14 (−16384…16384), indexed by an angle's top 8 bits, for
/// per-LED waves where `Trig.sine`'s interpolation would cost more than it shows.
struct SineTable: Sendable {
    /// sin(i/256 turn) · 16384.
    let values: [Int32]

    init() {
        values = (0..<256).map { i in Trig.sine(Angle(raw: Int32(i << 8))).raw >> 2 }
    }

    /// sin of `phase` (1/65536 turns; any integer, taken modulo a turn), Q1.14, with linear
    /// interpolation between the table's entries.
    @inline(__always) func sine(_ phase: Int32) -> Int32 {
        let i = Int((phase >> 8) & 255), f = phase & 255
        let a = values[i], b = values[(i + 1) & 255]
        return a &+ (((b &- a) &* f) >> 8)
    }
}

extension LinearColor {
    /// Each channel times `level` / 256 (level clamped to 0...256), for per-LED shading.
    @inline(__always) func times(_ level: Int32) -> LinearColor {
        let l = UInt32(min(max(level, 0), 256))
        return LinearColor(red: UInt16((UInt32(red) &* l) >> 8), green: UInt16((UInt32(green) &* l) >> 8),
                           blue: UInt16((UInt32(blue) &* l) >> 8))
    }
}

/// A palette index that runs 0 → 255 → 0 as `position` rises through 512, so a position that
/// flows continuously never jumps from a palette's last colour back to its first (palettes
/// like heat or ice do not wrap round).
@inline(__always) func mirroredIndex(_ position: Int32) -> Int {
    let q = Int(position & 511)
    return q < 256 ? q : 511 - q
}

/// Samples per LED along each axis for the per-LED fields (tunnel, spiral, kaleidoscope,
/// rings): 2 × 2 on panels of at most 1024 LEDs, where a field's fine detail would otherwise
/// alias into mush and four samples an LED are cheap; 1 on larger panels.
func fieldSampling(width: Int, height: Int) -> Int {
    width * height <= 1024 ? 2 : 1
}

extension Canvas {
    /// Paints every LED of the band from a field sampled 2 × 2 times per LED: `sample(i)`
    /// gives the colour of sample `i` of a row-major grid `2 · width` wide, and each LED is the
    /// mean of its four samples. (Panels with one sample per LED use `paintLEDs` directly, so
    /// the sample function inlines into the loop.)
    mutating func paintQuarters(width: Int, _ sample: (Int) -> LinearColor) {
        let fine = width * 2
        paintLEDs { y, row in
            var i = 2 * y * fine
            for x in row.indices {
                let a = sample(i), b = sample(i + 1), c = sample(i + fine), d = sample(i + fine + 1)
                row[x] = LinearColor(red: UInt16((UInt32(a.red) + UInt32(b.red) + UInt32(c.red) + UInt32(d.red) + 2) >> 2),
                                     green: UInt16((UInt32(a.green) + UInt32(b.green) + UInt32(c.green) + UInt32(d.green) + 2) >> 2),
                                     blue: UInt16((UInt32(a.blue) + UInt32(b.blue) + UInt32(c.blue) + UInt32(d.blue) + 2) >> 2))
                i += 2
            }
        }
    }
}
