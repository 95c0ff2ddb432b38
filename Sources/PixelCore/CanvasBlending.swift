/// Blending a colour over the samples: the one blend every primitive uses.
extension Canvas {
    /// α (0...255) → weight in 1/256ths (0...256), so 255 is fully opaque: α + (α >> 7), which
    /// keeps 0...127 and adds one from 128 on (128 → 129, 255 → 256).
    @usableFromInline @inline(__always) static func weight(_ alpha: UInt8) -> UInt32 {
        UInt32(alpha) + UInt32(alpha >> 7)
    }

    /// `src` over `dst` at weight `w` of 256, per channel: (src·w + dst·(256 − w) + 128) >> 8,
    /// rounded to nearest with halves up; `w` ≥ 256 is `src` exactly, 0 is `dst` exactly.
    @usableFromInline @inline(__always) static func blend(_ src: LinearColor, over dst: LinearColor, weight w: UInt32) -> LinearColor {
        if w >= 256 { return src }
        let inv = 256 - w
        return LinearColor(
            red: UInt16((UInt32(src.red) * w + UInt32(dst.red) * inv + 128) >> 8),
            green: UInt16((UInt32(src.green) * w + UInt32(dst.green) * inv + 128) >> 8),
            blue: UInt16((UInt32(src.blue) * w + UInt32(dst.blue) * inv + 128) >> 8))
    }

}

/// `Canvas.blend` of one colour at one weight 0 < w < 256 over runs of samples, eight samples
/// at a time in 16-bit lanes, its vectors set up once per shape. With c = src·w + 128 =
/// 256·ch + cl and dst = 256·h + l, (c + dst·(256 − w)) >> 8 = h·(256 − w) + ch +
/// ((l·(256 − w) + cl) >> 8) exactly, and no term exceeds 16 bits.
struct RunBlender {
    let src: LinearColor, weight: UInt32
    let inverse: SIMD8<UInt16>
    /// ch and cl for the three vectors of eight samples, whose lanes run r g b r g b r g,
    /// b r g …, g b r ….
    let high: (SIMD8<UInt16>, SIMD8<UInt16>, SIMD8<UInt16>), low: (SIMD8<UInt16>, SIMD8<UInt16>, SIMD8<UInt16>)

    init(_ src: LinearColor, weight w: UInt32) {
        self.src = src; weight = w
        inverse = SIMD8(repeating: UInt16(256 - w))
        let r = UInt32(src.red) * w + 128, g = UInt32(src.green) * w + 128, b = UInt32(src.blue) * w + 128
        func lanes(_ r: UInt32, _ g: UInt32, _ b: UInt32) -> (SIMD8<UInt16>, SIMD8<UInt16>, SIMD8<UInt16>) {
            let (r, g, b) = (UInt16(r), UInt16(g), UInt16(b))
            return (SIMD8(r, g, b, r, g, b, r, g), SIMD8(b, r, g, b, r, g, b, r), SIMD8(g, b, r, g, b, r, g, b))
        }
        high = lanes(r >> 8, g >> 8, b >> 8)
        low = lanes(r & 0xFF, g & 0xFF, b & 0xFF)
    }

    @inline(__always) func mix(_ v: SIMD8<UInt16>, _ ch: SIMD8<UInt16>, _ cl: SIMD8<UInt16>) -> SIMD8<UInt16> {
        (v &>> 8) &* inverse &+ ch &+ (((v & 0xFF) &* inverse &+ cl) &>> 8)
    }

