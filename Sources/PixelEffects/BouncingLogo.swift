import PixelCore

/// The "DVD screensaver": a logo drifts at a constant velocity, reflects exactly off the
/// panel's edges and takes a new colour at every edge hit. Hits on two edges at the same
/// instant — the famous corner hit — are detected exactly and counted.
///
/// Motion is closed-form: along each axis the unfolded position p₀ + v·t is folded back
/// into the travel range by mirror reflection, so the logo never leaves the panel, any
/// overshoot past an edge is reflected, and the picture at an instant does not depend on
/// the frame rate. The only state is the colour and the counters, advanced event by event.
public struct BouncingLogo: Scene, Sendable {
    /// The logo's drawing space: 128 × 76 logical units, like the original artwork.
    static let logoSize = (width: 128, height: 76)

    /// How the catalog lists this effect (`bounce`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "bounce",
        family: .classic,
        summary: "bouncing \"DVD\" logo that changes colour on every edge hit",
        parameters: [
            EffectParameter("speed", "how fast the logo travels", .number(range: 1...500, default: 12, unit: "LEDs/s")),
            EffectParameter("size", "logo width as a share of the panel width", .integer(range: 10...100, default: 35, unit: "%")),
        ],
        make: { values, seed, width, height in
            .bounce(BouncingLogo(width: width, height: height, speed: values.number("speed"),
                                 sizePercent: values.integer("size"), seed: seed))
        })

    /// Motion along one axis, in Q16.16 raw LED units.
    struct Axis: Sendable {
        /// Start position in 0 ... range.
        var start: Int64
        /// Velocity in LEDs per second (signed).
        var velocity: Fixed
        /// Travel range: panel extent minus logo extent (≥ 0).
        var range: Int64

        /// Unfolded position: start + v·t.
        func unfolded(at t: FrameTime) -> Int64 { start + t.distance(atRate: velocity) }

        /// Position folded into 0...range by reflection.
        func position(at t: FrameTime) -> Int64 {
            guard range > 0 else { return 0 }
            let period = 2 * range
            var m = unfolded(at: t) % period
            if m < 0 { m += period }
            return m <= range ? m : period - m
        }

        /// Edge hits in (0, t]: multiples of `range` crossed since the start (touching counts).
        func hits(at t: FrameTime) -> Int64 {
            guard range > 0, velocity != .zero, t > .zero else { return 0 }
            let u = unfolded(at: t)
            if velocity > .zero {
                return floorDiv(u, range) - floorDiv(start, range)
            } else {
                return ceilDiv(start, range) - ceilDiv(u, range)
            }
        }

        /// The unfolded position at which hit number `n` (1-based) happens.
        func unfoldedPosition(ofHit n: Int64) -> Int64 {
            velocity > .zero ? (floorDiv(start, range) + n) * range : (ceilDiv(start, range) - n) * range
        }
    }

    /// Logo size on the panel, in LEDs (Q16.16).
    let logoWidth: Fixed
    let logoHeight: Fixed
    var x: Axis
    var y: Axis
    let seed: UInt64
    let startHue: Angle

    /// Number of corner hits (both edges at the same instant) so far.
    public private(set) var cornerHits: Int64 = 0
    /// Number of colour changes so far: edge hits, a corner hit counting once.
    public private(set) var colourChanges: Int64 = 0
    /// The logo's current hue.
    public private(set) var hue: Angle

    /// A logo `sizePercent` % of the panel width wide (at least 6 LEDs, at most the panel),
    /// travelling `speed` LEDs per second in a direction and from a place chosen by `seed`.
    public init(width: Int, height: Int, speed: Fixed, sizePercent: Int, seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        // Size: keep the logo's aspect ratio, fit within the panel.
        var w = Fixed(width * sizePercent, over: 100)
        w = max(w, min(Fixed(6), Fixed(width)))
        var h = w * Fixed(Self.logoSize.height, over: Self.logoSize.width)
        if h > Fixed(height) {
            h = Fixed(height)
            w = h * Fixed(Self.logoSize.width, over: Self.logoSize.height)
        }
        logoWidth = w
        logoHeight = h
        // Direction: 25°...65° off the axes, in a random quadrant, so it never runs along an edge.
        let degrees = rng.int(in: 25...65) + 90 * rng.int(in: 0...3)
        let direction = Angle.degrees(degrees)
        let rangeX = max(0, Int64(width) << 16 - Int64(w.raw))
        let rangeY = max(0, Int64(height) << 16 - Int64(h.raw))
        x = Axis(start: rangeX > 0 ? Int64(rng.int(in: 0...Int(rangeX))) : 0,
                 velocity: speed * Trig.cosine(direction), range: rangeX)
        y = Axis(start: rangeY > 0 ? Int64(rng.int(in: 0...Int(rangeY))) : 0,
                 velocity: speed * Trig.sine(direction), range: rangeY)
        self.seed = seed
        startHue = Angle(raw: Int32(rng.int(in: 0...65535)))
        hue = startHue
    }

    /// A logo with an explicit start (top-left, LEDs) and velocity (LEDs/s), for tests and
    /// for callers that want a particular path.
    public init(width: Int, height: Int, logoWidth: Fixed, start: Point, velocity: Point, seed: UInt64) {
        self.logoWidth = logoWidth
        logoHeight = logoWidth * Fixed(Self.logoSize.height, over: Self.logoSize.width)
        let rangeX = max(0, Int64(width) << 16 - Int64(logoWidth.raw))
        let rangeY = max(0, Int64(height) << 16 - Int64(logoHeight.raw))
        x = Axis(start: min(max(0, Int64(start.x.raw)), rangeX), velocity: velocity.x, range: rangeX)
        y = Axis(start: min(max(0, Int64(start.y.raw)), rangeY), velocity: velocity.y, range: rangeY)
        self.seed = seed
        startHue = Angle(raw: Int32(truncatingIfNeeded: Mix.hash(seed, 0) & 0xFFFF))
        hue = startHue
    }

    /// The logo's top-left corner at `time`, in LEDs.
    public func position(at time: FrameTime) -> Point {
        Point(x: Fixed(raw: Int32(x.position(at: time))), y: Fixed(raw: Int32(y.position(at: time))))
    }

    /// The hue after `n` colour changes: the golden angle (≈ 137.5°) per change plus a seeded
    /// jitter of ±20°, so consecutive colours always differ by 97°…178° and the sequence never
    /// settles into a visible cycle. Closed-form, so any instant costs the same.
    func hue(afterChanges n: Int64) -> Angle {
        let golden = Int64(25033)  // 0.381966 turn × 65536: the golden angle
        let jitter = Int64(Mix.hash(seed, 1, Int(truncatingIfNeeded: n)) % 7283) - 3641  // ±20°
        return Angle(raw: Int32(truncatingIfNeeded: (Int64(startHue.raw) + n &* golden + (n > 0 ? jitter : 0)) & 0xFFFF))
    }

    /// Brings the counters and colour to `time`. Everything is closed-form: the hits are
    /// counted from the unfolded positions, the corner hits by solving a linear congruence,
    /// so seeking to any instant, forwards or backwards, costs the same.
    public mutating func advance(to time: FrameTime) {
        let hitsX = x.hits(at: time), hitsY = y.hits(at: time)
        cornerHits = cornerCount(throughXHit: hitsX)
        colourChanges = hitsX + hitsY - cornerHits
        hue = hue(afterChanges: colourChanges)
    }

    /// How many of x-hits 1…`count` are corners: the n for which the y position at x-hit n's
    /// instant is a multiple of the y range. X-hit n happens at the unfolded position
    /// X_n = X₀ + s·n·Rx, so that is the linear congruence A + n·B ≡ 0 (mod M) with
    /// A = y₀·vx + vy·(X₀ − x₀), B = s·vy·Rx, M = Ry·vx.
    func cornerCount(throughXHit count: Int64) -> Int64 {
        guard count > 0, y.range > 0, y.velocity != .zero, x.velocity != .zero else { return 0 }
        let vx = Int128(x.velocity.raw), vy = Int128(y.velocity.raw)
        let s: Int128 = x.velocity > .zero ? 1 : -1
        let a = Int128(y.start) * vx + vy * Int128(x.unfoldedPosition(ofHit: 0) - x.start)
        let b = s * vy * Int128(x.range)
        let m = (Int128(y.range) * vx).magnitude
        return Int64(LinearCongruence.countSolutions(a: a, b: b, modulus: Int128(m), upTo: Int128(count)))
    }

    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        advance(to: time)
        let origin = position(at: time)
        let scale = logoWidth / Self.logoSize.width
        let toPanel = AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: origin.x, ty: origin.y)
        let saved = canvas.transform
        canvas.setTransform(toPanel)
        DVDLogo.draw(on: &canvas, color: Color.hue(hue))
        canvas.setTransform(saved)
    }
}

