/// A 1-bit image: each pixel on or off. Glyphs and monochrome logos are drawn from these,
/// tinted with a colour.
public struct Bitmap: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height` flags, row-major, top row first.
    public private(set) var bits: [Bool]

    /// An image of `width × height` pixels, all off.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0)
        self.width = width; self.height = height
        bits = Array(repeating: false, count: width * height)
    }

    /// An image from text rows, one pixel per Unicode scalar: `#` (or `X`, `@`) is on, anything
    /// else is off. All rows are padded to the longest. (Scalars, not characters: no Unicode
    /// tables are needed, so this also runs on a microcontroller.)
    public init(rows: [String]) {
        let w = rows.map { $0.unicodeScalars.count }.max() ?? 0
        self.init(width: w, height: rows.count)
        for (y, row) in rows.enumerated() {
            for (x, ch) in row.unicodeScalars.enumerated() where ch == "#" || ch == "X" || ch == "@" {
                bits[y * w + x] = true
            }
        }
    }

    /// Whether the pixel at column `x`, row `y` is on; false outside the image.
    public subscript(x: Int, y: Int) -> Bool {
        get { x >= 0 && y >= 0 && x < width && y < height && bits[y * width + x] }
        set {
            precondition(x >= 0 && y >= 0 && x < width && y < height, "pixel (\(x), \(y)) outside \(width)×\(height) bitmap")
            bits[y * width + x] = newValue
        }
    }
}

/// A full-colour image with straight alpha, in sRGB: for logos, sprites and pictures.
public struct RGBAImage: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height` colours, row-major, top row first.
    public var pixels: [Color]

    /// A transparent image.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0)
        self.width = width; self.height = height
        pixels = Array(repeating: .clear, count: width * height)
    }

    /// The colour at column `x`, row `y`.
    @inlinable public subscript(x: Int, y: Int) -> Color {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }
}
