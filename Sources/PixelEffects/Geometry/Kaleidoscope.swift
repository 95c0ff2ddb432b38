import PixelCore

/// A kaleidoscope: a moving, plasma-like field of waves seen through mirrors. As in the toy,
/// the mirrors stay put and what lies between them tumbles: each LED's angle about the centre
/// is folded once (when the scene is made) into one wedge, mirrored in every other wedge, and
/// each frame the field is sampled at the folded point. The field is three plane waves whose
/// directions turn at their own rates plus a ring wave, so the picture has 2 × segments
/// wedges, each the mirror image of its neighbours, while the pattern inside flows and turns.
public struct Kaleidoscope: Scene, Sendable {
    /// How the catalog lists this effect (`kaleidoscope`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "kaleidoscope",
        family: .geometry,
        summary: "a flowing, turning field folded into mirrored wedges",
        parameters: [
            .speed,
            EffectParameter("segments", "mirrored pairs of wedges round the centre", .integer(range: 1...8, default: 4, unit: "pairs")),
            EffectParameter("scale", "size of the pattern's features, as a share of the shorter half-side", .number(range: 0.1...2, default: 0.5, unit: "")),
            .palette(default: "party"),
        ],
        make: { values, _, width, height in
            .geometry(.kaleidoscope(Kaleidoscope(width: width, height: height, speed: values.number("speed"),
                                                 segments: values.integer("segments"), scale: values.number("scale"),
                                                 palette: values.palette("palette"))))
        })

    let width: Int
    /// Samples per LED along each axis (2 on small panels).
    let factor: Int
    let speed: Fixed
    /// Waves per unit of distance (Q16.16), from the scale.
    let frequency: Int64
    let colors: PaletteTable
    let sine = SineTable()
    /// Per LED: the folded position (Q16.16 units of the shorter half-side) and the distance
    /// from the centre in waves (1/65536 turns of the ring wave).
    let foldedX: [Int32], foldedY: [Int32], ring: [Int32]

    /// A kaleidoscope of `segments` mirrored pairs of wedges whose features are `scale` of the
    /// shorter half-side (no smaller than 3 LEDs).
    public init(width: Int, height: Int, speed: Fixed, segments: Int, scale: Fixed, palette: Palette) {
        self.width = width; self.speed = speed
        factor = fieldSampling(width: width, height: height)
        let polar = PolarTable(width: width * factor, height: height * factor)
        let feature = max(scale, Fixed(3 * factor) / polar.unit)
        frequency = Int64((Fixed.half / feature).raw)
        colors = palette.table
        let wedges = Int32(2 * segments), inverse = Int32(65536 / Int(wedges))
        var fx: [Int32] = [], fy: [Int32] = [], ring: [Int32] = []
        for i in polar.angle.indices {
            // Fold the angle into the first wedge, mirroring every other wedge.
            let s = polar.angle[i] &* wedges
            var f = s & 0xFFFF
            if (s >> 16) & 1 == 1 { f = 65535 &- f }
            let theta = Angle(raw: (f &* inverse) >> 16)
            let r = Fixed(raw: polar.radius[i])
            fx.append((r * Trig.cosine(theta)).raw)
            fy.append((r * Trig.sine(theta)).raw)
            ring.append(Int32(truncatingIfNeeded: (Int64(r.raw) * frequency) >> 16))
        }
        foldedX = fx; foldedY = fy; self.ring = ring
    }

    /// Draws the frame at `time` (the same picture for the same instant, whatever came before).
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        let t = time.scaled(by: speed)
        // Each plane wave: a direction turning at its own rate, and a phase running along it.
        func wave(turnsPerSecond: Fixed, start: Angle, runs: Fixed) -> (Int64, Int64, Int32) {
            let d = t.phase(cyclesPerSecond: turnsPerSecond) + start
            return ((Int64(Trig.cosine(d).raw) * frequency) >> 16, (Int64(Trig.sine(d).raw) * frequency) >> 16,
                    t.phase(cyclesPerSecond: runs).raw)
        }
        let (ax, ay, ap) = wave(turnsPerSecond: Fixed(1, over: 17), start: .zero, runs: Fixed(3, over: 10))
        let (bx, by, bp) = wave(turnsPerSecond: -Fixed(1, over: 23), start: Angle(turns: Fixed(1, over: 3)), runs: Fixed(2, over: 10))
        let (cx, cy, cp) = wave(turnsPerSecond: Fixed(1, over: 11), start: Angle(turns: Fixed(2, over: 3)), runs: Fixed(1, over: 7))
        let rp = t.phase(cyclesPerSecond: Fixed(1, over: 4)).raw
        let shift = Int32(truncatingIfNeeded: t.distance(atRate: 16) >> 16)
        let width = width, factor = factor, colors = colors
        sine.values.withUnsafeBufferPointer { table in
            @inline(__always) func sin(_ phase: Int32) -> Int32 {
                let i = Int((phase >> 8) & 255), f = phase & 255
                let a = table[i], b = table[(i + 1) & 255]
                return a &+ (((b &- a) &* f) >> 8)
            }
            foldedX.withUnsafeBufferPointer { foldedX in
                foldedY.withUnsafeBufferPointer { foldedY in
                    ring.withUnsafeBufferPointer { ring in
                        // The colour of sample i (an LED, or a quarter of one on small panels).
                        @inline(__always) func sample(_ i: Int) -> LinearColor {
                            let fx = Int64(foldedX[i]), fy = Int64(foldedY[i])
                            let a = Int32(truncatingIfNeeded: (fx * ax + fy * ay) >> 16)
                            let b = Int32(truncatingIfNeeded: (fx * bx + fy * by) >> 16)
                            let c = Int32(truncatingIfNeeded: (fx * cx + fy * cy) >> 16)
                            let sum = sin(a &+ ap) &+ sin(b &- bp) &+ sin(c &+ cp) &+ sin(ring[i] &- rp)  // ±65536
                            // Colour from the sum; brightness from a wave of it (the sum read as a
                            // phase), so bright bands edge the colours.
                            let glow = (sin(sum) &+ 16384) >> 7  // 0...256
                            return colors[mirroredIndex((sum >> 8) &+ shift)].times(56 + glow * 200 / 256)
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
            }
        }
    }
}
