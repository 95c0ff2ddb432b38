import Testing
import PixelCore
@testable import PixelImages

struct PhotoDecoderTests {
    static func still(_ photo: Photo) -> Frame? {
        if case let .still(frame) = photo { return frame }
        return nil
    }

    static func animation(_ photo: Photo) -> PhotoAnimation? {
        if case let .animation(animation) = photo { return animation }
        return nil
    }

    @Test func supportedNamesAreTheFiveExtensionsInAnyCase() {
        #expect(PhotoDecoder.supportedExtensions == ["png", "jpg", "jpeg", "gif", "ppm"])
        for name in ["a.png", "B.JPG", "holiday.Jpeg", "x.gif", "scan.PPM", "photos/2024.06/c.jpg", "a.b.png"] {
            #expect(PhotoDecoder.isSupported(fileName: name), "\(name)")
        }
        for name in ["a.txt", "png", ".png", "a.png.bak", "folder.jpg/readme", "a.", ""] {
            #expect(!PhotoDecoder.isSupported(fileName: name), "\(name)")
        }
    }

    @Test(arguments: PhotoFit.allCases)
    func aPNGIsAStillFittedAsTheScalerFitsIt(_ fit: PhotoFit) throws {
        let image = PhotoScalerTests.pattern(30, 17)
        let photo = try PhotoDecoder.decode(try PNGFile.encode(image), name: "a.png", width: 16, height: 8, supersampling: .x2, fit: fit)
        #expect(Self.still(photo) == PhotoScaler.frame(image, width: 16, height: 8, fit: fit, supersampling: .x2))
    }

    @Test func aPPMIsAStill() throws {
        let bytes = Array("P3\n2 1\n255\n255 0 0  0 0 255\n".utf8)
        let frame = try #require(Self.still(try PhotoDecoder.decode(bytes, name: "a.ppm", width: 2, height: 1, fit: .stretch)))
        #expect(frame[0, 0].red > 60000 && frame[1, 0].blue > 60000)
    }

    @Test func aBigJPEGIsDecodedReducedInTheDCTThenFitted() throws {
        let jpeg = try JPEGScalingTests.gradientJPEG(4000, 3000)
        let photo = try PhotoDecoder.decode(jpeg, name: "big.jpg", width: 64, height: 32, fit: .fill)
        let reduced = try JPEGFile.decode(jpeg, atLeast: 256, 128)
        #expect(reduced.width == 500 && reduced.height == 375)
        #expect(Self.still(photo) == PhotoScaler.frame(reduced, width: 64, height: 32, fit: .fill))
    }

    @Test func aSidewaysJPEGIsTurnedUprightBeforeFitting() throws {
        // Stored 64 × 32, red left and blue right, orientation 6: upright it is 32 × 64 with red
        // on top; on a 16 × 32 panel red fills the top half and blue the bottom.
        var stored = RGBImage8(width: 64, height: 32)
        for y in 0..<32 { for x in 0..<64 { stored[x, y] = x < 32 ? Color(red: 255, green: 0, blue: 0) : Color(red: 0, green: 0, blue: 255) } }
        let bytes = EXIFOrientationTests.withAPP1(try JPEGFile.encode(stored, quality: 95), EXIFOrientationTests.exif(6))
        let frame = try #require(Self.still(try PhotoDecoder.decode(bytes, name: "side.jpg", width: 16, height: 32, supersampling: .x1)))
        #expect(frame[8, 4].red > 50000 && frame[8, 4].blue < 3000)
        #expect(frame[8, 28].blue > 50000 && frame[8, 28].red < 3000)
    }

    @Test func anAnimatedGIFPlaysFrameByFrameAndRewinds() throws {
        let bytes = GIFFrameReaderTests.disposals.bytes
        let animation = try #require(Self.animation(try PhotoDecoder.decode(bytes, name: "a.gif", width: 2, height: 2, supersampling: .x2)))
        #expect(animation.loopCount == 3)
        let reference = try GIFFrameReaderTests.allFrames(try GIFFrameReader(bytes: bytes))
        var played: [(frame: Frame, durationMilliseconds: Int)] = []
        while let frame = try animation.next() { played.append(frame) }
        #expect(played.map(\.durationMilliseconds) == [50, 100, 100, 20])
        #expect(played.map(\.frame) == reference.map { PhotoScaler.frame($0.image, width: 2, height: 2, fit: .fit, supersampling: .x2) })
        try animation.rewind()
        #expect(try animation.next()?.frame == played[0].frame)
        #expect(try animation.next()?.frame == played[1].frame)
    }

    @Test func aGIFOfOneFrameIsAStill() throws {
        var gif = HandGIF(width: 2, height: 1, globalColors: GIFFrameReaderTests.palette, loopCount: 0)
        gif.images = [.init(width: 2, height: 1, pixels: [1, 3])]
        let frame = try #require(Self.still(try PhotoDecoder.decode(gif.bytes, name: "one.gif", width: 2, height: 1)))
        #expect(frame[0, 0].red > 60000 && frame[1, 0].blue > 60000)
    }

    @Test func anythingElseIsAOneLineErrorNamingTheFile() throws {
        for bytes in [Array("hello".utf8), [], [0xFF, 0xD8], Array("GIF8".utf8)] {
            expectError({
                _ = try PhotoDecoder.decode(bytes, name: "notes.png", width: 8, height: 8)
            }, { error in
                let text = "\(error)"
                return error is ImageFileError && text.contains("notes.png") && !text.contains("\n")
            })
        }
    }

    @Test func aGIFCutShortAfterItsFirstFramesEndsWithAnErrorNamingTheFile() throws {
        var gif = HandGIF(width: 2, height: 2, globalColors: GIFFrameReaderTests.palette)
        gif.images = (0..<3).map { .init(width: 2, height: 2, pixels: Array(repeating: $0 + 1, count: 4)) }
        let bytes = gif.bytes
        let animation = try #require(Self.animation(try PhotoDecoder.decode(Array(bytes.prefix(bytes.count - 8)), name: "cut.gif", width: 2, height: 2)))
        _ = try animation.next()
        _ = try animation.next()
        expectError({
            _ = try animation.next()
        }, { error in
            guard case let ImageFileError.damagedGIF(path, _) = error else { return false }
            return path == "cut.gif"
        })
    }
}
