import PixelCore
import Testing
import PixelSystem
import PixelTestSupport
@testable import PixelImages

@Suite struct GIFFileTests {
    /// Three 6×4 frames, each with a handful of colours.
    static func fewColourFrames() -> [RGBImage8] {
        let palette = [Color(red: 0, green: 0, blue: 0), Color(red: 255, green: 0, blue: 0),
                       Color(red: 1, green: 2, blue: 3), Color(red: 250, green: 251, blue: 252),
                       Color(red: 0, green: 128, blue: 255)]
        return (0..<3).map { f in
            var image = RGBImage8(width: 6, height: 4)
            for y in 0..<4 {
                for x in 0..<6 { image[x, y] = palette[(x + 2 * y + f) % (f + 3)] }
            }
            return image
        }
    }

    @Test func gifRoundTripWithFewColoursIsPixelExactWithDelaysAndLoop() throws {
        let frames = Self.fewColourFrames()
        let bytes = try GIFFile.encode(frames: frames, delaysCentiseconds: [3, 4, 300], loop: true)
        #expect(Array(bytes[0..<6]) == Array("GIF89a".utf8))
        let animation = try GIFFile.decode(bytes)
        #expect(animation.width == 6 && animation.height == 4)
        #expect(animation.frames == frames)
        #expect(animation.delaysCentiseconds == [3, 4, 300])
        #expect(animation.loopCount == 0)
        #expect(animation.loopsForever)
    }

    /// A frame placed beside the screen (found by the image fuzz target: Left past the
    /// screen's width) trapped on an empty range; it now draws nothing, and the rest decodes.
    @Test func aFramePlacedBesideTheScreenDrawsNothingAndDoesNotTrap() throws {
        let bytes = try FileBytes.read(RepositoryPaths.root() + "/Tests/Fuzz/corpus/image/gif-frame-beside-the-screen", limit: 1 << 20)
        let animation = try GIFFile.decode(bytes)
        #expect(!animation.frames.isEmpty)
        #expect(GIFFile.overlap(300, 10, 32) == 0..<0 && GIFFile.overlap(-5, 10, 32) == 0..<5 && GIFFile.overlap(30, 10, 32) == 30..<32)
        #expect(GIFFile.overlap(3, -2, 32).isEmpty && GIFFile.overlap(0, 40, 32) == 0..<32)
    }

    @Test func gifWithoutLoopHasNoLoopExtension() throws {
        let frames = Self.fewColourFrames()
        let animation = try GIFFile.decode(GIFFile.encode(frames: frames, delaysCentiseconds: [5, 5, 5], loop: false))
        #expect(animation.frames == frames)
        #expect(animation.loopCount == nil)
        #expect(!animation.loopsForever)
    }

    @Test func aSingleColourFrameRoundTrips() throws {
        let frame = RGBImage8(width: 1, height: 1, fill: Color(red: 9, green: 8, blue: 7))
        let animation = try GIFFile.decode(GIFFile.encode(frames: [frame], delaysCentiseconds: [0]))
        #expect(animation.frames == [frame])
    }

    /// A 32×32 gradient with 1024 distinct colours, reduced to 256 by median cut.
    @Test func aFrameWithMoreThan256ColoursStaysWithinTheMeasuredBound() throws {
        var image = RGBImage8(width: 32, height: 32)
        for y in 0..<32 {
            for x in 0..<32 {
                image[x, y] = Color(red: UInt8(x * 8 + 3), green: UInt8(y * 8 + 3), blue: UInt8((x + y) * 4))
            }
        }
        #expect(Set(image.bytes.chunks3).count == 1024)
        let animation = try GIFFile.decode(GIFFile.encode(frames: [image], delaysCentiseconds: [10]))
        let decoded = try #require(animation.frames.first)
        var worstChannel = 0, worstSquared = 0
        for i in 0..<(32 * 32) {
            var squared = 0
            for c in 0..<3 {
                let d = abs(Int(decoded.bytes[3 * i + c]) - Int(image.bytes[3 * i + c]))
                worstChannel = max(worstChannel, d)
                squared += d * d
            }
            worstSquared = max(worstSquared, squared)
        }
        // Measured: at most 4 per channel and 48 in squared distance (about 6.9 units).
        #expect(worstChannel <= 4)
        #expect(worstSquared <= 48)
        #expect(Set(decoded.bytes.chunks3).count <= 256)
    }

