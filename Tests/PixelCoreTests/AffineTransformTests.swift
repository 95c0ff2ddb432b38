import Testing
@testable import PixelCore

/// Points, rectangles and `AffineTransform`: building, composing, applying and inverting.
struct AffineTransformTests {
    static func point(_ x: Fixed, _ y: Fixed) -> Point { Point(x: x, y: y) }

    /// Largest per-axis difference in raw units.
    static func distance(_ p: Point, _ q: Point) -> Int64 {
        max(abs(Int64(p.x.raw) - Int64(q.x.raw)), abs(Int64(p.y.raw) - Int64(q.y.raw)))
    }

    // MARK: Building and applying

    @Test func basicTransformsMovePointsAsDocumented() {
        let p = Self.point(3, -2)
        #expect(AffineTransform.identity.apply(p) == p)
        #expect(AffineTransform.scale(2, Fixed(1, over: 2)).apply(p) == Self.point(6, -1))
        #expect(AffineTransform.translation(10, 20).apply(p) == Self.point(13, 18))
        // Clockwise on a y-down panel: +x turns to +y (down), +y turns to −x.
        #expect(AffineTransform.rotation(.quarterTurn).apply(Self.point(1, 0)) == Self.point(0, 1))
        #expect(AffineTransform.rotation(.quarterTurn).apply(Self.point(0, 1)) == Self.point(-1, 0))
        #expect(AffineTransform.rotation(.halfTurn).apply(p) == Self.point(-3, 2))
        let diagonal = AffineTransform.rotation(.degrees(45)).apply(Self.point(1, 0))
        #expect(abs(diagonal.x.raw - 46341) <= 2 && abs(diagonal.y.raw - 46341) <= 2)   // √½ · 65536 = 46340.95
    }

    @Test func concatenatingAppliesTheFirstTransformFirst() {
        let scale = AffineTransform.scale(2, 3), move = AffineTransform.translation(5, 7)
        let p = Self.point(1, 1)
        #expect(move.concatenating(after: scale).apply(p) == Self.point(7, 10))   // scale, then move
        #expect(scale.concatenating(after: move).apply(p) == Self.point(12, 24))  // move, then scale
        let turn = AffineTransform.rotation(.quarterTurn)
        #expect(turn.concatenating(after: turn).apply(p) == Self.point(-1, -1))
        // Arbitrary compositions agree with applying one after the other, up to rounding.
        var random = SeededRandom(seed: 0xAF)
        for _ in 0..<500 {
            let t = AffineTransform.rotation(Angle(raw: Int32(random.int(in: 0...65535))))
            let u = AffineTransform.translation(random.fixed(in: -50...50), random.fixed(in: -50...50))
                .concatenating(after: .scale(random.fixed(in: Fixed(1, over: 2)...4), random.fixed(in: Fixed(1, over: 2)...4)))
            let q = Self.point(random.fixed(in: -10...10), random.fixed(in: -10...10))
            let sequential = t.apply(u.apply(q)), combined = t.concatenating(after: u).apply(q)
            #expect(Self.distance(sequential, combined) <= 16)
        }
    }

    @Test func rectangleEdgesAndCentre() {
        let r = Rect(x: 1, y: 2, width: 5, height: Fixed(3, over: 2))
        #expect(r.maxX == 6 && r.maxY == Fixed(7, over: 2))
        #expect(r.center == Self.point(Fixed(7, over: 2), Fixed(11, over: 4)))
        #expect(Self.point(1, 2) + Self.point(3, 4) == Self.point(4, 6))
        #expect(Self.point(1, 2) - Self.point(3, 4) == Self.point(-2, -2))
    }

    // MARK: Inverting

    @Test func exactlyInvertibleTransformsInvertExactly() {
        #expect(AffineTransform.identity.inverted == .identity)
        #expect(AffineTransform.scale(2, 4).inverted == .scale(Fixed(1, over: 2), Fixed(1, over: 4)))
        #expect(AffineTransform.scale(-1, 8).inverted == .scale(-1, Fixed(1, over: 8)))
        #expect(AffineTransform.translation(3, -5).inverted == .translation(-3, 5))
        #expect(AffineTransform.rotation(.quarterTurn).inverted == .rotation(Angle(raw: -16384)))
        #expect(AffineTransform.rotation(.halfTurn).inverted == .rotation(.halfTurn))
    }

    /// Transforms whose inverse has exactly representable coefficients: dyadic scales,
    /// quarter-turn rotations and translations, composed.
    static let exactlyInvertible: [AffineTransform] = [
        .identity,
        .scale(2, 2),
        .scale(4, Fixed(1)),
        .scale(-2, 8),
        .translation(Fixed(37, over: 8), Fixed(-1234, over: 3)),
        .rotation(.quarterTurn),
        .rotation(.halfTurn),
        .rotation(Angle(raw: 3 << 14)),
        AffineTransform.translation(10, Fixed(-3, over: 4)).concatenating(after: .rotation(.quarterTurn)).concatenating(after: .scale(2, 4)),
        AffineTransform.scale(8, 2).concatenating(after: .translation(Fixed(1, over: 3), 7)).concatenating(after: .rotation(.halfTurn)),
        AffineTransform(a: 1, b: 1, c: 0, d: 1, tx: 5, ty: 0),   // a shear with determinant 1: inverse is exact
    ]

