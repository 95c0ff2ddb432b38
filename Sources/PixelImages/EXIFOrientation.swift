/// How a camera says its stored picture must be turned to stand upright: the EXIF
/// Orientation tag (0x0112) of a JPEG's APP1 "Exif" segment. The raw values are the tag's.
public enum EXIFOrientation: Int, CaseIterable, Sendable {
    /// 1: stored upright.
    case up = 1
    /// 2: mirrored left to right.
    case mirrored = 2
    /// 3: upside down (turned 180°).
    case upsideDown = 3
    /// 4: mirrored top to bottom.
    case flipped = 4
    /// 5: mirrored across the top-left to bottom-right diagonal (rows are columns).
    case transposed = 5
    /// 6: to be turned 90° clockwise (a camera held with its grip up).
    case turnClockwise = 6
    /// 7: mirrored across the other diagonal (top-right to bottom-left).
    case transversed = 7
    /// 8: to be turned 90° counter-clockwise.
    case turnCounterClockwise = 8

    /// Whether the upright picture is the stored one with width and height swapped.
    public var swapsSides: Bool { rawValue >= 5 }

    /// The orientation in a JPEG's first APP1 "Exif" segment (before the image data), or nil
    /// when there is none or it cannot be read. Every offset is checked against the data, so
    /// hostile bytes give nil, never a trap.
    public static func inJPEG(_ bytes: [UInt8]) -> EXIFOrientation? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            switch marker {
            case 0xFF: index += 1  // a fill byte before a marker
            case 0x01, 0xD0...0xD8: index += 2  // markers without a length
            case 0xD9, 0xDA: return nil  // end of image, start of scan: no more metadata
            default:
                let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
                guard length >= 2, index + 2 + length <= bytes.count else { return nil }
                if marker == 0xE1, let orientation = inEXIF(bytes[(index + 4)..<(index + 2 + length)]) { return orientation }
                index += 2 + length
            }
        }
        return nil
    }

    /// The orientation in the body of an APP1 segment ("Exif\0\0", then a TIFF header and
    /// IFD0), or nil.
    static func inEXIF(_ segment: ArraySlice<UInt8>) -> EXIFOrientation? {
        let data = Array(segment)
        guard data.count >= 14, data[0..<6].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) else { return nil }
        let tiff = 6
        let littleEndian: Bool
        switch (data[tiff], data[tiff + 1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= data.count else { return nil }
            return littleEndian ? Int(data[at]) | Int(data[at + 1]) << 8 : Int(data[at]) << 8 | Int(data[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return littleEndian ? a | b << 16 : a << 16 | b
        }
        guard u16(tiff + 2) == 42, let ifd = u32(tiff + 4), ifd <= data.count, let count = u16(tiff + ifd) else { return nil }
        for entry in 0..<count {
            let at = tiff + ifd + 2 + entry * 12
            guard at + 12 <= data.count, let tag = u16(at) else { return nil }
            guard tag == 0x0112 else { continue }
            // Type SHORT (3), at least one value: it sits in the first two bytes of the value field.
            guard u16(at + 2) == 3, let values = u32(at + 4), values >= 1, let value = u16(at + 8) else { return nil }
            return EXIFOrientation(rawValue: value)
        }
        return nil
    }
}

extension RGBImage8 {
    /// The picture turned and mirrored as `orientation` says, so that it stands upright: the
    /// same pixels, with width and height swapped for `.transposed` … `.turnCounterClockwise`.
    public func oriented(_ orientation: EXIFOrientation) -> RGBImage8 {
        if orientation == .up { return self }
        let w = width, h = height
        let outWidth = orientation.swapsSides ? h : w, outHeight = orientation.swapsSides ? w : h
        var out = [UInt8](repeating: 0, count: bytes.count)
        bytes.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                var o = 0
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        // The stored pixel (sx, sy) that shows at (x, y) once upright.
                        let (sx, sy): (Int, Int)
                        switch orientation {
                        case .up: (sx, sy) = (x, y)
                        case .mirrored: (sx, sy) = (w - 1 - x, y)
                        case .upsideDown: (sx, sy) = (w - 1 - x, h - 1 - y)
                        case .flipped: (sx, sy) = (x, h - 1 - y)
                        case .transposed: (sx, sy) = (y, x)
                        case .turnClockwise: (sx, sy) = (y, h - 1 - x)
                        case .transversed: (sx, sy) = (w - 1 - y, h - 1 - x)
                        case .turnCounterClockwise: (sx, sy) = (w - 1 - y, x)
                        }
                        let s = (sy * w + sx) * 3
                        target[o] = source[s]; target[o + 1] = source[s + 1]; target[o + 2] = source[s + 2]
                        o += 3
                    }
                }
            }
        }
        return RGBImage8(width: outWidth, height: outHeight, bytes: out)
    }
}