    @Test func encodingIsDeterministic() throws {
        var image = RGBImage8(width: 40, height: 30)
        for y in 0..<30 {
            for x in 0..<40 {
                image[x, y] = Color(red: UInt8(x * 6), green: UInt8((x * y) & 0xFF), blue: UInt8(y * 8))
            }
        }
        let a = try GIFFile.encode(frames: [image, image], delaysCentiseconds: [3, 4])
        let b = try GIFFile.encode(frames: [image, image], delaysCentiseconds: [3, 4])
        #expect(a == b)
    }

    @Test func delaysFor30FpsOver30FramesSumToExactlyOneSecond() {
        let delays = GIFFile.delays(fps: 30, frameCount: 30)
        #expect(delays.count == 30)
        #expect(delays.reduce(0, +) == 100)
        #expect(delays.allSatisfy { $0 == 3 || $0 == 4 })
        // After k frames the time stays within half a centisecond of k·100/30 s:
        // |sum − 100·k/30| ≤ 1/2, i.e. |30·sum − 100·k| ≤ 15.
        var sum = 0
        for (k, d) in delays.enumerated() {
            sum += d
            #expect(abs(30 * sum - 100 * (k + 1)) <= 15)
        }
        #expect(GIFFile.delays(fps: 25, frameCount: 5) == [4, 4, 4, 4, 4])
        #expect(GIFFile.delays(fps: 60, frameCount: 60).reduce(0, +) == 100)
        #expect(GIFFile.delays(fps: 7, frameCount: 0) == [])
    }

    @Test func writeThenReadThroughAFile() throws {
        let directory = try TemporaryDirectory()
        let frames = Self.fewColourFrames()
        try GIFFile.write(frames: frames, delaysCentiseconds: [1, 2, 3], to: directory.file("a.gif"))
        let animation = try GIFFile.read(path: directory.file("a.gif"))
        #expect(animation.frames == frames && animation.delaysCentiseconds == [1, 2, 3] && animation.loopsForever)
        #expect(try directory.contents() == ["a.gif"])
    }

    @Test func mismatchedFramesAndDelaysAreRejected() {
        let small = RGBImage8(width: 2, height: 2), large = RGBImage8(width: 3, height: 2)
        #expect(throws: ImageFileError.self) { try GIFFile.encode(frames: [], delaysCentiseconds: []) }
        #expect(throws: ImageFileError.self) { try GIFFile.encode(frames: [small, large], delaysCentiseconds: [1, 1]) }
        #expect(throws: ImageFileError.self) { try GIFFile.encode(frames: [small], delaysCentiseconds: [1, 1]) }
        #expect(throws: ImageFileError.self) { try GIFFile.encode(frames: [small], delaysCentiseconds: [70000]) }
        #expect(throws: ImageFileError.self) { try GIFFile.encode(frames: [small], delaysCentiseconds: [-1]) }
    }

    @Test func decodingSomethingThatIsNotAGIFThrowsNotGIF() throws {
        #expect(throws: ImageFileError.notGIF(path: nil)) { try GIFFile.decode(Array("hello".utf8)) }
        let png = try PNGFile.encode(RGBImage8(width: 1, height: 1))
        #expect(throws: ImageFileError.notGIF(path: nil)) { try GIFFile.decode(png) }
        let gif = try GIFFile.encode(frames: Self.fewColourFrames(), delaysCentiseconds: [1, 1, 1])
        #expect(throws: ImageFileError.self) { try GIFFile.decode(Array(gif.prefix(20))) }
    }

    @Test func medianCutIsExactWhenItHasRoomForEveryColour() {
        let colors: [(rgb: UInt32, count: Int)] = [(0x000000, 5), (0x102030, 1), (0xFFFFFF, 9)]
        #expect(ColorQuantizer.medianCut(colors, maxColors: 3).sorted() == [0x000000, 0x102030, 0xFFFFFF])
        // One box: the pixel-weighted mean, e.g. red (0·5 + 0x10·1 + 255·9 + 7) / 15 = 154 = 0x9A.
        #expect(ColorQuantizer.medianCut(colors, maxColors: 1) == [0x9A9B9C])
    }
}

extension Array where Element == UInt8 {
    /// The bytes grouped by three as packed `0xRRGGBB` values.
    var chunks3: [UInt32] {
        // The closure's type spelled out: Swift 6.0 cannot type-check it in time otherwise.
        stride(from: 0, to: count - 2, by: 3).map { (i: Int) -> UInt32 in
            let red = UInt32(self[i]), green = UInt32(self[i + 1]), blue = UInt32(self[i + 2])
            return red << 16 | green << 8 | blue
        }
    }
}
