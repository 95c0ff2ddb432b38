/// How a frame's channel value becomes a PWM duty (the share of a row's on-time an LED is lit).
///
/// A `Frame` holds linear light: 0…65535 is already proportional to the light wanted, and the
/// light an LED gives is proportional to its on-time. So for frames from the renderer the right
/// map is the identity, `.linear`, and it is the default. rpi-rgb-led-matrix applies the CIE 1931
/// lightness curve because its input is 8-bit, roughly perceptual (sRGB-like) colour; applying it
/// again to linear light would darken every mid tone twice. `.cie1931` is for frames whose values
/// are perceptual lightness, e.g. 8-bit images copied in without decoding.
public enum HUB75Transfer: String, Hashable, Sendable, CaseIterable {
    /// Duty = value / 65535: the frame's linear light, unchanged.
    case linear
    /// The value is CIE L* (0…65535 for L* 0…100); duty is the CIE 1931 luminance Y of it:
    /// Y = ((L* + 16) / 116)³ above L* = 8, Y = L* × 27 / 24389 at or below.
    case cie1931

    /// The PWM level, 0…`maxLevel`, for channel value `value`: the duty above times
    /// `maxLevel`, rounded to nearest (halves up). Integer arithmetic only, exact: `.cie1931`
    /// evaluates the cube as a 128-bit rational. `maxLevel` is at most 65535.
    public func level(for value: UInt16, maxLevel: Int) -> Int {
        precondition((0...65535).contains(maxLevel), "maxLevel must be 0...65535")
        let v = UInt64(value), m = UInt64(maxLevel)
        switch self {
        case .linear:
            return Int((v * m + 32767) / 65535)
        case .cie1931:
            // L* = 100 v / 65535. L* ≤ 8 exactly when 100 v ≤ 8 × 65535.
            if v * 100 <= 8 * 65535 {
                // Y × m = v × 100 / 65535 × 27 / 24389 × m
                let denominator: UInt64 = 65535 * 24389
                return Int((v * 2700 * m + denominator / 2) / denominator)
            }
            // (L* + 16) / 116 = n / d with n = 100 v + 16 × 65535, d = 116 × 65535;
            // Y × m = m n³ / d³ (m n³ < 2^85, d³ < 2^69).
            let n = UInt128(v * 100 + 16 * 65535), d = UInt128(116 * 65535)
            let numerator = n * n * n * UInt128(m), denominator = d * d * d
            return Int((numerator + denominator / 2) / denominator)
        }
    }
}
