/// One picture at panel resolution: `width × height` LEDs of 16-bit linear light, row-major,
/// top row first.
public struct Frame: Hashable, Sendable {
    /// Width in LEDs.
    public let width: Int
    /// Height in LEDs.
    public let height: Int
    /// `width × height` colours, row-major, top-left first.
    public var pixels: [LinearColor]

    /// A black frame.
    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "a frame needs at least one LED")
        self.width = width
        self.height = height
        self.pixels = Array(repeating: .black, count: width * height)
    }

    /// The colour of the LED at column `x`, row `y`.
    @inlinable public subscript(x: Int, y: Int) -> LinearColor {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// The frame as bytes: per LED red, green, blue, each 16-bit little-endian. This is the
    /// exact content golden tests hash.
    public var rawBytes: [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(pixels.count * 6)
        for p in pixels {
            for v in [p.red, p.green, p.blue] {
                bytes.append(UInt8(v & 0xFF)); bytes.append(UInt8(v >> 8))
            }
        }
        return bytes
    }

    /// SHA-256 of `rawBytes`, as lowercase hex: the fingerprint golden tests compare.
    package var digest: String { SHA256.hex(of: rawBytes) }

    /// Sum of each LED's mean channel level divided by 65535: how many fully lit LEDs the
    /// frame's light adds up to. Used to check anti-aliased coverage.
    public var litArea: Double {
        var total: UInt64 = 0
        for p in pixels { total += UInt64(p.red) + UInt64(p.green) + UInt64(p.blue) }
        return Double(total) / (3 * 65535)
    }
}
