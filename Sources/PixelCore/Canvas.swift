/// Samples per LED along each axis: the canvas draws at S×S samples per LED and averages
/// them (a box filter) into the `Frame`, which is what makes edges anti-aliased.
public enum Supersampling: Int, CaseIterable, Sendable, CustomStringConvertible {
    case x1 = 1, x2 = 2, x4 = 4, x8 = 8

    /// log2 of the factor.
    public var shift: Int { rawValue.trailingZeroBitCount }

    public var description: String { String(rawValue) }
}

/// A drawing surface at panel resolution × S in each direction.
///
/// Effects draw in their own *logical* coordinates; `transform` maps those onto LEDs (LED
/// (0, 0) spans 0 ..< 1 on both axes). Shapes are point-sampled at the centre of every
/// sample and then box-filtered by `downsample()`, so an edge through the middle of an LED
/// lights it to half brightness, and positions may fall anywhere between LEDs.
///
/// Colours blend in linear light: a sample becomes `src·α + dst·(1 − α)`, with α in 1/256ths.
public struct Canvas: Sendable {
    /// Width in LEDs.
    public let width: Int
    /// Height in LEDs.
    public let height: Int
    /// Samples per LED along each axis.
    public let supersampling: Supersampling
    /// `width × S`.
    public let sampleWidth: Int
    /// `height × S`.
    public let sampleHeight: Int
    /// The samples, row-major, `sampleWidth × sampleHeight`.
    public internal(set) var samples: [LinearColor]
    /// Logical coordinates → LED coordinates.
    public private(set) var transform: AffineTransform = .identity
    /// LED coordinates → logical coordinates.
    private(set) var inverse: AffineTransform = .identity

    /// A black canvas for a `width × height` LED panel.
    public init(width: Int, height: Int, supersampling: Supersampling = .x4) {
        precondition(width > 0 && height > 0, "a canvas needs at least one LED")
        self.width = width
        self.height = height
        self.supersampling = supersampling
        sampleWidth = width << supersampling.shift
        sampleHeight = height << supersampling.shift
        samples = Array(repeating: .black, count: sampleWidth * sampleHeight)
    }

    /// Sets the map from logical coordinates to LEDs. Returns false (and changes nothing)
    /// when the map is not invertible.
    @discardableResult
    public mutating func setTransform(_ newTransform: AffineTransform) -> Bool {
        guard let inv = newTransform.inverted else { return false }
        transform = newTransform
        inverse = inv
        return true
    }

    /// Makes the logical space `logicalWidth × logicalHeight` fill the panel exactly
    /// (x scaled by width/logicalWidth, y by height/logicalHeight).
    public mutating func useLogicalSpace(width logicalWidth: Fixed, height logicalHeight: Fixed) {
        precondition(logicalWidth > .zero && logicalHeight > .zero)
        transform = .scale(Fixed(width) / logicalWidth, Fixed(height) / logicalHeight)
        inverse = .scale(logicalWidth / Fixed(width), logicalHeight / Fixed(height))
    }

    /// Sets every sample to `color` (no blending).
    public mutating func clear(_ color: LinearColor = .black) {
        samples.withUnsafeMutableBufferPointer { buffer in
            for i in buffer.indices { buffer[i] = color }
        }
    }

    // MARK: Downsampling

    /// Averages each LED's S×S samples (box filter, rounded to nearest) into a new frame.
    public func downsample() -> Frame {
        var frame = Frame(width: width, height: height)
        downsample(into: &frame)
        return frame
    }

