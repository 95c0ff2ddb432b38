/// A seeded pseudo-random generator (SplitMix64): the same seed gives the same sequence on
/// every CPU. Effects take one of these instead of the system generator.
public struct SeededRandom: RandomNumberGenerator, Sendable, Equatable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Mix.finalize(state)
    }

    /// A uniform integer in `range`, without modulo bias (Lemire's method).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        // Wrapping arithmetic: the span of Int.min...Int.max does not fit in an Int, but the
        // bit pattern of the difference is the span − 1 as an unsigned number.
        let span = UInt64(UInt(bitPattern: range.upperBound &- range.lowerBound)) &+ 1
        if span == 0 { return Int(truncatingIfNeeded: next()) }
        var product = next().multipliedFullWidth(by: span)
        if product.low < span {
            let threshold = (0 &- span) % span
            while product.low < threshold { product = next().multipliedFullWidth(by: span) }
        }
        return range.lowerBound &+ Int(truncatingIfNeeded: product.high)
    }

    /// A uniform fixed-point value in `range` (inclusive, at Q16.16 resolution).
    public mutating func fixed(in range: ClosedRange<Fixed>) -> Fixed {
        Fixed(raw: Int32(int(in: Int(range.lowerBound.raw)...Int(range.upperBound.raw))))
    }

    /// A uniform fraction in 0 ..< 1.
    public mutating func unit() -> Fixed { Fixed(raw: Int32(next() >> 48)) }

    /// True with probability `p` (0...1).
    public mutating func chance(_ p: Fixed) -> Bool { unit() < p }
}

/// Stateless integer hashing, for effects that need "random but fixed" values per cell,
/// column or tick (a function of its inputs, so it needs no stored state).
public enum Mix {
    /// SplitMix64's finaliser: a bijective avalanche of 64 bits.
    @inlinable public static func finalize(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A hash of a seed and up to three integers.
    @inlinable public static func hash(_ seed: UInt64, _ a: Int, _ b: Int = 0, _ c: Int = 0) -> UInt64 {
        var h = finalize(seed ^ 0x243F_6A88_85A3_08D3)
        h = finalize(h ^ UInt64(bitPattern: Int64(a)))
        h = finalize(h ^ UInt64(bitPattern: Int64(b)) &* 0x9E37_79B9_7F4A_7C15)
        return finalize(h ^ UInt64(bitPattern: Int64(c)) &* 0xC2B2_AE3D_27D4_EB4F)
    }

    /// `hash` mapped to a fraction in 0 ..< 1 (Q16.16).
    @inlinable public static func unit(_ seed: UInt64, _ a: Int, _ b: Int = 0, _ c: Int = 0) -> Fixed {
        Fixed(raw: Int32(hash(seed, a, b, c) >> 48))
    }
}
