/// How many bytes a streamed pixel takes, and in which order.
public enum PixelFormat: Sendable, Hashable {
    /// Red, green, blue: 3 bytes a pixel (170 to a DMX universe).
    case rgb
    /// Red, green, blue, white: 4 bytes a pixel (128 to a DMX universe). Shown on an RGB panel
    /// with the white added to each colour, saturating.
    case rgbw

    /// Bytes (channels) a pixel.
    public var bytesPerPixel: Int {
        switch self {
        case .rgb: return 3
        case .rgbw: return 4
        }
    }

    /// The pixels that fit the 512 channels of a DMX universe: 170 RGB or 128 RGBW.
    public var pixelsPerUniverse: Int { 512 / bytesPerPixel }
}
