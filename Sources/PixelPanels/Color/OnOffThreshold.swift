import PixelCore

/// How on/off chips (MAX7219, HT16K33) decide whether an LED is lit: its mean channel level
/// is at least a quarter of full drive (16384 of 65535) in linear light.
///
/// A quarter, not a half, so that every fully saturated colour lights (pure red, green or
/// blue has a mean of one third) and a menu's grey text (sRGB 150 ≈ 30 % linear) shows,
/// while dark backgrounds and faint tracks stay off.
public enum OnOffThreshold {
    /// The mean level (0...65535) at or above which an LED is on.
    public static let meanLevel = 16384

    /// Whether an LED showing `color` is on.
    @inlinable public static func isLit(_ color: LinearColor) -> Bool {
        Int(color.red) + Int(color.green) + Int(color.blue) >= 3 * meanLevel
    }
}
