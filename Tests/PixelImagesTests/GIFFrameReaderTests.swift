import Testing
import PixelCore
@testable import PixelImages

struct GIFFrameReaderTests {
    static let palette: [(UInt8, UInt8, UInt8)] = [(0, 0, 0), (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
    static let black = Color(red: 0, green: 0, blue: 0), red = Color(red: 255, green: 0, blue: 0)
    static let green = Color(red: 0, green: 255, blue: 0), blue = Color(red: 0, green: 0, blue: 255)
    static let white = Color(red: 255, green: 255, blue: 255)

    /// 4 × 4: red all over (keep); a green 2 × 2 at (1, 1) (restore to background); a blue
    /// 2 × 2 at (2, 2) whose bottom-right pixel is transparent (restore previous); a white
    /// pixel at (0, 0). Loops 3 times.
    static var disposals: HandGIF {
        var gif = HandGIF(width: 4, height: 4, globalColors: palette, loopCount: 3)
        gif.images = [
            .init(width: 4, height: 4, pixels: Array(repeating: 1, count: 16), disposal: 1, delayCentiseconds: 5),
            .init(left: 1, top: 1, width: 2, height: 2, pixels: [2, 2, 2, 2], disposal: 2, delayCentiseconds: 0),
            .init(left: 2, top: 2, width: 2, height: 2, pixels: [3, 3, 3, 4], disposal: 3, delayCentiseconds: 1, transparent: 4),
            .init(width: 1, height: 1, pixels: [4], delayCentiseconds: 2),
        ]
        return gif
    }

    /// The picture a grid of letters describes: r g b w, and . for black.
    static func picture(_ rows: [String]) -> RGBImage8 {
        var image = RGBImage8(width: rows[0].count, height: rows.count)
        let colors: [Character: Color] = ["r": red, "g": green, "b": blue, "w": white, ".": black]
        for (y, row) in rows.enumerated() { for (x, c) in row.enumerated() { image[x, y] = colors[c] ?? black } }
        return image
    }

    static func allFrames(_ reader: GIFFrameReader) throws -> [(image: RGBImage8, delayMilliseconds: Int)] {
        var frames: [(image: RGBImage8, delayMilliseconds: Int)] = []
        while let frame = try reader.next() { frames.append(frame) }
        return frames
    }

    @Test func disposalKeepRestoreToBackgroundAndRestorePreviousWithTransparency() throws {
        let reader = try GIFFrameReader(bytes: Self.disposals.bytes)
        let frames = try Self.allFrames(reader)
        #expect(frames.count == 4)
        #expect(frames.map(\.image) == [
            Self.picture(["rrrr", "rrrr", "rrrr", "rrrr"]),
            Self.picture(["rrrr", "rggr", "rggr", "rrrr"]),
            Self.picture(["rrrr", "r..r", "r.bb", "rrbr"]),  // the green area cleared, then blue drawn
            Self.picture(["wrrr", "r..r", "r..r", "rrrr"]),  // the blue frame undone
        ])
        // 5 cs; 0 and 1 cs play as 100 ms; 2 cs is 20 ms.
        #expect(frames.map(\.delayMilliseconds) == [50, 100, 100, 20])
        #expect(reader.loopCount == 3)
        #expect(try reader.next() == nil)
    }

    @Test func interlacedRowsLandWhereTheyBelong() throws {
        var gif = HandGIF(width: 1, height: 10, globalColors: Self.palette)
        let rows = (0..<10).map { $0 % 4 + 1 }  // r g b w r g b w r g
        gif.images = [.init(width: 1, height: 10, pixels: rows, interlaced: true)]
        let frame = try #require(try GIFFrameReader(bytes: gif.bytes).next())
        #expect(frame.image == Self.picture(["r", "g", "b", "w", "r", "g", "b", "w", "r", "g"]))
    }

    @Test func aLocalColourTableOverridesTheGlobalOne() throws {
        var gif = HandGIF(width: 2, height: 1, globalColors: Self.palette)
        gif.images = [
            .init(width: 2, height: 1, pixels: [1, 1]),
            .init(width: 2, height: 1, pixels: [0, 1], localColors: [(0, 0, 255), (255, 255, 255)]),
        ]
        let frames = try Self.allFrames(try GIFFrameReader(bytes: gif.bytes))
        #expect(frames.map(\.image) == [Self.picture(["rr"]), Self.picture(["bw"])])
    }

