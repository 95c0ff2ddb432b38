import Testing
import PixelTestSupport
import PixelSystem
@testable import PixelImages

struct JPEGFileTests {
    func fixture(_ name: String) throws -> [UInt8] {
        try FileBytes.read(RepositoryPaths.root() + "/Tests/Fixtures/images/" + name)
    }

    @Test func aColourJPEGDecodesToItsPixels() throws {
        // 16×8, blue on the left fading to red on the right, green 40 throughout (cjpeg, quality 95).
        let image = try StillImage.read("gradient.jpg", bytes: try fixture("gradient-16x8.jpg"))
        #expect(image.width == 16 && image.height == 8)
        let left = image[0, 4], right = image[15, 4]
        #expect(left.blue > 230 && left.red < 20 && abs(Int(left.green) - 40) < 10, "\(left)")
        #expect(right.red > 230 && right.blue < 20 && abs(Int(right.green) - 40) < 10, "\(right)")
    }

    @Test func aProgressiveGreyJPEGComesOutAsGreyRGB() throws {
        let image = try StillImage.read("grey.jpg", bytes: try fixture("grey-progressive-16x8.jpg"))
        let row = (0..<16).map { image[$0, 3] }
        #expect(row.allSatisfy { $0.red == $0.green && $0.green == $0.blue })
        #expect(row[0].red < 20 && row[15].red > 235)
    }

    @Test func aDamagedJPEGNamesTheFileAndLibjpegsReason() throws {
        #expect {
            _ = try StillImage.read("cut.jpg", bytes: try fixture("truncated.jpg"))
        } throws: { error in
            String(describing: error).hasPrefix("'cut.jpg' is a damaged or unsupported JPEG (libjpeg: ")
        }
    }

    @Test func theHeadersSizeIsCheckedBeforeDecoding() throws {
        // The same file claiming 40000 × 40000 pixels in its frame header (SOF0: FF C0, length,
        // precision, height, width).
        var bytes = try fixture("gradient-16x8.jpg")
        let sof = try #require(bytes.indices.first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        for offset in [sof + 5, sof + 7] { bytes[offset] = 0x9C; bytes[offset + 1] = 0x40 }  // 40000
        #expect(throws: ImageFileError.tooLarge(path: "huge.jpg", width: 40000, height: 40000, maximumPixels: 1 << 25)) {
            _ = try StillImage.read("huge.jpg", bytes: bytes)
        }
    }
}