/// The logo artwork, drawn by this project in a 128 × 76 space: the letters D, V, D over a
/// disc, in one colour on black.
enum DVDLogo {
    static func draw(on canvas: inout Canvas, color: Color) {
        func letterD(at x0: Fixed) {
            // A D: straight back, round belly, hollow counter.
            canvas.fillRect(Rect(x: x0, y: 2, width: 18, height: 40), color: color)
            canvas.fillEllipse(in: Rect(x: x0 + 2, y: 2, width: 34, height: 40), color: color)
            canvas.fillRect(Rect(x: x0 + 9, y: 12, width: 8, height: 20), color: .black)
            canvas.fillEllipse(in: Rect(x: x0 + 10, y: 12, width: 16, height: 20), color: .black)
        }
        letterD(at: 2)
        canvas.fillPolygon([Point(x: 42, y: 2), Point(x: 54, y: 2), Point(x: 64, y: 28), Point(x: 74, y: 2),
                            Point(x: 86, y: 2), Point(x: 70, y: 42), Point(x: 58, y: 42)], color: color)
        letterD(at: 90)
        // The disc, with its spindle hole.
        canvas.fillEllipse(in: Rect(x: 10, y: 50, width: 108, height: 24), color: color)
        canvas.fillEllipse(in: Rect(x: 54, y: 58, width: 20, height: 8), color: .black)
    }
}

