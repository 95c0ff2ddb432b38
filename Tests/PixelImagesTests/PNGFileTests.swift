import PixelCore
import Testing
import PixelTestSupport
@testable import PixelImages
import PixelSystem

/// A small image where every pixel differs, covering the full 0...255 range.
func testPattern(width: Int, height: Int, seed: Int = 0) -> RGBImage8 {
    var image = RGBImage8(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let n = (y * width + x) * 37 + seed * 101
            image[x, y] = Color(red: UInt8(n & 0xFF), green: UInt8((n * 7 + 3) & 0xFF), blue: UInt8((255 - n) & 0xFF))
        }
    }
    return image
}

@Suite struct PNGFileTests {
    @Test func pngRoundTripIsPixelExact() throws {
        let image = testPattern(width: 13, height: 7)
        let bytes = try PNGFile.encode(image)
        #expect(try PNGFile.decode(bytes) == image)
    }

    @Test func pngIsEightBitRGBWithTheSignature() throws {
        let bytes = try PNGFile.encode(testPattern(width: 3, height: 2))
        #expect(Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(bytes[12..<16]) == Array("IHDR".utf8))
        #expect(Array(bytes[16..<24]) == [0, 0, 0, 3, 0, 0, 0, 2])  // width 3, height 2
        #expect(bytes[24] == 8)  // bit depth
        #expect(bytes[25] == 2)  // colour type: RGB
    }

    @Test func pngWriteThenReadThroughAFileIsPixelExact() throws {
        let directory = try TemporaryDirectory()
        let image = testPattern(width: 4, height: 9, seed: 3)
        try PNGFile.write(image, to: directory.file("a.png"))
        #expect(try PNGFile.read(path: directory.file("a.png")) == image)
        #expect(try directory.contents() == ["a.png"])
    }

    @Test func readingAFileThatIsNotAPNGThrowsNotPNGNamingTheFile() throws {
        let directory = try TemporaryDirectory()
        try directory.put(Array("GIF89a, not a PNG at all".utf8), as: "fake.png")
        let path = directory.file("fake.png")
        #expect(throws: ImageFileError.notPNG(path: path)) { try PNGFile.read(path: path) }
        let message = String(describing: ImageFileError.notPNG(path: path))
        #expect(message.contains(path) && message.contains("not a PNG"))
        #expect(throws: ImageFileError.notPNG(path: nil)) { try PNGFile.decode([]) }
    }

    @Test func readingATruncatedPNGThrowsDamagedPNG() throws {
        let bytes = try PNGFile.encode(testPattern(width: 16, height: 16))
        #expect {
            try PNGFile.decode(Array(bytes.prefix(bytes.count / 2)))
        } throws: { error in
            guard case .damagedPNG(nil, let detail)? = error as? ImageFileError else { return false }
            return !detail.isEmpty
        }
    }

    @Test func readingAMissingFileThrowsCannotReadWithAHint() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("nope.png")
        #expect {
            try PNGFile.read(path: path)
        } throws: { error in
            guard case .cannotRead(path, _, "check the file name")? = error as? FileError else { return false }
            return String(describing: error).contains(path)
        }
    }

    @Test func alphaIsCompositedOntoBlack() throws {
        // Opaque red, transparent white, half-transparent red, opaque grey.
        let rgba: [UInt8] = [255, 0, 0, 255, 255, 255, 255, 0, 255, 0, 0, 128, 90, 90, 90, 255]
        let bytes = try PNGFile.encode(samples: rgba, width: 4, height: 1, layout: .rgba)
        let image = try PNGFile.decode(bytes)
        #expect(image[0, 0] == Color(red: 255, green: 0, blue: 0))
        #expect(image[1, 0] == Color(red: 0, green: 0, blue: 0))
        // Half the light of full red is linear 0.502, sRGB code 188 (a code-value blend would
        // give 128); libpng's own gamma tables land on 186.
        #expect((184...190).contains(image[2, 0].red) && image[2, 0].green == 0 && image[2, 0].blue == 0)
        #expect(image[3, 0] == Color(red: 90, green: 90, blue: 90))
    }

    @Test func greyAndPalettePNGsAreExpandedToRGB() throws {
        let grey = try PNGFile.decode(PNGFile.encode(samples: [0, 77, 255], width: 3, height: 1, layout: .grey))
        #expect(grey.bytes == [0, 0, 0, 77, 77, 77, 255, 255, 255])

        let greyAlpha = try PNGFile.decode(PNGFile.encode(samples: [200, 255, 200, 0], width: 2, height: 1,
                                                          layout: .greyAlpha))
        #expect(greyAlpha.bytes == [200, 200, 200, 0, 0, 0])

        let palette: [UInt8] = [10, 20, 30, 200, 100, 0, 0, 0, 255]
        let indexed = try PNGFile.decode(PNGFile.encode(samples: [2, 0, 1, 1], width: 2, height: 2,
                                                        layout: .indexed(palette: palette)))
        #expect(indexed.bytes == [0, 0, 255, 10, 20, 30, 200, 100, 0, 200, 100, 0])
    }
}