    /// Averages each LED's S×S samples into `frame`, which must have the canvas's size.
    public func downsample(into frame: inout Frame) {
        precondition(frame.width == width && frame.height == height, "frame size differs from canvas")
        let s = supersampling.rawValue
        let shift = UInt32(2 * supersampling.shift)
        let roundHalf = (UInt32(1) << shift) >> 1
        let sw = sampleWidth
        samples.withUnsafeBufferPointer { src in
            frame.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    for x in 0..<width {
                        var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0
                        var row = (y * s) * sw + x * s
                        for _ in 0..<s {
                            for k in 0..<s {
                                let p = src[row + k]
                                r &+= UInt32(p.red); g &+= UInt32(p.green); b &+= UInt32(p.blue)
                            }
                            row += sw
                        }
                        dst[y * width + x] = LinearColor(
                            red: UInt16((r + roundHalf) >> shift),
                            green: UInt16((g + roundHalf) >> shift),
                            blue: UInt16((b + roundHalf) >> shift))
                    }
                }
            }
        }
    }

    // MARK: Blending

    /// α (0...255) → weight in 1/256ths (0...256), so 255 is fully opaque.
    @inline(__always) static func weight(_ alpha: UInt8) -> UInt32 {
        UInt32(alpha) + UInt32(alpha >> 7)
    }

    @inline(__always) static func blend(_ src: LinearColor, over dst: LinearColor, weight w: UInt32) -> LinearColor {
        if w >= 256 { return src }
        let inv = 256 - w
        return LinearColor(
            red: UInt16((UInt32(src.red) * w + UInt32(dst.red) * inv + 128) >> 8),
            green: UInt16((UInt32(src.green) * w + UInt32(dst.green) * inv + 128) >> 8),
            blue: UInt16((UInt32(src.blue) * w + UInt32(dst.blue) * inv + 128) >> 8))
    }

    // MARK: Rasterising in shape-local coordinates

    /// Shape-local coordinates as an affine function of logical coordinates:
    /// u = mxx·(x − ox) + mxy·(y − oy), v = myx·(x − ox) + myy·(y − oy).
    /// Origins are logical Q16.16 raw values; the m's are local units per logical unit in Q.24,
    /// so u and v come out in Q.40 and are handed to shapes in Q.24 (1.0 = 1 << 24).
    struct LocalMap {
        var ox: Int64, oy: Int64
        var mxx: Int64, mxy: Int64, myx: Int64, myy: Int64

        /// u = (x − origin.x) / unitX, v = (y − origin.y) / unitY.
        init(origin: Point, unitX: Fixed, unitY: Fixed) {
            ox = Int64(origin.x.raw); oy = Int64(origin.y.raw)
            mxx = (Int64(1) << 40) / Int64(unitX.raw); mxy = 0
            myx = 0; myy = (Int64(1) << 40) / Int64(unitY.raw)
        }

        /// u along the unit vector (dx, dy) (Q16.16), v across it, both divided by `unit`.
        init(origin: Point, directionX dx: Fixed, directionY dy: Fixed, unit: Fixed) {
            ox = Int64(origin.x.raw); oy = Int64(origin.y.raw)
            let scale = Int64(unit.raw)
            mxx = (Int64(dx.raw) << 24) / scale; mxy = (Int64(dy.raw) << 24) / scale
            myx = -(Int64(dy.raw) << 24) / scale; myy = (Int64(dx.raw) << 24) / scale
        }
    }

    /// The sample rectangle (half-open) whose centres may fall inside the logical box.
    func sampleBounds(minX: Fixed, minY: Fixed, maxX: Fixed, maxY: Fixed) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        let corners = [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: minX, y: maxY), Point(x: maxX, y: maxY)]
            .map { transform.apply($0) }
        let s = Int64(supersampling.rawValue)
        // Sample i has its centre at (i + 0.5)/S LEDs; pad by one sample for rounding, which
        // covers up to half a sample of error. Samples are placed through `inverse`, and
        // `transform` is only its inverse to within a unit of a coefficient per logical unit
        // (each is rounded to Q16.16): far from the origin of a huge logical space that is a
        // couple of samples, so pad by another sample for each sample of it beyond the half.
        let reach = Swift.max(Int64(minX.raw).magnitude, Int64(maxX.raw).magnitude)
            + Swift.max(Int64(minY.raw).magnitude, Int64(maxY.raw).magnitude)
        let pad = 1 + Int64((reach * UInt64(s) + (1 << 31)) >> 32)
        func low(_ v: Int32) -> Int { Int(((Int64(v) * s) >> 16) - pad) }
        func high(_ v: Int32) -> Int { Int(((Int64(v) * s + 0xFFFF) >> 16) + pad) }
        let x0 = max(0, low(corners.map(\.x.raw).min()!)), x1 = min(sampleWidth, high(corners.map(\.x.raw).max()!))
        let y0 = max(0, low(corners.map(\.y.raw).min()!)), y1 = min(sampleHeight, high(corners.map(\.y.raw).max()!))
        guard x0 < x1, y0 < y1 else { return nil }
        return (x0, y0, x1, y1)
    }

    /// Shape-local coordinates (Q.40) at the first sample of some bounds, and their steps per
    /// sample along a row (I) and down a column (J).
    struct LocalWalk {
        var u0: Int128, v0: Int128, uI: Int128, vI: Int128, uJ: Int128, vJ: Int128
        /// Whether every sample in the bounds has |u|, |v| < 2⁶², so the walk can run in 64 bits.
        var fitsIn64Bits: Bool
    }

    /// Sets up the walk over `bounds` for `map`. Kept out of line: it runs once per shape, and
    /// inlining its 128-bit arithmetic slows down the per-sample loop that follows.
    @inline(never)
    func localWalk(bounds: (x0: Int, y0: Int, x1: Int, y1: Int), map: LocalMap) -> LocalWalk {
        let shift = Int64(supersampling.shift)
        // LED coordinates (Q16.16) of the first sample centre.
        let half = Int64(1) << (15 - shift)
        let ledX0 = (Int64(bounds.x0) << (16 - shift)) + half
        let ledY0 = (Int64(bounds.y0) << (16 - shift)) + half
        // Logical coordinates of that centre relative to the shape's origin, in Q.32: exact, so
        // that shapes sharing an edge agree on which side of it every sample lies.
        let inv = inverse
        let dx = Int128(inv.a.raw) * Int128(ledX0) + Int128(inv.c.raw) * Int128(ledY0) + (Int128(Int64(inv.tx.raw) - map.ox) << 16)
        let dy = Int128(inv.b.raw) * Int128(ledX0) + Int128(inv.d.raw) * Int128(ledY0) + (Int128(Int64(inv.ty.raw) - map.oy) << 16)
        // Local coordinates in Q.40, in 128 bits: a shape far smaller than the distances involved
        // (a hairline across the whole range, a tiny dot in a huge logical space) needs about 2⁷⁴.
        let u0 = (Int128(map.mxx) * dx + Int128(map.mxy) * dy) >> 16
        let v0 = (Int128(map.myx) * dx + Int128(map.myy) * dy) >> 16
        let uI = (Int128(map.mxx) * Int128(inv.a.raw) + Int128(map.mxy) * Int128(inv.b.raw)) >> shift
        let vI = (Int128(map.myx) * Int128(inv.a.raw) + Int128(map.myy) * Int128(inv.b.raw)) >> shift
        let uJ = (Int128(map.mxx) * Int128(inv.c.raw) + Int128(map.mxy) * Int128(inv.d.raw)) >> shift
        let vJ = (Int128(map.myx) * Int128(inv.c.raw) + Int128(map.myy) * Int128(inv.d.raw)) >> shift
        // u and v are linear in the sample position, so they are largest at a corner of the bounds.
        let ni = Int128(bounds.x1 - bounds.x0 - 1), nj = Int128(bounds.y1 - bounds.y0 - 1)
        let corners = [(u0, v0), (u0 + ni * uI, v0 + ni * vI), (u0 + nj * uJ, v0 + nj * vJ),
                       (u0 + ni * uI + nj * uJ, v0 + ni * vI + nj * vJ)]
        let fits = corners.allSatisfy { $0.0.magnitude < 1 << 62 && $0.1.magnitude < 1 << 62 }
        return LocalWalk(u0: u0, v0: v0, uI: uI, vI: vI, uJ: uJ, vJ: vJ, fitsIn64Bits: fits)
    }

    /// Visits every sample in `bounds` with its shape-local (u, v) in Q.24; `paint` returns the
    /// colour and weight (0...256) to blend there, or nil to leave the sample alone.
    @inline(__always)
    mutating func rasterize(
        bounds: (x0: Int, y0: Int, x1: Int, y1: Int), map: LocalMap,
        paint: (Int64, Int64) -> (LinearColor, UInt32)?
    ) {
        let walk = localWalk(bounds: bounds, map: map)
        guard walk.fitsIn64Bits else { rasterizeWide(bounds: bounds, walk: walk, paint: paint); return }
        var uRow = Int64(walk.u0), vRow = Int64(walk.v0)
        let uStepI = Int64(walk.uI), vStepI = Int64(walk.vI), uStepJ = Int64(walk.uJ), vStepJ = Int64(walk.vJ)
        let sw = sampleWidth
        samples.withUnsafeMutableBufferPointer { buffer in
            for j in bounds.y0..<bounds.y1 {
                var u = uRow, v = vRow
                let rowStart = j * sw
                for i in bounds.x0..<bounds.x1 {
                    if let (color, w) = paint(u >> 16, v >> 16), w > 0 {
                        buffer[rowStart + i] = Canvas.blend(color, over: buffer[rowStart + i], weight: w)
                    }
                    u &+= uStepI; v &+= vStepI
                }
                uRow &+= uStepJ; vRow &+= vStepJ
            }
        }
    }

    /// `rasterize` for the rare shape whose local coordinates over `bounds` overflow 64 bits:
    /// the same walk in 128 bits, handing shapes Q.24 values limited to ±2⁶² (far outside
    /// every shape, and small enough for the shape tests to negate and subtract).
    @inline(never)
    mutating func rasterizeWide(
        bounds: (x0: Int, y0: Int, x1: Int, y1: Int), walk: LocalWalk,
        paint: (Int64, Int64) -> (LinearColor, UInt32)?
    ) {
        func q24(_ q40: Int128) -> Int64 { Int64(Swift.min(Swift.max(q40 >> 16, -(1 << 62)), 1 << 62)) }
        var uRow = walk.u0, vRow = walk.v0
        for j in bounds.y0..<bounds.y1 {
            var u = uRow, v = vRow
            for i in bounds.x0..<bounds.x1 {
                if let (color, w) = paint(q24(u), q24(v)), w > 0 {
                    samples[j * sampleWidth + i] = Canvas.blend(color, over: samples[j * sampleWidth + i], weight: w)
                }
                u += walk.uI; v += walk.vI
            }
            uRow += walk.uJ; vRow += walk.vJ
        }
    }

    /// Like `rasterize` for a shape of one colour: `inside(u, v)` says whether a sample is covered.
    @inline(__always)
    mutating func fillShape(
        minX: Fixed, minY: Fixed, maxX: Fixed, maxY: Fixed, map: LocalMap, color: Color,
        inside: (Int64, Int64) -> Bool
    ) {
        guard color.alpha > 0, let bounds = sampleBounds(minX: minX, minY: minY, maxX: maxX, maxY: maxY) else { return }
        let linear = color.linear, w = Canvas.weight(color.alpha)
        rasterize(bounds: bounds, map: map) { u, v in inside(u, v) ? (linear, w) : nil }
    }
}

/// Q.24 helpers for shape tests.
enum Q24 {
    static let one: Int64 = 1 << 24

    /// u² + v² ≤ 1, safe for any magnitudes.
    @inline(__always) static func withinUnitCircle(_ u: Int64, _ v: Int64) -> Bool {
        if u > one || u < -one || v > one || v < -one { return false }
        return u * u + v * v <= one * one
    }
}