    @Test func framesPartlyOrWhollyOutsideTheScreenAreClipped() throws {
        var gif = HandGIF(width: 4, height: 3, globalColors: Self.palette)
        gif.images = [
            .init(left: 2, top: 1, width: 3, height: 3, pixels: Array(repeating: 2, count: 9), disposal: 2),
            .init(left: 10, top: 0, width: 2, height: 2, pixels: [1, 1, 1, 1]),
            .init(left: 0, top: 2, width: 2000, height: 2000, pixels: Array(repeating: 3, count: 4_000_000)),
        ]
        let frames = try Self.allFrames(try GIFFrameReader(bytes: gif.bytes))
        #expect(frames.map(\.image) == [
            Self.picture(["....", "..gg", "..gg"]),
            Self.picture(["....", "....", "...."]),
            Self.picture(["....", "....", "bbbb"]),
        ])
    }

    @Test func aScreenOfMoreThan2To24PixelsIsRefusedFromTheHeader() throws {
        let gif = HandGIF(width: 8192, height: 4096, globalColors: Self.palette)
        #expect(throws: ImageFileError.tooLarge(path: nil, width: 8192, height: 4096, maximumPixels: 1 << 24)) {
            _ = try GIFFrameReader(bytes: gif.bytes)
        }
        _ = try GIFFrameReader(bytes: HandGIF(width: 4096, height: 4096, globalColors: Self.palette).bytes)
    }

    @Test func aFileWithoutImagesOrWithADescriptorButNoDataEndsWithOneLineError() throws {
        for bytes in [HandGIF(width: 4, height: 4, globalColors: Self.palette).bytes,
                      Array(Self.disposals.bytes.prefix(13 + 16 * 3 + 19 + 8 + 10))] {
            let reader = try GIFFrameReader(bytes: bytes)
            // (do/catch rather than #expect's throws: closure, which Swift 6.0.3 crashes on)
            do {
                while try reader.next() != nil {}
                Issue.record("no error at the end")
            } catch {
                guard case ImageFileError.damagedGIF = error else {
                    Issue.record("not a damaged-GIF error: \(error)")
                    continue
                }
                #expect(!"\(error)".contains("\n"))
            }
        }
    }

    @Test func everyTruncationEndsWithAnErrorAfterTheFramesBeforeIt() throws {
        let bytes = Self.disposals.bytes
        let whole = try Self.allFrames(try GIFFrameReader(bytes: bytes)).map(\.image)
        for length in 0..<bytes.count {
            let cut = Array(bytes.prefix(length))
            guard let reader = try? GIFFrameReader(bytes: cut) else { continue }
            var read: [RGBImage8] = []
            var failed = false
            do {
                while let frame = try reader.next() { read.append(frame.image) }
            } catch let error as ImageFileError {
                failed = true
                #expect(!"\(error)".contains("\n"))
                // The error stays: the stream does not restart or hang.
                #expect(throws: error) { _ = try reader.next() }
            }
            #expect(failed, "a file cut to \(length) bytes read to its end without an error")
            #expect(Array(whole.prefix(read.count)) == read, "cut to \(length) bytes")
        }
    }

    @Test func rewindStartsAgainFromTheFirstFrameOnABlackScreen() throws {
        let reader = try GIFFrameReader(bytes: Self.disposals.bytes)
        let first = try Self.allFrames(reader)
        #expect(try reader.next() == nil)
        try reader.rewind()
        let again = try Self.allFrames(reader)
        #expect(again.map(\.image) == first.map(\.image) && again.map(\.delayMilliseconds) == first.map(\.delayMilliseconds))
        _ = try reader.next()
        try reader.rewind()
        #expect(try reader.next()?.image == first[0].image)
    }

    @Test func hasNextFrameLooksAheadWithoutDecoding() throws {
        var gif = HandGIF(width: 2, height: 1, globalColors: Self.palette, loopCount: 0)
        gif.images = [.init(width: 2, height: 1, pixels: [1, 2])]
        let reader = try GIFFrameReader(bytes: gif.bytes)
        #expect(try reader.hasNextFrame())
        #expect(reader.loopCount == 0)
        #expect(try reader.next()?.image == Self.picture(["rg"]))
        #expect(try reader.hasNextFrame() == false)
        #expect(try reader.next() == nil)
    }

    @Test func aLongAnimationPlaysFrameByFrame() throws {
        // 500 frames of 64 × 32 from GIFEncoder: each one read, none kept.
        let encoder = try GIFEncoder(width: 64, height: 32, loop: true)
        for i in 0..<500 {
            try encoder.append(RGBImage8(width: 64, height: 32, fill: Color(red: UInt8(i % 256), green: UInt8(i / 2), blue: 7)),
                               delayCentiseconds: 4)
        }
        let reader = try GIFFrameReader(bytes: try encoder.finish())
        var count = 0
        while let frame = try reader.next() {
            #expect(frame.image[5, 5].red == UInt8(count % 256) && frame.delayMilliseconds == 40)
            count += 1
        }
        #expect(count == 500 && reader.loopCount == 0)
    }

    /// GIFFile.decode reads through the reader: every frame, delay and loop count the same.
    @Test func decodeGivesTheReadersFrames() throws {
        var interlaced = HandGIF(width: 3, height: 9, globalColors: Self.palette)
        interlaced.images = [.init(left: 1, top: 0, width: 2, height: 9, pixels: (0..<18).map { $0 % 5 }, interlaced: true),
                             .init(width: 3, height: 2, pixels: [0, 1, 2, 3, 4, 0], disposal: 3, delayCentiseconds: 7)]
        let encoded = try GIFFile.encode(frames: [RGBImage8(width: 5, height: 3, fill: Self.blue), RGBImage8(width: 5, height: 3, fill: Self.green)],
                                         delaysCentiseconds: [3, 9], loop: false)
        for bytes in [Self.disposals.bytes, interlaced.bytes, encoded] {
            let animation = try GIFFile.decode(bytes)
            let reader = try GIFFrameReader(bytes: bytes)
            var frames: [RGBImage8] = [], delays: [Int] = []
            while let (image, delay) = try reader.nextFrame() { frames.append(image); delays.append(delay) }
            #expect(animation.frames == frames && animation.delaysCentiseconds == delays && animation.loopCount == reader.loopCount)
            #expect(animation.width == reader.width && animation.height == reader.height)
        }
        #expect(try GIFFile.decode(Self.disposals.bytes).delaysCentiseconds == [5, 0, 1, 2])
    }
}
