/// A signed Q16.16 fixed-point number: 16 integer bits, 16 fraction bits, stored in an `Int32`.
///
/// The range is −32768 ..< 32768 with a resolution of 1/65536 (about 1.5 × 10⁻⁵).
/// Every operation is integer arithmetic, so results are the same bits on every CPU and in
/// debug and release builds. Arithmetic *saturates* at the ends of the range instead of
/// trapping or wrapping, so an effect pushed past its range clips rather than crashes.
///
/// Rounding: `*` and `/` round to nearest (ties away from zero); every result is within
/// half a unit in the last place (1/131072) of the exact value unless it saturated.
public struct Fixed: Hashable, Comparable, Sendable {
    /// The raw Q16.16 bits: `raw / 65536` is the value.
    public var raw: Int32

    /// Number of fraction bits.
    public static let fractionBits: Int32 = 16
    /// The raw value of 1.0.
    public static let unitRaw: Int64 = 1 << 16

    /// Creates a value from raw Q16.16 bits.
    @inlinable public init(raw: Int32) { self.raw = raw }

    /// Creates a value from an integer, saturating outside −32768...32767.
    @inlinable public init(_ value: Int) {
        // Clamp before shifting: `<<` on Int64 silently drops high bits, so 1 << 48 would become 0.
        self.raw = Fixed.saturate(Int64(Swift.min(Swift.max(value, -1 << 16), 1 << 16)) << 16)
    }

    /// Creates `numerator / denominator`, rounded to nearest. A zero denominator saturates.
    @inlinable public init(_ numerator: Int, over denominator: Int) {
        let n = Int64(clamping: numerator)
        if n.magnitude < 1 << 47 {
            self = Fixed.divide(n << 16, by: Int64(clamping: denominator))
        } else {
            // n << 16 would overflow: divide first, then the remainder (128-bit intermediate).
            let d = Int64(clamping: denominator)
            self = Fixed.divide(Int128(n) << 16, by: Int128(d))
        }
    }

    /// 0.0 (raw 0).
    public static let zero = Fixed(raw: 0)
    /// 1.0 (raw 65536).
    public static let one = Fixed(raw: 1 << 16)
    /// 0.5 (raw 32768).
    public static let half = Fixed(raw: 1 << 15)
    /// The largest representable value, just under 32768.
    public static let max = Fixed(raw: .max)
    /// The smallest representable value, −32768.
    public static let min = Fixed(raw: .min)
    /// The smallest positive value, 1/65536.
    public static let ulp = Fixed(raw: 1)

    @inlinable static func saturate(_ value: Int64) -> Int32 { Int32(clamping: value) }

    /// `divide` for a numerator that does not fit in 64 bits.
    @usableFromInline static func divide(_ numerator: Int128, by denominator: Int128) -> Fixed {
        if denominator == 0 { return numerator >= 0 ? .max : .min }
        let negative = (numerator < 0) != (denominator < 0)
        let n = numerator.magnitude, d = denominator.magnitude
        let (q, r) = n.quotientAndRemainder(dividingBy: d)
        let rounded = q + (r * 2 >= d ? 1 : 0)
        let signed = negative ? -Int128(clamping: rounded) : Int128(clamping: rounded)
        return Fixed(raw: Int32(clamping: signed))
    }

    /// The raw value `numerator / denominator`, rounded to nearest, saturating.
    @inlinable static func divide(_ numerator: Int64, by denominator: Int64) -> Fixed {
        if denominator == 0 {
            return numerator >= 0 ? .max : .min
        }
        let negative = (numerator < 0) != (denominator < 0)
        let n = numerator.magnitude, d = denominator.magnitude
        let (q, r) = n.quotientAndRemainder(dividingBy: d)
        let rounded = q + (r * 2 >= d ? 1 : 0)
        let signed = negative ? -Int64(clamping: rounded) : Int64(clamping: rounded)
        return Fixed(raw: saturate(signed))
    }

    // MARK: Arithmetic

