import PixelCore

/// A lava lamp: a few blobs drifting on slow closed paths, merging and parting as metaballs.
///
/// Each blob i adds rᵢ²/dᵢ² (less ⅛, so that it ends at √8·rᵢ) to a field (dᵢ the distance from its centre); where the sum
/// passes 1 the LED is inside the molten wax, with a soft edge, and outside it glows dimly
/// with the nearby wax. A blob's centre is a Lissajous path: x and y are sines of time with
/// seeded slow frequencies and phases, so the lamp is a function of time with no simulation.
public struct LavaLamp: Scene, Sendable {
    /// How the catalog lists this effect (`lava-lamp`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "lava-lamp",
        family: .fields,
        summary: "merging blobs of wax drifting like a lava lamp",
        parameters: [
            .speed,
            EffectParameter("count", "how many blobs", .integer(range: 1...8, default: 5, unit: "blobs")),
            EffectParameter("size", "blob size, as a multiple of a quarter of the panel's shorter side",
                            .number(range: 0.3...1.5, default: 1, unit: "x")),
            .palette(default: "lava"),
        ],
        make: { values, seed, width, height in
            .fields(.lavaLamp(LavaLamp(width: width, height: height, speed: values.number("speed"), count: values.integer("count"),
                                       size: values.number("size"), palette: values.palette("palette"), seed: seed)))
        })

    /// One blob's path and size.
    struct Blob: Sendable {
        /// Centre of its swing, in 1/16 LED.
        var centerX: Int, centerY: Int
        /// Half the swing, in 1/16 LED.
        var swingX: Int, swingY: Int
        /// Cycles per second of the swings.
        var rateX: Fixed, rateY: Fixed
        /// Starting phases.
        var phaseX: Angle, phaseY: Angle
        /// r² · 2¹⁶ (r in LEDs): the numerator of its field term, in the field's Q8.
        var strength: Int
    }

    let width: Int
    let height: Int
    let speed: Fixed
    let blobs: [Blob]
    /// The colour of each field level, field · 256 from 0 to 1023 (0…4).
    let shades: [LinearColor]

    /// A lamp of `count` blobs for a `width × height` panel; `size` scales the blobs' radius
    /// (a quarter of the shorter side, at least 2 LEDs).
    public init(width: Int, height: Int, speed: Fixed, count: Int, size: Fixed, palette: Palette, seed: UInt64) {
        self.width = width
        self.height = height
        self.speed = speed
        var rng = SeededRandom(seed: seed)
        let radius = max(Fixed(2), Fixed(min(width, height)) / 4) * size
        // Each blob rises and sinks through the whole height in its own lane across the width
        // (lanes shuffled), swaying sideways about a lane either way.
        var lanes = Array(0..<count)
        for i in stride(from: count - 1, to: 0, by: -1) { lanes.swapAt(i, rng.int(in: 0...i)) }
        blobs = lanes.map { lane in
            let r = max(radius * rng.fixed(in: 0.75...1.25), Fixed(1.5))
            // Centres stay on the panel, turning back at least half a radius inside its edges.
            let halfR = Int(r.raw >> 13)  // r/2 in 1/16 LED
            let swingX = (max(min(width * 16 / count, width * 8 - halfR), width * 4 / count) * Int(rng.fixed(in: 0.5...1).raw)) >> 16
            let swingY = (max(height * 8 - halfR, height * 4) * Int(rng.fixed(in: 0.8...1).raw)) >> 16
            let rSquared = Int((Int64(r.raw) * Int64(r.raw)) >> 24)  // Q8 LED² (the Q32 product passes 2³¹)
            return Blob(centerX: (2 * lane + 1) * width * 8 / count, centerY: height * 8, swingX: swingX, swingY: swingY,
                        rateX: rng.fixed(in: 0.02...0.06), rateY: rng.fixed(in: 0.04...0.09),
                        phaseX: Angle(turns: rng.unit()), phaseY: Angle(turns: rng.unit()),
                        strength: rSquared << 8)
        }
        let colors = palette.table.colors
        shades = (0..<1024).map { level in
            let field = Fixed(raw: Int32(level << 8))
            let body = Fixed(raw: Int32(FieldMath.smoothstep(Int(Fixed(0.55).raw), Int(Fixed(0.95).raw), Int(field.raw))))
            // Outside: a dim glow rising with the field; inside: hotter towards the middle.
            let glowPosition = 30 + (min(field, .one) * 85).rounded
            let glowBrightness = Fixed(0.1) + min(field, .one) * min(field, .one) * Fixed(0.45)
            let corePosition = 150 + (min((field - .one) / 2, .one) * 75).rounded
            let position = glowPosition + ((Fixed(max(corePosition, 150) - glowPosition) * body).rounded)
            let brightness = Fixed.lerp(glowBrightness, .one, body)
            return colors[position].scaled(by: brightness)
        }
    }

    /// Where blob `blob` is at `time`, in 1/16 LED.
    func center(of blob: Blob, at time: FrameTime) -> (x: Int, y: Int) {
        let sx = Int(Trig.sine(time.phase(cyclesPerSecond: blob.rateX) + blob.phaseX).raw)
        let sy = Int(Trig.sine(time.phase(cyclesPerSecond: blob.rateY) + blob.phaseY).raw)
        return (blob.centerX + ((blob.swingX * sx) >> 16), blob.centerY + ((blob.swingY * sy) >> 16))
    }

    /// Draws the lamp at `time`.
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        let t = time.scaled(by: speed)
        let count = blobs.count, width = width
        var centersX = [Int](repeating: 0, count: count), centersY = [Int](repeating: 0, count: count)
        var strengths = [Int](repeating: 0, count: count)
        // dx² per blob and column, Q8 LED² (blob-major).
        var columns = [Int](repeating: 0, count: count * width)
        for (i, blob) in blobs.enumerated() {
            let c = center(of: blob, at: t)
            centersX[i] = c.x
            centersY[i] = c.y
            strengths[i] = blob.strength
            for x in 0..<width {
                let dx = x * 16 + 8 - c.x
                columns[i * width + x] = dx * dx
            }
        }
        var sumRow = [Int](repeating: 0, count: width)  // one row's field, Q8
        shades.withUnsafeBufferPointer { shades in
            columns.withUnsafeBufferPointer { columns in
                sumRow.withUnsafeMutableBufferPointer { sums in
                    canvas.paintLEDs { y, row in
                        for x in 0..<row.count { sums[x] = 0 }
                        for i in 0..<count {
                            let dy = y * 16 + 8 - centersY[i]
                            let dySquared = dy * dy + 64  // + ¼ LED² keeps the centre finite
                            let strength = strengths[i]
                            // Each term is r²/d² − 1/8, from 1/8 down to zero at d = √8·r: the
                            // field stays smooth and a blob only costs LEDs within that reach.
                            let reach = (strength >> 5) - dySquared  // d² < 8r²
                            guard reach > 0 else { continue }
                            let half = Int(integerSquareRoot(UInt64(reach)))
                            let lo = max(0, (centersX[i] - half) >> 4), hi = min(width - 1, (centersX[i] + half) >> 4)
                            guard lo <= hi else { continue }
                            let base = i * width
                            for x in lo...hi {
                                sums[x] &+= max(strength / (columns[base + x] &+ dySquared) &- 32, 0)
                            }
                        }
                        for x in 0..<row.count { row[x] = shades[min(sums[x], 1023)] }
                    }
                }
            }
        }
    }
}
