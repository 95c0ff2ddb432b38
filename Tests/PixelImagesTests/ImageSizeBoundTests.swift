import PixelCore
import Testing
@testable import PixelImages

/// Found by fuzzing: a 16 KB 1-bit PNG of 16384 × 8192 passed the pixel limit and then took
/// 2.5 GB to show. The decoded size is now checked against the header before decoding, and
/// `fit` shrinks large pictures before drawing them.
struct ImageSizeBoundTests {
    /// A PNG that is only its header: signature, IHDR, an empty IDAT and IEND. Enough for the
    /// size check, which happens before any pixel is read.
    static func headerOnlyPNG(width: UInt32, height: UInt32, bitDepth: UInt8, colourType: UInt8) -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + data
            return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
        }
        let header = bigEndian(width) + bigEndian(height) + [bitDepth, colourType, 0, 0, 0]
        return PNGFile.signature + chunk("IHDR", header) + chunk("IDAT", []) + chunk("IEND", [])
    }

    /// The CRC-32 PNG chunks carry (ISO 3309, reflected, polynomial 0xEDB88320).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test func aHugeOneBitPNGIsRefusedFromItsHeaderNamingTheFile() {
        let bytes = Self.headerOnlyPNG(width: 16384, height: 8192, bitDepth: 1, colourType: 0)
        #expect(bytes.count < 100)
        let expected = ImageFileError.tooLarge(path: "huge.png", width: 16384, height: 8192, maximumPixels: 1 << 25)
        #expect(throws: expected) { _ = try StillImage.read("huge.png", bytes: bytes) }
        #expect(expected.description
                == "'huge.png' is too large (16384x8192 pixels, at most 33554432 pixels are supported): scale it down first")
        #expect(throws: ImageFileError.tooLarge(path: nil, width: 16384, height: 8192, maximumPixels: 1 << 25)) {
            _ = try PNGFile.decode(bytes)
        }
    }

    @Test func theLimitIsTheDecodedPixelCount() {
        // One pixel over 2^25 is refused; 2^25 itself passes the size check and reaches the
        // (here empty) pixel data, so libpng's complaint about the data comes instead.
        #expect(throws: ImageFileError.tooLarge(path: "a.png", width: 8193, height: 4096, maximumPixels: 1 << 25)) {
            _ = try StillImage.read("a.png", bytes: Self.headerOnlyPNG(width: 8193, height: 4096, bitDepth: 8, colourType: 2))
        }
        #expect {
            _ = try StillImage.read("b.png", bytes: Self.headerOnlyPNG(width: 8192, height: 4096, bitDepth: 8, colourType: 2))
        } throws: { error in
            guard case .damagedPNG(path: "b.png", _)? = error as? ImageFileError else { return false }
            return true
        }
    }

    @Test func largePicturesAreShrunkByAWholeFactorInLinearLight() {
        // Black and white columns: each 2 × 2 block averages to half the light, sRGB 188.
        var image = RGBImage8(width: 66, height: 33)
        for y in 0..<33 { for x in stride(from: 0, to: 66, by: 2) { image[x, y] = .white } }
        let shrunk = StillImage.shrunk(image, toCover: 16, 8)
        #expect(shrunk.width == 33 && shrunk.height == 16)
        #expect(shrunk[0, 0] == Color(red: 188, green: 188, blue: 188))
        #expect(Set(shrunk.bytes) == [188])
        // Not more than twice the grid along either side: unchanged.
        #expect(StillImage.shrunk(image, toCover: 17, 8) == image)
    }

    @Test func fittingALargeUniformPictureGivesTheSameFrameAsASmallOne() {
        let colour = Color(red: 200, green: 40, blue: 90)
        let large = StillImage.fit(RGBImage8(width: 640, height: 320, fill: colour), width: 8, height: 4)
        let small = StillImage.fit(RGBImage8(width: 64, height: 32, fill: colour), width: 8, height: 4)
        #expect(large == small)
    }
}
