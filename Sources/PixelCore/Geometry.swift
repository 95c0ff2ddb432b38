/// A point in fixed-point coordinates (logical units or LEDs, depending on context).
public struct Point: Hashable, Sendable {
    /// Horizontal coordinate, growing to the right.
    public var x: Fixed
    /// Vertical coordinate, growing downwards.
    public var y: Fixed
    /// The point (x, y).
    @inlinable public init(x: Fixed, y: Fixed) { self.x = x; self.y = y }
    /// The origin (0, 0).
    public static let zero = Point(x: .zero, y: .zero)
    @inlinable public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
}

/// An axis-aligned rectangle: origin at its top-left corner, y down.
public struct Rect: Hashable, Sendable {
    /// Left edge.
    public var x: Fixed
    /// Top edge.
    public var y: Fixed
    /// Extent along x, in the same units as the origin.
    public var width: Fixed
    /// Extent along y, in the same units as the origin.
    public var height: Fixed
    /// A rectangle with its top-left corner at (x, y).
    @inlinable public init(x: Fixed, y: Fixed, width: Fixed, height: Fixed) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    /// Right edge: `x + width`.
    @inlinable public var maxX: Fixed { x + width }
    /// Bottom edge: `y + height`.
    @inlinable public var maxY: Fixed { y + height }
    /// The centre point.
    @inlinable public var center: Point { Point(x: x + width / 2, y: y + height / 2) }
}

/// A 2-D affine map: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
///
/// A `Canvas` uses one to place an effect's logical coordinates on the panel's LEDs.
public struct AffineTransform: Hashable, Sendable {
    /// The coefficients of x' = a·x + c·y + tx, y' = b·x + d·y + ty.
    public var a: Fixed, b: Fixed, c: Fixed, d: Fixed, tx: Fixed, ty: Fixed

    /// A map with the given coefficients.
    @inlinable public init(a: Fixed, b: Fixed, c: Fixed, d: Fixed, tx: Fixed, ty: Fixed) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The map that changes nothing.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Scales by (sx, sy) about the origin.
    public static func scale(_ sx: Fixed, _ sy: Fixed) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Moves by (dx, dy).
    public static func translation(_ dx: Fixed, _ dy: Fixed) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy)
    }

    /// Rotates clockwise (on a y-down panel) by `angle` about the origin.
    public static func rotation(_ angle: Angle) -> AffineTransform {
        let cs = Trig.cosine(angle), sn = Trig.sine(angle)
        return AffineTransform(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    /// `self` applied after `first`: p ↦ self(first(p)).
    public func concatenating(after first: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * first.a + c * first.b, b: b * first.a + d * first.b,
            c: a * first.c + c * first.d, d: b * first.c + d * first.d,
            tx: a * first.tx + c * first.ty + tx, ty: b * first.tx + d * first.ty + ty)
    }

    /// The image of `p`.
    @inlinable public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The inverse map, or nil when the map squashes the plane (determinant 0).
    ///
    /// Its coefficients are the exact inverse's rounded to nearest, so for `self` = A·p + t,
    /// `inverted.apply(apply(p))` is within 2 + ‖A⁻¹‖ + ½·‖A·p‖₁ ulp of `p` per axis (tested in
    /// `AffineTransformTests`): a couple of ulp near the origin, growing with distance unless the
    /// inverse is exactly representable (dyadic scales, quarter turns, translations).
    public var inverted: AffineTransform? {
        // Work in Int64 with 32 fraction bits for the determinant to keep small scales exact.
        let det = Int64(a.raw) * Int64(d.raw) - Int64(b.raw) * Int64(c.raw)  // Q32
        guard det != 0 else { return nil }
        func q(_ numeratorQ32: Int64) -> Fixed {  // (Q32 numerator) / det → Q16.16
            let n = numeratorQ32.magnitude, dd = det.magnitude
            let scaled = n.multipliedFullWidth(by: 1 << 16)
            let (quo, rem) = dd.dividingFullWidth(scaled)
            let rounded = Int64(clamping: quo + (rem * 2 >= dd ? 1 : 0))
            return Fixed(raw: Int32(clamping: (numeratorQ32 < 0) != (det < 0) ? -rounded : rounded))
        }
        let ia = q(Int64(d.raw) << 16), ib = q(-Int64(b.raw) << 16)
        let ic = q(-Int64(c.raw) << 16), id = q(Int64(a.raw) << 16)
        let itx = -(ia * tx + ic * ty), ity = -(ib * tx + id * ty)
        return AffineTransform(a: ia, b: ib, c: ic, d: id, tx: itx, ty: ity)
    }
}