    /// None of these contracts, so `t` loses no information and its inverse brings every point
    /// back. The other way round, the inverse contracts (by up to 8 here) and rounds its result,
    /// and `t` scales that rounding back up: up to ½ ulp · ‖t‖ per axis, plus rounding.
    @Test(arguments: exactlyInvertible)
    func inverseOfExactTransformsMapsPointsBackWithinTwoUlp(_ t: AffineTransform) throws {
        let inverse = try #require(t.inverted)
        let norm = max(abs(t.a.doubleValue) + abs(t.c.doubleValue), abs(t.b.doubleValue) + abs(t.d.doubleValue))
        var random = SeededRandom(seed: 0x1A)
        for _ in 0..<2000 {
            let p = Self.point(random.fixed(in: -1000...1000), random.fixed(in: -1000...1000))
            #expect(Self.distance(inverse.apply(t.apply(p)), p) <= 2, "\(t) at \(p)")
            #expect(Double(Self.distance(t.apply(inverse.apply(p)), p)) <= 2 + norm / 2, "\(t) at \(p)")
        }
    }

    /// For any transform x ↦ A·x + t, `inverted` holds A⁻¹ rounded to nearest, so mapping a
    /// point there and back is off by at most
    ///   2 ulp (four roundings in the inverse's `apply`)
    /// + ‖A⁻¹‖ ulp (the forward `apply` rounds by up to 1 ulp per axis, scaled by the inverse)
    /// + ½ ulp per unit of ‖A·p‖₁ (the inverse's coefficients are each within ½ ulp).
    /// Near the origin of a non-contracting map that is the familiar "a couple of ulp";
    /// far out it grows with the distance, as it must with 16 fraction bits of coefficient.
    @Test func inverseOfScaleRotationTranslationMapsPointsBackWithinTheRoundingBound() throws {
        var random = SeededRandom(seed: 0x1B)
        var nearOrigin: Int64 = 0
        for _ in 0..<600 {
            let t = AffineTransform.translation(random.fixed(in: -100...100), random.fixed(in: -100...100))
                .concatenating(after: .rotation(Angle(raw: Int32(random.int(in: 0...65535)))))
                .concatenating(after: .scale(random.fixed(in: Fixed(1, over: 4)...8), random.fixed(in: Fixed(1, over: 4)...8)))
            let inverse = try #require(t.inverted)
            let inverseNorm = max(abs(inverse.a.doubleValue) + abs(inverse.c.doubleValue),
                                  abs(inverse.b.doubleValue) + abs(inverse.d.doubleValue))
            for radius in [1, 10, 100, 1000] {
                for _ in 0..<20 {
                    let p = Self.point(random.fixed(in: Fixed(-radius)...Fixed(radius)), random.fixed(in: Fixed(-radius)...Fixed(radius)))
                    let ax = t.a.doubleValue * p.x.doubleValue + t.c.doubleValue * p.y.doubleValue
                    let ay = t.b.doubleValue * p.x.doubleValue + t.d.doubleValue * p.y.doubleValue
                    let bound = 2 + inverseNorm + 0.5 * (abs(ax) + abs(ay))
                    let error = Self.distance(inverse.apply(t.apply(p)), p)
                    #expect(Double(error) <= bound, "\(t) at \(p): \(error) ulp, bound \(bound)")
                }
            }
            // Pure rotations and translations (norm 1) near the origin come back within 4 ulp.
            let rigid = AffineTransform.translation(t.tx, t.ty).concatenating(after: .rotation(Angle(raw: Int32(random.int(in: 0...65535)))))
            let rigidInverse = try #require(rigid.inverted)
            for _ in 0..<20 {
                let p = Self.point(random.fixed(in: -1...1), random.fixed(in: -1...1))
                nearOrigin = max(nearOrigin, Self.distance(rigidInverse.apply(rigid.apply(p)), p))
            }
        }
        #expect(nearOrigin <= 4)
    }

    @Test func inverseComposedWithTheTransformIsNearlyIdentity() throws {
        let t = AffineTransform.translation(12, -7).concatenating(after: .rotation(.degrees(30))).concatenating(after: .scale(3, 2))
        let product = t.concatenating(after: try #require(t.inverted))
        #expect(abs(product.a.raw - 65536) <= 2 && abs(product.d.raw - 65536) <= 2)
        #expect(abs(product.b.raw) <= 2 && abs(product.c.raw) <= 2)
        #expect(abs(product.tx.raw) <= 16 && abs(product.ty.raw) <= 16)
    }

    @Test func nonInvertibleTransformsHaveNoInverse() {
        #expect(AffineTransform.scale(0, 1).inverted == nil)
        #expect(AffineTransform.scale(1, 0).inverted == nil)
        #expect(AffineTransform.scale(0, 0).inverted == nil)
        #expect(AffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 5, ty: 6).inverted == nil)   // parallel columns
        #expect(AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 1, ty: 1).inverted == nil)
        #expect(AffineTransform(a: -3, b: 6, c: 1, d: -2, tx: 0, ty: 0).inverted == nil)
        // Tiny but non-zero determinants still invert (the inverse saturates rather than trapping).
        #expect(AffineTransform.scale(.ulp, .ulp).inverted != nil)
        #expect(AffineTransform(a: .min, b: .min, c: .max, d: .min, tx: .max, ty: .min).inverted != nil)
    }
}
