import PixelCore

/// A smooth value-noise field (two octaves) drifting across the panel and slowly zooming in
/// and out, through a palette.
///
/// The lattice holds a seeded permutation of 0...255: the value at lattice point (i, j) is
/// `perm[(perm[i] + j) mod 256]`, blended between the four corners of a cell with
/// smoothstep weights. Because the view is a scroll plus a zoom, a column's lattice
/// coordinate and weight are the same for every row (and a row's for every column), so each
/// is worked out once per frame; a LED costs eight look-ups and a few multiplies.
public struct Noise: Scene, Sendable {
    /// How the catalog lists this effect (`noise`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "noise",
        family: .fields,
        summary: "a smooth noise field drifting and slowly zooming",
        parameters: [
            .speed,
            EffectParameter("scale", "size of the features, as a multiple of the panel's natural size",
                            .number(range: 0.25...4, default: 1, unit: "x")),
            .palette(default: "aurora"),
        ],
        make: { values, seed, width, height in
            .fields(.noise(Noise(width: width, height: height, speed: values.number("speed"),
                                 scale: values.number("scale"), palette: values.palette("palette"), seed: seed)))
        })

    let width: Int
    let height: Int
    let speed: Fixed
    /// Lattice cells per LED at zoom 1, Q16.16 raw.
    let cellsPerLED: Int
    /// The lattice's permutation of 0...255.
    let permutation: [UInt8]
    /// Smoothstep 3t² − 2t³ for t = i/256, in 0...256.
    let smooth: [Int32]
    let colors: [LinearColor]
    /// Direction of the drift (a seeded angle).
    let drift: Angle

    /// A noise field for a `width × height` panel: a lattice cell is about a third of the
    /// shorter side (at least 5 LEDs) times `scale`, never under 3 LEDs.
    public init(width: Int, height: Int, speed: Fixed, scale: Fixed, palette: Palette, seed: UInt64) {
        self.width = width
        self.height = height
        self.speed = speed
        let cell = max(max(Fixed(5), Fixed(min(width, height)) / 3) * scale, Fixed(3))
        cellsPerLED = Int((Fixed.one / cell).raw)
        var rng = SeededRandom(seed: seed)
        var perm = (0..<256).map { UInt8($0) }
        for i in stride(from: 255, to: 0, by: -1) { perm.swapAt(i, rng.int(in: 0...i)) }
        permutation = perm
        smooth = (0..<257).map { (i: Int) -> Int32 in
            let square = i * i
            return Int32((3 * square * 256 - 2 * square * i) >> 16)
        }
        colors = palette.table.colors
        drift = Angle(turns: rng.unit())
    }

    /// One axis of one octave: per LED along the axis, the lattice index and smoothed weight.
    struct Axis {
        var index: [Int]
        var weight: [Int32]
    }

    /// Lattice indices and weights for `count` LEDs with lattice coordinate
    /// `origin + (i − count/2)·rate` (Q16.16 raw) at LED i.
    func axis(count: Int, origin: Int64, rate: Int64) -> Axis {
        var index = [Int](repeating: 0, count: count), weight = [Int32](repeating: 0, count: count)
        for i in 0..<count {
            let u = origin + Int64(2 * i + 1 - count) * rate / 2
            index[i] = Int(truncatingIfNeeded: (u >> 16) & 255)  // u >> 16 may pass 2³¹ as the view drifts
            weight[i] = smooth[Int((u >> 8) & 255)]
        }
        return Axis(index: index, weight: weight)
    }

    /// The noise at lattice cell (i, j) with smoothed weights u, v (0...256): 0 ..< 2²⁴.
    @inline(__always)
    static func cell(_ perm: UnsafeBufferPointer<UInt8>, _ i: Int, _ u: Int, _ j: Int, _ v: Int) -> Int {
        let a = Int(perm[i]), b = Int(perm[(i + 1) & 255])
        let c00 = Int(perm[(a + j) & 255]), c10 = Int(perm[(b + j) & 255])
        let c01 = Int(perm[(a + j + 1) & 255]), c11 = Int(perm[(b + j + 1) & 255])
        let top = c00 * 256 + (c10 - c00) * u
        let bottom = c01 * 256 + (c11 - c01) * u
        return top * 256 + (bottom - top) * v
    }

    /// Draws the field at `time`.
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        let t = time.scaled(by: speed)
        // Zoom breathes ±30 % over about 40 s; the view drifts 0.35 cells a second.
        let zoom = Int64(65536 + (Int(Trig.sine(t.phase(cyclesPerSecond: 0.025)).raw) * 3 / 10))
        let rate = (Int64(cellsPerLED) * zoom) >> 16
        let travel = t.distance(atRate: 0.35)
        let dx = (travel * Int64(Trig.cosine(drift).raw)) >> 16, dy = (travel * Int64(Trig.sine(drift).raw)) >> 16
        // Octave 2: twice the frequency, drifting across the first one, from another part of the lattice.
        let x1 = axis(count: width, origin: dx, rate: rate)
        let x2 = axis(count: width, origin: 97 << 16 - dy * 3 / 2, rate: rate * 2)
        let y1 = axis(count: height, origin: dy, rate: rate)
        let y2 = axis(count: height, origin: 41 << 16 + dx * 3 / 2, rate: rate * 2)
        colors.withUnsafeBufferPointer { colors in
            permutation.withUnsafeBufferPointer { perm in
                x1.index.withUnsafeBufferPointer { xi1 in
                    x1.weight.withUnsafeBufferPointer { xw1 in
                        x2.index.withUnsafeBufferPointer { xi2 in
                            x2.weight.withUnsafeBufferPointer { xw2 in
                                canvas.paintLEDs { y, row in
                                    let j1 = y1.index[y], v1 = Int(y1.weight[y])
                                    let j2 = y2.index[y], v2 = Int(y2.weight[y])
                                    for x in 0..<row.count {
                                        let n1 = Noise.cell(perm, xi1[x], Int(xw1[x]), j1, v1)
                                        let n2 = Noise.cell(perm, xi2[x], Int(xw2[x]), j2, v2)
                                        // 2:1 mix, centred, contrast stretched ×1.5 (noise piles up mid-range),
                                        // kept off the palette's ends (often dark, and wrapping to each other).
                                        let n = (2 * n1 + n2) / 3 - (128 << 16)
                                        let position = 128 + ((n * 3 / 2) >> 16)
                                        row[x] = colors[min(max(position, 8), 247)]
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