/// ⌊a / b⌋ for b > 0.
@inlinable func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let (q, r) = a.quotientAndRemainder(dividingBy: b)
    return r < 0 ? q - 1 : q
}

/// ⌈a / b⌉ for b > 0.
@inlinable func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let (q, r) = a.quotientAndRemainder(dividingBy: b)
    return r > 0 ? q + 1 : q
}

/// Counting solutions of a + n·b ≡ 0 (mod m) for n in 1…N, exactly, in 128-bit integers.
enum LinearCongruence {
    /// The number of n in 1…`upTo` with `a` + n·`b` ≡ 0 (mod `modulus`), `modulus` > 0.
    static func countSolutions(a: Int128, b: Int128, modulus m: Int128, upTo limit: Int128) -> Int128 {
        let bm = mod(b, m), target = mod(-a, m)
        let (g, inverse) = gcdAndInverse(bm, m)
        // Solvable only when gcd(b, m) divides the target.
        guard target % g == 0 else { return 0 }
        let reduced = m / g
        if reduced == 1 { return limit }
        // n ≡ (target/g)·(b/g)⁻¹ (mod m/g)
        let r = mulMod(mod(target / g, reduced), inverse, reduced)
        let first = r == 0 ? reduced : r
        return limit >= first ? (limit - first) / reduced + 1 : 0
    }

    static func mod(_ x: Int128, _ m: Int128) -> Int128 { let r = x % m; return r < 0 ? r + m : r }

    static func gcd(_ a: Int128, _ b: Int128) -> Int128 {
        var (x, y) = (a.magnitude, b.magnitude)
        while y != 0 { (x, y) = (y, x % y) }
        return Int128(x)
    }

    /// gcd(b, m) and the inverse of b/g modulo m/g (extended Euclid).
    static func gcdAndInverse(_ b: Int128, _ m: Int128) -> (Int128, Int128) {
        let g = gcd(b, m)
        let mm = m / g, bb = mod(b / g, mm)
        var (oldR, r) = (bb, mm)
        var (oldS, s): (Int128, Int128) = (1, 0)
        while r != 0 {
            let q = oldR / r
            (oldR, r) = (r, oldR - q * r)
            (oldS, s) = (s, oldS - q * s)
        }
        return (g, mod(oldS, mm))
    }

    /// (x·y) mod m for 0 ≤ x, y < m < 2⁶³: the product fits in 128 bits.
    static func mulMod(_ x: Int128, _ y: Int128, _ m: Int128) -> Int128 { mod(x * y, m) }
}
