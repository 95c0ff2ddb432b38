/// One Flaschen-Taschen datagram (UDP port 1337): a binary PPM (P6, maxval 255) with an
/// optional offset and layer.
///
/// The offset comes either as a header comment `#FT: x y z` (anywhere a comment may stand in
/// the header, as hzeller's doc/protocols.md shows it between the size and the maxval) or as
/// a footer of up to three decimal numbers after the pixel data. z is the layer: 0 is the
/// background; above it, black is transparent. Comments run from `#` to the end of the line.
public struct FlaschenTaschenImage: Sendable, Hashable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Where the image's left edge goes on the display (may be negative).
    public var x: Int
    /// Where the image's top edge goes on the display (may be negative).
    public var y: Int
    /// The layer, 0 (background) to `maximumLayer`.
    public var layer: Int
    /// RGB bytes, row-major from the top-left, `width × height × 3` of them.
    public var pixels: ArraySlice<UInt8>

    /// The largest width or height accepted.
    public static let maximumSide = 1024
    /// The highest layer accepted (the reference server has 16).
    public static let maximumLayer = 15
    /// The largest offset accepted, either way.
    public static let maximumOffset = 65535

    /// The image in `bytes`, or why it is none.
    public static func parse(_ bytes: [UInt8]) throws(PacketError) -> FlaschenTaschenImage {
        var reader = PPMTextReader(bytes: bytes)
        guard reader.take("P6") else { throw .notThisProtocol(.flaschenTaschen) }
        let width = try reader.number(named: "width", limit: maximumSide)
        let height = try reader.number(named: "height", limit: maximumSide)
        let maxval = try reader.number(named: "maxval", limit: 65535)
        guard maxval == 255 else { throw .fieldOutOfRange(.flaschenTaschen, field: "maxval", value: maxval) }
        guard width >= 1, height >= 1 else {
            throw .fieldOutOfRange(.flaschenTaschen, field: "size", value: width * height)
        }
        // Exactly one whitespace byte ends the header.
        let start = reader.position + 1
        let length: Int = width * height * 3
        let available = bytes.count - start
        guard length <= available else { throw .truncated(.flaschenTaschen, needed: start + length, got: bytes.count) }
        var offset = reader.headerOffset ?? [0, 0, 0]
        if reader.headerOffset == nil {
            var footer = PPMTextReader(bytes: bytes, from: start + length)
            offset = try footer.footerOffset()
        }
        let layer = offset[2]
        guard (0...maximumLayer).contains(layer) else { throw .fieldOutOfRange(.flaschenTaschen, field: "layer", value: layer) }
        return FlaschenTaschenImage(width: width, height: height, x: offset[0], y: offset[1], layer: layer,
                                    pixels: bytes[start..<(start + length)])
    }
}

/// Reads the text parts of a Flaschen-Taschen PPM: numbers, whitespace and comments, and the
/// `#FT:` comment's offset.
struct PPMTextReader {
    let bytes: [UInt8]
    private(set) var position: Int
    /// The `#FT: x y z` offset, once a header comment gave one.
    private(set) var headerOffset: [Int]?

    init(bytes: [UInt8], from position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    /// Consumes `text` if the bytes continue with it.
    mutating func take(_ text: String) -> Bool {
        let expected = Array(text.utf8)
        guard bytes.count - position >= expected.count,
              bytes[position..<(position + expected.count)].elementsEqual(expected) else { return false }
        position += expected.count
        return true
    }

    /// Skips whitespace and comments, then reads an unsigned decimal number no larger than `limit`.
    mutating func number(named name: String, limit: Int) throws(PacketError) -> Int {
        try skipSpaceAndComments()
        guard let value = try signedNumber(limit: limit, allowingSign: false) else {
            throw .malformedHeader(.flaschenTaschen, reason: "expected the \(name) at byte \(position)")
        }
        return value
    }

    /// Up to three numbers (x, y, z) after the pixel data; missing ones are 0.
    mutating func footerOffset() throws(PacketError) -> [Int] {
        var values: [Int] = []
        while values.count < 3 {
            try skipSpaceAndComments()
            guard let value = try signedNumber(limit: FlaschenTaschenImage.maximumOffset, allowingSign: true) else { break }
            values.append(value)
        }
        return values + Array(repeating: 0, count: 3 - values.count)
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    private mutating func skipSpaceAndComments() throws(PacketError) {
        while position < bytes.count {
            if Self.isSpace(bytes[position]) {
                position += 1
            } else if bytes[position] == UInt8(ascii: "#") {
                let lineStart = position
                while position < bytes.count && bytes[position] != 0x0A { position += 1 }
                try readOffsetComment(bytes[lineStart..<position])
            } else {
                return
            }
        }
    }

    /// Reads `#FT: x y z` from a comment line; other comments are ignored.
    private mutating func readOffsetComment(_ line: ArraySlice<UInt8>) throws(PacketError) {
        guard line.starts(with: Array("#FT:".utf8)) else { return }
        var inner = PPMTextReader(bytes: Array(line.dropFirst(4)))
        var values: [Int] = []
        while values.count < 3 {
            while inner.position < inner.bytes.count && Self.isSpace(inner.bytes[inner.position]) { inner.position += 1 }
            guard let value = try inner.signedNumber(limit: FlaschenTaschenImage.maximumOffset, allowingSign: true) else {
                throw .malformedHeader(.flaschenTaschen, reason: "#FT: needs three numbers x y z")
            }
            values.append(value)
        }
        headerOffset = values
    }

    /// A decimal number at the position, or nil if none starts there.
    private mutating func signedNumber(limit: Int, allowingSign: Bool) throws(PacketError) -> Int? {
        var sign = 1
        var index = position
        if allowingSign, index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            sign = -1
            index += 1
        }
        var value = 0
        let digitsStart = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            guard value <= limit else { throw .fieldOutOfRange(.flaschenTaschen, field: "number", value: value) }
            index += 1
        }
        guard index > digitsStart else { return nil }
        position = index
        return sign * value
    }
}