    /// Blends over `count` samples of `buffer` from `start`.
    @inline(__always) func blend(over buffer: UnsafeMutableBufferPointer<LinearColor>, from start: Int, count: Int) {
        precondition(start >= 0 && count >= 0 && start + count <= buffer.count, "blend run outside the canvas")
        var done = 0
        let bytes = UnsafeMutableRawPointer(buffer.baseAddress! + start)
        while done + 8 <= count {
            let p = bytes + done * 6
            p.storeBytes(of: mix(p.loadUnaligned(as: SIMD8<UInt16>.self), high.0, low.0), as: SIMD8<UInt16>.self)
            p.storeBytes(of: mix(p.loadUnaligned(fromByteOffset: 16, as: SIMD8<UInt16>.self), high.1, low.1),
                         toByteOffset: 16, as: SIMD8<UInt16>.self)
            p.storeBytes(of: mix(p.loadUnaligned(fromByteOffset: 32, as: SIMD8<UInt16>.self), high.2, low.2),
                         toByteOffset: 32, as: SIMD8<UInt16>.self)
            done += 8
        }
        if done + 4 <= count {
            // Four samples are twelve lanes: r g b r g b r g, then b r g b (the start of the
            // second vector's pattern).
            let p = bytes + done * 6
            p.storeBytes(of: mix(p.loadUnaligned(as: SIMD8<UInt16>.self), high.0, low.0), as: SIMD8<UInt16>.self)
            let v = p.loadUnaligned(fromByteOffset: 16, as: SIMD4<UInt16>.self)
            // The halves named with their types: Swift 6.0 cannot type-check the expression in time otherwise.
            let inverse4: SIMD4<UInt16> = inverse.lowHalf, high4: SIMD4<UInt16> = high.1.lowHalf, low4: SIMD4<UInt16> = low.1.lowHalf
            let mixed: SIMD4<UInt16> = (v &>> 8) &* inverse4 &+ high4 &+ (((v & 0xFF) &* inverse4 &+ low4) &>> 8)
            p.storeBytes(of: mixed, toByteOffset: 16, as: SIMD4<UInt16>.self)
            done += 4
        }
        for i in (start + done)..<(start + count) { buffer[i] = Canvas.blend(src, over: buffer[i], weight: weight) }
    }
}

/// Mixing two whole pictures: the cross-fade between effects.
extension Canvas {
    /// Mixes `other` (a canvas of the same size and supersampling) over this one in linear
    /// light: every sample becomes other·w + self·(1 − w), rounded to nearest, for `weight` w
    /// in 0...1 (clamped). Two pictures painted per LED are mixed per LED.
    public mutating func mix(_ other: Canvas, weight: Fixed) {
        precondition(other.width == width && other.height == height && other.supersampling == supersampling
                     && other.bandStart == bandStart && other.bandSampleRows == bandSampleRows, "mixing canvases of different shapes")
        let w = UInt32(weight.clamped(to: .zero ... .one).raw), keep = 65536 - w
        guard w > 0 else { return }
        @inline(__always) func mixed(_ a: LinearColor, _ b: LinearColor) -> LinearColor {
            LinearColor(red: UInt16((UInt32(a.red) * keep + UInt32(b.red) * w + 32768) >> 16),
                        green: UInt16((UInt32(a.green) * keep + UInt32(b.green) * w + 32768) >> 16),
                        blue: UInt16((UInt32(a.blue) * keep + UInt32(b.blue) * w + 32768) >> 16))
        }
        if case .leds = content, case .leds = other.content {
            for i in ledColors.indices { ledColors[i] = mixed(ledColors[i], other.ledColors[i]) }
            return
        }
        materialize()
        let theirs = other.samples
        storage.withUnsafeMutableBufferPointer { mine in
            theirs.withUnsafeBufferPointer { theirs in
                for i in mine.indices { mine[i] = mixed(mine[i], theirs[i]) }
            }
        }
    }
}

extension LinearColor {
    /// `color` (with its alpha) laid over this colour exactly as a primitive blends it onto a
    /// sample: what an LED wholly covered by an opaque or translucent shape becomes. For effects
    /// that paint whole LEDs (`Canvas.paintLEDs`) and must match what drawing would give.
    @inlinable public func under(_ color: Color) -> LinearColor {
        Canvas.blend(color.linear, over: self, weight: Canvas.weight(color.alpha))
    }
}
