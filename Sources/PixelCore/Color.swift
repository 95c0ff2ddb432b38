/// A colour as people write it: 8-bit sRGB channels and an 8-bit straight (not premultiplied) alpha.
///
/// Rendering converts it to `LinearColor` (16-bit linear light) before any blending, so
/// anti-aliased edges and downsampling average light, not code values.
public struct Color: Hashable, Sendable {
    /// Red, as an 8-bit sRGB code value (0…255).
    public var red: UInt8
    /// Green, as an 8-bit sRGB code value (0…255).
    public var green: UInt8
    /// Blue, as an 8-bit sRGB code value (0…255).
    public var blue: UInt8
    /// Opacity: 0 transparent … 255 opaque.
    public var alpha: UInt8

    /// A colour from 8-bit sRGB channels and alpha (opaque unless told otherwise).
    @inlinable public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 255, green: 255, blue: 255)
    /// Opaque full red.
    public static let red = Color(red: 255, green: 0, blue: 0)
    /// Opaque full green.
    public static let green = Color(red: 0, green: 255, blue: 0)
    /// Opaque full blue.
    public static let blue = Color(red: 0, green: 0, blue: 255)
    /// Fully transparent black.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// Parses `#RRGGBB`, `RRGGBB`, `#RRGGBBAA` or `RRGGBBAA` (hex digits, either case).
    public init?(hex: String) {
        var text = Substring(hex)
        if text.first == "#" { text = text.dropFirst() }
        // Only hex digits: UInt32(_:radix:) alone would also accept a leading "+" or "-".
        guard text.count == 6 || text.count == 8, text.allSatisfy({ $0.isASCII && $0.isHexDigit }),
              let value = UInt32(text, radix: 16) else { return nil }
        if text.count == 6 {
            self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
        } else {
            self.init(red: UInt8(value >> 24), green: UInt8(value >> 16 & 0xFF),
                      blue: UInt8(value >> 8 & 0xFF), alpha: UInt8(value & 0xFF))
        }
    }

    /// The same colour with its alpha multiplied by `opacity` (clamped to 0...1), rounded to
    /// nearest with halves up: (α·O + 32768) >> 16, where O is the opacity's raw Q16.16 value
    /// (0...65536). Opacity 1 keeps α exactly, 0 gives 0, ½ of 255 is 128.
    public func withOpacity(_ opacity: Fixed) -> Color {
        let o = Int64(opacity.clamped(to: .zero ... .one).raw)
        var copy = self
        copy.alpha = UInt8((Int64(alpha) * o + 32768) >> 16)
        return copy
    }

    /// The colour converted to 16-bit linear light (alpha dropped).
    @inlinable public var linear: LinearColor {
        LinearColor(red: Tables.srgbToLinear[Int(red)], green: Tables.srgbToLinear[Int(green)],
                    blue: Tables.srgbToLinear[Int(blue)])
    }

    /// A fully saturated, full-value colour of the given hue (0 = red, 1/3 turn = green,
    /// 2/3 turn = blue), in sRGB, computed with integers only.
    public static func hue(_ angle: Angle) -> Color {
        let h = Int(angle.raw & 0xFFFF) * 6  // 0 ..< 6·65536
        let sector = h >> 16
        let f = h & 0xFFFF
        let rising = UInt8((f * 255 + 32768) >> 16)
        let falling = 255 - rising
        switch sector {
        case 0: return Color(red: 255, green: rising, blue: 0)
        case 1: return Color(red: falling, green: 255, blue: 0)
        case 2: return Color(red: 0, green: 255, blue: rising)
        case 3: return Color(red: 0, green: falling, blue: 255)
        case 4: return Color(red: rising, green: 0, blue: 255)
        default: return Color(red: 255, green: 0, blue: falling)
        }
    }
}

/// Linear light, 16 bits per channel: 0 is dark, 65535 is the channel at full drive.
///
/// This is what a `Frame` holds and what panel drivers turn into PWM duty, bit planes or
/// serial bytes.
public struct LinearColor: Hashable, Sendable {
    /// Red, 16-bit linear light (0…65535).
    public var red: UInt16
    /// Green, 16-bit linear light (0…65535).
    public var green: UInt16
    /// Blue, 16-bit linear light (0…65535).
    public var blue: UInt16

    /// A colour from 16-bit linear-light channels (0…65535).
    @inlinable public init(red: UInt16, green: UInt16, blue: UInt16) {
        self.red = red; self.green = green; self.blue = blue
    }

    /// Every channel off (0).
    public static let black = LinearColor(red: 0, green: 0, blue: 0)
    /// Every channel at full drive (65535).
    public static let white = LinearColor(red: 65535, green: 65535, blue: 65535)

    /// Each channel multiplied by `factor` (clamped to 0...1), rounded to nearest with halves
    /// up: (c·F + 32768) >> 16, where F is the factor's raw Q16.16 value (0...65536). Factor 1
    /// keeps the colour exactly, 0 gives black, ½ of 65535 is 32768.
    @inlinable public func scaled(by factor: Fixed) -> LinearColor {
        let f = UInt32(factor.clamped(to: .zero ... .one).raw)
        return LinearColor(red: UInt16((UInt32(red) * f + 32768) >> 16),
                           green: UInt16((UInt32(green) * f + 32768) >> 16),
                           blue: UInt16((UInt32(blue) * f + 32768) >> 16))
    }

    /// The nearest 8-bit sRGB colour (exact inverse of `Color.linear` on its 256 levels;
    /// other values go to the code whose linear level is nearest).
    public var srgb: Color {
        Color(red: LinearColor.encode(red), green: LinearColor.encode(green), blue: LinearColor.encode(blue))
    }

    /// Nearest sRGB code value for a linear level (ties go to the lower code): one look-up in
    /// `srgbCodes`.
    @inlinable public static func encode(_ level: UInt16) -> UInt8 {
        srgbCodes[Int(level)]
    }
}
