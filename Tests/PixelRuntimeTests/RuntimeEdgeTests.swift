import Testing
import PixelCore
import PixelEffects
import PixelImages
import PixelPanels
@testable import PixelRuntime
import PixelTools

/// Offline renders and trace files at the edges.
struct RuntimeEdgeTests {
    @Test func longGIFsKeepEveryFrame() throws {
        let dir = try ScratchDirectory()
        let long = try OfflineRender.Request(effect: try EffectCatalog.named("fan"), parameters: [:],
                                             size: try PanelSize(width: 1, height: 1), supersampling: .x1, seed: 1,
                                             output: dir.file("x.gif"), seconds: 600, fps: 50, instant: 0, scale: 1, raw: true)
        #expect(long.frameCount == 30_000)
        // Written and read back: 6000 frames of a 1-LED fan, every one kept with its delay.
        let request = try OfflineRender.Request(effect: try EffectCatalog.named("fan"), parameters: [:],
                                                size: try PanelSize(width: 1, height: 1), supersampling: .x1, seed: 1,
                                                output: dir.file("y.gif"), seconds: 120, fps: 50, instant: 0, scale: 1, raw: true)
        _ = try OfflineRender.run(request)
        let gif = try GIFFile.read(path: dir.file("y.gif"))
        #expect(gif.frames.count == 6_000)
        #expect(gif.delaysCentiseconds.allSatisfy { $0 == 2 })
    }

    @Test func negativeOrHugeHoldTimesInATraceAreRefused() {
        #expect(throws: TraceFileError.badLine(file: "trace", line: 1, reason: "'hold_ns' must be 0...60000000000 (one minute)")) {
            _ = try BusTraceReader.parse("{\"bus\":\"gpio\",\"device\":\"g\",\"hold_ns\":-5}")
        }
    }
}

struct FrameNameTests {
    @Test func frameNamesArePaddedSoTheySortInOrder() {
        #expect(PNGSequenceOutput.frameName(42) == "frame-000042.png")
        #expect(PNGSequenceOutput.frameName(42, digits: 7) == "frame-0000042.png")
        #expect(PNGSequenceOutput.frameName(1_234_567, digits: 7) == "frame-1234567.png")
    }
}
