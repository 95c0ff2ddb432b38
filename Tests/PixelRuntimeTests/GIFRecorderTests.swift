import Foundation
import Testing
import PixelCore
import PixelImages
import PixelTestSupport
@testable import PixelRuntime

@Suite struct GIFRecorderTests {
    /// A 4×2 frame with one LED lit at `n` (0...7), or dark for nil.
    static func frame(_ n: Int?) -> Frame {
        var frame = Frame(width: 4, height: 2)
        if let n { frame[n % 4, n / 4] = LinearColor(red: 65535, green: UInt16(n * 8000), blue: 0) }
        return frame
    }

    static let status = FrameStatus(tick: FrameTick(index: 0, timestamp: .zero, targetTimestamp: .zero, duration: .zero, missedFrames: 0),
                                    frames: 1, missedFrames: 0)

    @Test func renderKeepsEveryFrameRepeatsIncludedWithTheFrameClocksDelays() throws {
        let frames = [0, 0, 0, 1, 2, 2, 3].map { Self.frame($0) }
        let recorder = GIFRecorder(fps: 30, look: .style(.raw), mergesRepeats: false)
        for frame in frames { try recorder.append(frame) }
        let expected = try GIFFile.encode(frames: frames.map(PanelPreview.raw), delaysCentiseconds: GIFFile.delays(fps: 30, frameCount: 7))
        #expect(try recorder.finish() == expected)
        #expect(try GIFFile.decode(expected).delaysCentiseconds == [3, 4, 3, 3, 4, 3, 3])
    }

    @Test func aRepeatMergesIntoOneLongerFrameOnlyWhenAsked() throws {
        let recorder = GIFRecorder(fps: 10, look: .style(.dots(scale: 3)), mergesRepeats: true)
        for n in [5, 5, 5, 6] { try recorder.append(Self.frame(n)) }
        let gif = try GIFFile.decode(try #require(try recorder.finish()))
        #expect(gif.delaysCentiseconds == [30, 10])
        #expect(gif.frames == [PanelPreview.dots(Self.frame(5), scale: 3), PanelPreview.dots(Self.frame(6), scale: 3)])
    }

    @Test func aboveFiftyFramesASecondEveryStrideThFrameIsKept() throws {
        let recorder = GIFRecorder(fps: 120, look: .style(.raw), mergesRepeats: false)  // stride 3: 40 GIF frames a second
        for n in 0..<9 { try recorder.append(Self.frame(n % 8)) }
        let gif = try GIFFile.decode(try #require(try recorder.finish()))
        #expect(gif.frames == [0, 3, 6].map { PanelPreview.raw(Self.frame($0)) })
        #expect(gif.delaysCentiseconds == [3, 2, 3])
    }

    @Test func fittedDotsAreAbout512PixelsAcross() {
        #expect(GIFRecorder.fittedScale(for: Frame(width: 64, height: 32)) == 8)
        #expect(GIFRecorder.fittedScale(for: Frame(width: 8, height: 8)) == 16)
        #expect(GIFRecorder.fittedScale(for: Frame(width: 1024, height: 4)) == 2)
    }

    @Test func aFullRecordingTakesNoMoreAndTheFileOutputSaysSoOnce() throws {
        let folder = try TemporaryDirectory()
        var notes: [Int] = []
        let output = GIFFileOutput(path: folder.file("r.gif"),
                                   recorder: GIFRecorder(fps: 2, look: .style(.raw), mergesRepeats: false, maximumSeconds: 1)) { notes.append($0) }
        for n in 0..<5 { try output.show(Self.frame(n), status: Self.status) }
        try output.finish()
        #expect(notes == [1])
        let gif = try GIFFile.read(path: folder.file("r.gif"))
        #expect(gif.frames == [0, 1].map { PanelPreview.raw(Self.frame($0)) })
    }

    @Test func nothingShownWritesNoFile() throws {
        let folder = try TemporaryDirectory()
        try GIFFileOutput(path: folder.file("r.gif"), recorder: .webRecording(fps: 30)).finish()
        #expect(try folder.contents().isEmpty)
        #expect(GIFRecorder.webRecording(fps: 30).maximumSeconds == 120)
    }
}
