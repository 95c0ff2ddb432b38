/// A GIF written byte by byte for tests: any disposal, transparency, interlacing, local
/// colour table or placement, which GIFEncoder never writes.
struct HandGIF {
    struct Image {
        var left = 0, top = 0, width: Int, height: Int
        /// Colour indices, row-major, top row first (interlacing is done when written).
        var pixels: [Int]
        var disposal = 0
        var delayCentiseconds = 0
        var transparent: Int? = nil
        var interlaced = false
        var localColors: [(UInt8, UInt8, UInt8)]? = nil
        /// Write a Graphic Control Extension (with the fields above).
        var control = true
    }

    var width: Int, height: Int
    var globalColors: [(UInt8, UInt8, UInt8)]?
    var loopCount: Int? = nil
    var images: [Image] = []

    static func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }

    /// A colour table padded to a power of two (2 … 256 entries), and its size field.
    static func table(_ colors: [(UInt8, UInt8, UInt8)]) -> (bytes: [UInt8], sizeField: UInt8) {
        var field = 0
        while (2 << field) < colors.count { field += 1 }
        var bytes = colors.flatMap { [$0.0, $0.1, $0.2] }
        bytes += [UInt8](repeating: 0, count: (2 << field) * 3 - bytes.count)
        return (bytes, UInt8(field))
    }

    /// LZW data with minimum code size 8 that never grows its table past 9-bit codes: a
    /// clear code before every 254 pixels. Sub-blocks of up to 255 bytes, then a terminator.
    static func lzw(_ pixels: [Int]) -> [UInt8] {
        var bits: [Bool] = []
        func emit(_ code: Int) { for i in 0..<9 { bits.append(code >> i & 1 == 1) } }
        for (i, p) in pixels.enumerated() {
            if i % 254 == 0 { emit(256) }
            emit(p & 0xFF)
        }
        emit(257)
        var bytes: [UInt8] = []
        for start in Swift.stride(from: 0, to: bits.count, by: 8) {
            var byte: UInt8 = 0
            for i in 0..<8 where start + i < bits.count && bits[start + i] { byte |= 1 << UInt8(i) }
            bytes.append(byte)
        }
        var out: [UInt8] = [8]
        for start in Swift.stride(from: 0, to: bytes.count, by: 255) {
            let chunk = bytes[start..<min(bytes.count, start + 255)]
            out.append(UInt8(chunk.count)); out += chunk
        }
        return out + [0]
    }

    var bytes: [UInt8] {
        var out = Array("GIF89a".utf8) + Self.u16(width) + Self.u16(height)
        if let globalColors {
            let table = Self.table(globalColors)
            out += [0x80 | 0x70 | table.sizeField, 0, 0] + table.bytes
        } else {
            out += [0x70, 0, 0]
        }
        if let loopCount {
            out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1] + Self.u16(loopCount) + [0]
        }
        for image in images {
            if image.control {
                let packed = UInt8((image.disposal & 7) << 2) | (image.transparent == nil ? 0 : 1)
                out += [0x21, 0xF9, 4, packed] + Self.u16(image.delayCentiseconds) + [UInt8(image.transparent ?? 0), 0]
            }
            out += [0x2C] + Self.u16(image.left) + Self.u16(image.top) + Self.u16(image.width) + Self.u16(image.height)
            var packed: UInt8 = image.interlaced ? 0x40 : 0
            var local: [UInt8] = []
            if let colors = image.localColors {
                let table = Self.table(colors)
                packed |= 0x80 | table.sizeField
                local = table.bytes
            }
            out += [packed] + local
            var pixels = image.pixels
            if image.interlaced {
                let order = [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { Swift.stride(from: $0.0, to: image.height, by: $0.1) }
                pixels = order.flatMap { row in image.pixels[(row * image.width)..<((row + 1) * image.width)] }
            }
            out += Self.lzw(pixels)
        }
        return out + [0x3B]
    }
}