    /// Sum, saturating.
    @inlinable public static func + (a: Fixed, b: Fixed) -> Fixed {
        Fixed(raw: saturate(Int64(a.raw) + Int64(b.raw)))
    }
    /// Difference, saturating.
    @inlinable public static func - (a: Fixed, b: Fixed) -> Fixed {
        Fixed(raw: saturate(Int64(a.raw) - Int64(b.raw)))
    }
    /// Negation, saturating (−min gives max).
    @inlinable public static prefix func - (a: Fixed) -> Fixed {
        Fixed(raw: saturate(-Int64(a.raw)))
    }
    /// Product rounded to nearest (ties away from zero), saturating.
    @inlinable public static func * (a: Fixed, b: Fixed) -> Fixed {
        let p = Int64(a.raw) * Int64(b.raw)
        let rounded = p >= 0 ? (p + (1 << 15)) >> 16 : -((-p + (1 << 15)) >> 16)
        return Fixed(raw: saturate(rounded))
    }
    /// Quotient rounded to nearest, saturating; division by zero gives `max` or `min`.
    @inlinable public static func / (a: Fixed, b: Fixed) -> Fixed {
        divide(Int64(a.raw) << 16, by: Int64(b.raw))
    }
    /// Product with an integer, saturating.
    @inlinable public static func * (a: Fixed, b: Int) -> Fixed {
        // |b| ≥ 2³² saturates any non-zero `a`; clamping b below that keeps the product in Int64.
        let limit: Int64 = (1 << 32) - 1
        return Fixed(raw: saturate(Int64(a.raw) * Swift.min(Swift.max(Int64(clamping: b), -limit), limit)))
    }
    /// Quotient by an integer, rounded to nearest.
    @inlinable public static func / (a: Fixed, b: Int) -> Fixed {
        divide(Int64(a.raw), by: Int64(clamping: b))
    }
    @inlinable public static func += (a: inout Fixed, b: Fixed) { a = a + b }
    @inlinable public static func -= (a: inout Fixed, b: Fixed) { a = a - b }
    @inlinable public static func *= (a: inout Fixed, b: Fixed) { a = a * b }

    @inlinable public static func < (a: Fixed, b: Fixed) -> Bool { a.raw < b.raw }

    // MARK: Rounding and parts

    /// Largest integer ≤ self.
    @inlinable public var floor: Int { Int(raw >> 16) }
    /// Smallest integer ≥ self.
    @inlinable public var ceil: Int { Int((Int64(raw) + 0xFFFF) >> 16) }
    /// Nearest integer, ties toward +∞.
    @inlinable public var rounded: Int { Int((Int64(raw) + 0x8000) >> 16) }
    /// `self − floor`, in 0 ..< 1.
    @inlinable public var fraction: Fixed { Fixed(raw: raw & 0xFFFF) }
    /// Absolute value (saturating: |min| is max).
    @inlinable public var magnitude: Fixed { raw < 0 ? -self : self }

    /// `self` limited to `range`.
    @inlinable public func clamped(to range: ClosedRange<Fixed>) -> Fixed {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }

    /// Square root, exact to the last bit (floor of the true root); negative input gives 0.
    public var squareRoot: Fixed {
        guard raw > 0 else { return .zero }
        return Fixed(raw: Int32(integerSquareRoot(UInt64(raw) << 16)))
    }

    /// Linear interpolation `a + (b − a)·t`, with `Fixed`'s saturating `+`, `−` and `*`: the
    /// product rounds to nearest, ties away from zero, so t = 0 gives `a` and t = 1 gives `b`
    /// exactly (while b − a does not saturate), and t is not clamped.
    @inlinable public static func lerp(_ a: Fixed, _ b: Fixed, _ t: Fixed) -> Fixed {
        a + (b - a) * t
    }

    /// The nearest `Double`, for printing and tests only; never used by rendering.
    public var doubleValue: Double { Double(raw) / 65536 }
}

/// Floor of the square root of `value`, exact for every `UInt64`.
public func integerSquareRoot(_ value: UInt64) -> UInt64 {
    if value < 2 { return value }
    // Newton's method on integers, from a power of two at or above the root: the iterates
    // fall until they reach ⌊√value⌋, then stop falling. No floating point; about six
    // divisions for a 48-bit value.
    var root = UInt64(1) << ((64 - value.leadingZeroBitCount + 1) / 2)
    while true {
        let next = (root + value / root) >> 1
        if next >= root { return root }
        root = next
    }
}

extension Fixed: ExpressibleByIntegerLiteral {
    @inlinable public init(integerLiteral value: Int) { self.init(value) }
}

