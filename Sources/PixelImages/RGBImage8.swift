import PixelCore

/// A picture as image files hold it: `width × height` pixels of 8-bit sRGB red, green and
/// blue, row-major, top row first, no alpha.
///
/// This is what `PNGFile` and `GIFFile` write and read, and what `PanelPreview` makes from a
/// `Frame`.
public struct RGBImage8: Hashable, Sendable {
    /// Width in pixels (at least 1).
    public let width: Int
    /// Height in pixels (at least 1).
    public let height: Int
    /// `width × height × 3` bytes: red, green, blue per pixel, row-major, top-left first.
    public private(set) var bytes: [UInt8]

    /// A black image.
    public init(width: Int, height: Int) {
        self.init(width: width, height: height, fill: .black)
    }

    /// An image filled with one colour (its alpha is ignored).
    public init(width: Int, height: Int, fill: Color) {
        precondition(width > 0 && height > 0, "an image needs at least one pixel")
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        precondition(!overflow && count <= Int.max / 3, "image size overflows")
        self.width = width
        self.height = height
        if fill.red == fill.green && fill.green == fill.blue {
            self.bytes = Array(repeating: fill.red, count: count * 3)
        } else {
            var bytes = [UInt8]()
            bytes.reserveCapacity(count * 3)
            for _ in 0..<count {
                bytes.append(fill.red); bytes.append(fill.green); bytes.append(fill.blue)
            }
            self.bytes = bytes
        }
    }

    /// An image over existing bytes; `bytes.count` must be `width × height × 3`.
    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(width > 0 && height > 0, "an image needs at least one pixel")
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        precondition(!overflow && count <= Int.max / 3 && bytes.count == count * 3,
                     "an RGB image of \(width)x\(height) needs \(width)·\(height)·3 bytes, got \(bytes.count)")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The pixel at column `x`, row `y`. Reading gives an opaque `Color`; writing ignores the
    /// colour's alpha.
    public subscript(x: Int, y: Int) -> Color {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the image")
            let i = (y * width + x) * 3
            return Color(red: bytes[i], green: bytes[i + 1], blue: bytes[i + 2])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the image")
            let i = (y * width + x) * 3
            bytes[i] = newValue.red; bytes[i + 1] = newValue.green; bytes[i + 2] = newValue.blue
        }
    }

    /// Number of pixels, `width × height`.
    public var pixelCount: Int { width * height }
}
