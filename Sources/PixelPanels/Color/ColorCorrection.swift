import PixelBus

/// A per-channel scale for white balance: each channel's light is multiplied by
/// `channel / 255` before anything else, so 255 leaves a channel as it is.
///
/// LED dies of the three colours are not equally bright at the same drive, and strips
/// typically look blue-green at "full white". The presets are FastLED's measured
/// corrections: `typicalLEDStrip` (0xFFB0F0, 5050 SMD strips and grids) and
/// `typicalPixelString` (0xFFE08C, 8 mm through-hole pixel strings).
public struct ColorCorrection: Hashable, Sendable, CustomStringConvertible {
    /// Red scale, 0...255 (255 = unchanged).
    public var red: UInt8
    /// Green scale, 0...255.
    public var green: UInt8
    /// Blue scale, 0...255.
    public var blue: UInt8

    /// A correction of `red`, `green`, `blue` out of 255.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red; self.green = green; self.blue = blue
    }

    /// No correction.
    public static let none = ColorCorrection(red: 255, green: 255, blue: 255)
    /// FastLED's `TypicalLEDStrip` (255, 176, 240): 5050 SMD strips, WS2812B and APA102 grids.
    public static let typicalLEDStrip = ColorCorrection(red: 255, green: 176, blue: 240)
    /// FastLED's `TypicalPixelString` (255, 224, 140): 8 mm pixel strings.
    public static let typicalPixelString = ColorCorrection(red: 255, green: 224, blue: 140)

    /// Parses `none`, `typical-strip`, `typical-pixel` or six hex digits `RRGGBB`.
    public init?(text: String) {
        switch text {
        case "none": self = .none
        case "typical-strip": self = .typicalLEDStrip
        case "typical-pixel": self = .typicalPixelString
        default:
            guard text.count == 6, text.allSatisfy({ $0.isASCII && $0.isHexDigit }),
                  let value = UInt32(text, radix: 16) else { return nil }
            self.init(red: UInt8(value >> 16), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
        }
    }

    /// The scales as lowercase hex `rrggbb`.
    public var description: String { Hex.bytes([red, green, blue]) }

    /// The channel's scale as a Q16 factor: 255 becomes exactly 65536.
    func factor(_ channel: Int) -> Int {
        let c = channel == 0 ? red : channel == 1 ? green : blue
        return (Int(c) * 65536 + 127) / 255
    }
}
