import PixelCore

/// Light added up one LED at a time, for effects made of many small lights (sparks, flakes,
/// balls, trails): each light adds its colour, weighted by how much of it falls on an LED,
/// and the sum (clamped to full drive) is painted with `Canvas.paintLEDs`, so the frame costs
/// a write per LED and a copy to downsample instead of a supersampled primitive per light.
///
/// Positions are in LEDs with LED (x, y) covering x ..< x + 1, y ..< y + 1, as on the canvas.
struct LightBuffer: Sendable {
    /// Panel size, in LEDs.
    let width: Int, height: Int
    /// Red, green and blue sums of each LED, row-major, three per LED.
    private var light: [UInt32]

    /// A dark buffer for a `width × height` LED panel.
    init(width: Int, height: Int) {
        self.width = width; self.height = height
        light = Array(repeating: 0, count: width * height * 3)
    }

    /// Turns every LED off.
    mutating func clear() {
        light.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }

    /// Sets every LED of row y to `rows[y]` (a background to draw lights over).
    mutating func fill(rows: [LinearColor]) {
        let width = width
        light.withUnsafeMutableBufferPointer { buffer in
            for y in 0..<height {
                let c = rows[y]
                var i = y &* width &* 3
                for _ in 0..<width {
                    buffer[i] = UInt32(c.red); buffer[i &+ 1] = UInt32(c.green); buffer[i &+ 2] = UInt32(c.blue)
                    i &+= 3
                }
            }
        }
    }

    /// Adds `color` weighted by `weight` (0...65536 for 0...1) to LED (x, y); nothing outside the panel.
    @inline(__always) mutating func add(x: Int, y: Int, color: LinearColor, weight: UInt32) {
        guard x >= 0, x < width, y >= 0, y < height, weight > 0 else { return }
        let i = (y &* width &+ x) &* 3
        light[i] &+= (UInt32(color.red) &* weight) >> 16
        light[i &+ 1] &+= (UInt32(color.green) &* weight) >> 16
        light[i &+ 2] &+= (UInt32(color.blue) &* weight) >> 16
    }

    /// Adds one LED's worth of `color` × `intensity` (0...1) centred on `(x, y)`, shared
    /// bilinearly between the up to four LEDs it overlaps: a point of light that moves smoothly
    /// between LEDs.
    mutating func splat(x: Fixed, y: Fixed, color: LinearColor, intensity: Fixed) {
        let level = UInt32(intensity.clamped(to: .zero ... .one).raw)
        guard level > 0 else { return }
        let fx = x - .half, fy = y - .half
        let ix = fx.floor, iy = fy.floor
        let ax = UInt32(fx.fraction.raw), ay = UInt32(fy.fraction.raw)
        let wx0 = 65536 &- ax, wy0 = 65536 &- ay
        let top = (wy0 &* level) >> 16, bottom = (ay &* level) >> 16
        add(x: ix, y: iy, color: color, weight: (wx0 &* top) >> 16)
        add(x: ix &+ 1, y: iy, color: color, weight: (ax &* top) >> 16)
        add(x: ix, y: iy &+ 1, color: color, weight: (wx0 &* bottom) >> 16)
        add(x: ix &+ 1, y: iy &+ 1, color: color, weight: (ax &* bottom) >> 16)
    }

    /// Adds a disc of `radius` LEDs centred on `(x, y)` in `color` × `intensity`, its edge
    /// anti-aliased (an LED's share is about how far inside the edge its centre lies, plus ½).
    /// Discs smaller than an LED become a splat of the same total light.
    mutating func disc(x: Fixed, y: Fixed, radius: Fixed, color: LinearColor, intensity: Fixed) {
        guard radius >= Fixed(3, over: 4) else {
            // π r² LEDs of light.
            splat(x: x, y: y, color: color, intensity: intensity * min(.one, radius * radius * Fixed(raw: 205887)))
            return
        }
        let level = Int64(intensity.clamped(to: .zero ... .one).raw)
        guard level > 0 else { return }
        let r = Int64(radius.raw), r2 = r * r
        let inverse = (Int64(1) << 32) / (2 * r)
        let x0 = max(0, (x - radius).floor), x1 = min(width - 1, (x + radius).floor)
        let y0 = max(0, (y - radius).floor), y1 = min(height - 1, (y + radius).floor)
        guard x0 <= x1, y0 <= y1 else { return }
        let cx = Int64(x.raw), cy = Int64(y.raw)
        let red = UInt32(color.red), green = UInt32(color.green), blue = UInt32(color.blue)
        let width = width
        light.withUnsafeMutableBufferPointer { light in
            for ly in y0...y1 {
                let dy = (Int64(ly) << 16) &+ 32768 &- cy
                let dy2 = dy &* dy
                var i = (ly &* width &+ x0) &* 3
                for lx in x0...x1 {
                    let dx = (Int64(lx) << 16) &+ 32768 &- cx
                    let cover = (((r2 &- dx &* dx &- dy2) &* inverse) >> 32) &+ 32768
                    if cover > 0 {
                        let w = UInt32((min(cover, 65536) &* level) >> 16)
                        light[i] &+= (red &* w) >> 16
                        light[i &+ 1] &+= (green &* w) >> 16
                        light[i &+ 2] &+= (blue &* w) >> 16
                    }
                    i &+= 3
                }
            }
        }
    }

    /// Paints the sums onto the canvas, one colour per LED, each channel clamped to full drive.
    func paint(into canvas: inout Canvas) {
        let width = width
        light.withUnsafeBufferPointer { light in
            canvas.paintLEDs { y, row in
                var i = y &* width &* 3
                for x in 0..<width {
                    row[x] = LinearColor(red: UInt16(min(light[i], 65535)), green: UInt16(min(light[i &+ 1], 65535)),
                                         blue: UInt16(min(light[i &+ 2], 65535)))
                    i &+= 3
                }
            }
        }
    }
}

/// A fast stream of pseudo-random numbers (xorshift32) for per-cell randomness inside one
/// simulation step; seed it from `Mix.hash` of the seed and the step so each step is a
/// function of its number.
struct CellRandom: Sendable {
    private var state: UInt32

    /// A stream from `seed` (any value; zero is avoided).
    init(_ seed: UInt64) { state = UInt32(truncatingIfNeeded: seed ^ (seed >> 32)) | 1 }

    /// The next 32 random bits.
    @inline(__always) mutating func next() -> UInt32 {
        state ^= state << 13; state ^= state >> 17; state ^= state << 5
        return state
    }

    /// A random whole number in 0 ..< n (n ≤ 65536), without a division.
    @inline(__always) mutating func below(_ n: Int) -> Int {
        Int(((next() >> 16) &* UInt32(n)) >> 16)
    }
}

extension Mix {
    /// `Mix.hash(seed, a, b, c)` of 64-bit numbers (tick, slot and burst numbers): bit for bit
    /// what `hash` gives them as `Int` on a 64-bit CPU, and the same on a 32-bit one, where
    /// converting a number past 2³¹ (a tick count after some months) to `Int` would drop its
    /// high bits.
    @inline(__always) static func hash(_ seed: UInt64, wide a: Int64, _ b: Int64 = 0, _ c: Int64 = 0) -> UInt64 {
        var h = finalize(seed ^ 0x243F_6A88_85A3_08D3)
        h = finalize(h ^ UInt64(bitPattern: a))
        h = finalize(h ^ UInt64(bitPattern: b) &* 0x9E37_79B9_7F4A_7C15)
        return finalize(h ^ UInt64(bitPattern: c) &* 0xC2B2_AE3D_27D4_EB4F)
    }
}