extension Fixed: CustomStringConvertible, LosslessStringConvertible {
    /// Decimal text, shortest form that parses back to the same bits (up to 5 decimals).
    public var description: String {
        let negative = raw < 0
        let m = Int64(raw).magnitude
        let integer = m >> 16
        let frac = m & 0xFFFF
        let sign = negative ? "-" : ""
        if frac == 0 { return sign + String(integer) }
        // The fraction rounded to k decimals, for the smallest k whose text parses back to the
        // same bits. k = 5 always does: 10⁻⁵/2 is less than half a unit (2⁻¹⁷).
        var scale: UInt64 = 1
        for decimals in 1...5 {
            scale *= 10
            let digits = (frac * scale + 0x8000) >> 16  // nearest k-decimal fraction
            // A carry into the integer part never parses back (frac is ≥ 1 unit from it).
            guard digits < scale, ((digits << 16) + scale / 2) / scale == frac else { continue }
            let text = String(digits)
            return sign + String(integer) + "." + String(repeating: "0", count: decimals - text.count) + text
        }
        preconditionFailure("five decimals always round-trip")
    }

    /// Parses decimal text such as `"2.5"`, `"-0.125"` or `"3"`, rounding to the nearest
    /// Q16.16 value, without floating point. Returns nil for anything else or out of range.
    public init?(_ text: String) {
        // Byte by byte: the accepted text is ASCII, so no Unicode tables are involved.
        let bytes = Array(text.utf8)
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        var start = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative || bytes.first == UInt8(ascii: "+") { start = 1 }
        let rest = bytes[start...]
        let dot = rest.firstIndex(of: UInt8(ascii: "."))
        let intPart = rest[..<(dot ?? rest.endIndex)]
        guard !intPart.isEmpty || dot != nil, intPart.allSatisfy(isDigit) else { return nil }
        var integer: Int64 = 0
        for byte in intPart {
            integer = integer * 10 + Int64(byte - UInt8(ascii: "0"))
            guard integer <= 32768 else { return nil }
        }
        var numerator: UInt64 = 0, denominator: UInt64 = 1
        if let dot {
            let fracPart = rest[(dot + 1)...]
            guard !fracPart.isEmpty || !intPart.isEmpty, fracPart.allSatisfy(isDigit) else { return nil }
            // 18 digits decide the rounding exactly: every halfway point between two Q16.16
            // values has at most 17 decimals, so later digits cannot move the result past one.
            for byte in fracPart.prefix(18) {
                numerator = numerator * 10 + UInt64(byte - UInt8(ascii: "0"))
                denominator *= 10
            }
        }
        // round(numerator · 2¹⁶ / denominator), ties away from zero, in 128-bit intermediates.
        let (quotient, remainder) = denominator.dividingFullWidth(numerator.multipliedFullWidth(by: 1 << 16))
        let fracRaw = Int64(quotient + (remainder >= denominator - remainder ? 1 : 0))
        let total = (integer << 16) + fracRaw
        let signed = negative ? -total : total
        guard signed >= Int64(Int32.min), signed <= Int64(Int32.max) else { return nil }
        self.raw = Int32(signed)
    }
}

extension Fixed: ExpressibleByFloatLiteral {
    /// A literal such as `0.5`: value · 2¹⁶ rounded to nearest, ties away from zero, saturating.
    ///
    /// Computed exactly from the IEEE 754 bits with integer maths only, so it gives the same bits
    /// on every CPU and needs no floating-point unit or soft-float library (Embedded Swift on a
    /// microcontroller).
    @inlinable public init(floatLiteral value: Double) {
        let bits = value.bitPattern
        let negative = bits >> 63 != 0
        let biasedExponent = Int((bits >> 52) & 0x7FF)
        let fraction = bits & (1 << 52 - 1)
        // |value| = significand · 2^exponent, exactly.
        let significand = biasedExponent == 0 ? fraction : fraction | 1 << 52
        let shift = Swift.max(biasedExponent, 1) - 1075 + 16  // of |value| · 2¹⁶
        // The largest magnitude each sign can take.
        let limit: UInt64 = negative ? 1 << 31 : 1 << 31 - 1
        let magnitude: UInt64
        if biasedExponent == 0x7FF || significand == 0 {
            magnitude = biasedExponent == 0x7FF ? limit : 0
        } else if shift >= 0 {
            magnitude = shift > 31 || significand > limit >> UInt64(shift) ? limit : significand << UInt64(shift)
        } else if shift < -63 {
            magnitude = 0
        } else {
            let right = UInt64(-shift)
            magnitude = Swift.min((significand >> right) + ((significand >> (right - 1)) & 1), limit)
        }
        self.raw = Int32(negative ? -Int64(magnitude) : Int64(magnitude))
    }
}
