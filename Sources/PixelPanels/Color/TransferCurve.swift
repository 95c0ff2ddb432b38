/// How a panel turns 16-bit linear light into PWM duty, per channel.
///
/// A `Frame` already holds *linear light*: the canvas converts sRGB colours to linear light
/// before it blends, so a frame value of 32768 means half the light of 65535.
///
/// - `linear`: duty = value. Right for every chip whose output is PWM or binary-coded
///   modulation at a constant current, because the light an LED gives over a PWM period is
///   proportional to its duty: WS2812B/SK6812 (8-bit PWM), APA102/SK9822 (8-bit PWM times a
///   5-bit global level). Applying a gamma or lightness curve on top would darken the
///   mid-tones twice.
/// - `cie1931`: the value is read as a *perceived* level, CIE 1976 L* from 0 (65535 = L* 100),
///   and turned into the linear light Y that a person sees as that lightness (the CIE 1931
///   Y of L*). Use it for a source or a setting that speaks in perceived level rather than in
///   light: a frame written by an effect that bypasses the canvas with perceptual values, or
///   a panel fed 8-bit perceptual levels the way rpi-rgb-led-matrix feeds HUB75 bit planes.
///
/// Both curves are integer maths (a 65536-entry table computed once with 128-bit integers),
/// so the result is the same bits on every CPU.
public enum TransferCurve: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Duty equals linear light.
    case linear
    /// The value is a perceived level (L*); duty is the light that looks that bright.
    case cie1931

    /// The duty (0...65535) for a 16-bit input level.
    @inlinable public func duty(for level: UInt16) -> UInt16 {
        switch self {
        case .linear: return level
        case .cie1931: return CIELightness.table[Int(level)]
        }
    }

    /// The curve's name as written in options.
    public var description: String { rawValue }
}

/// The CIE lightness curve, inverted: L* (as 0...65535 for 0...100) to relative luminance Y
/// (as 0...65535 for 0...1), rounded to nearest.
///
/// Y = L* / κ for L* ≤ 8, with κ = 24389/27 (≈ 903.3), and Y = ((L* + 16) / 116)³ above; the
/// two pieces meet exactly at L* = 8, where both give 216/24389.
@usableFromInline enum CIELightness {
    /// Y for every 16-bit L*, computed once on first use.
    @usableFromInline static let table: [UInt16] = (0...65535).map { luminance(forLightness: $0) }

    /// Y·65535 for L* = 100·`level`/65535, rounded to nearest, in exact integer arithmetic.
    static func luminance(forLightness level: Int) -> UInt16 {
        let v = UInt128(level)
        if 100 * v <= 8 * 65535 {
            // Y·65535 = (100·v/65535)·(27/24389)·65535 = 2700·v / 24389.
            return UInt16((2 * 2700 * v + 24389) / (2 * 24389))
        }
        // Y·65535 = 65535·((100·v + 16·65535) / (116·65535))³.
        let a = 100 * v + 16 * 65535
        let b = UInt128(116 * 65535)
        let numerator = 65535 * a * a * a
        let denominator = b * b * b
        return UInt16((2 * numerator + denominator) / (2 * denominator))
    }
}
