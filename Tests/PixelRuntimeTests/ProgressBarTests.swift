import Testing
import PixelCore
import PixelEffects
import PixelSimulator
@testable import PixelRuntime

struct ProgressBarTests {
    func status(frames: Int) -> FrameStatus {
        FrameStatus(tick: FrameTick(index: Int64(frames - 1), timestamp: .zero, targetTimestamp: .zero, duration: .zero, missedFrames: 0),
                    frames: frames, missedFrames: 0)
    }

    @Test func nothingIsDrawnInTheFirstSecondThenTheBarOnOneLineThenItIsErased() {
        let clock = VirtualTime()
        var written: [String] = []
        let bar = ProgressBarOutput(total: 200, clock: clock, write: { written.append($0) })
        let frame = Frame(width: 1, height: 1)
        for n in 1...200 {
            clock.advance(to: Int64(n) * 10_000_000)  // 10 ms a frame: the first second is 100 frames
            bar.show(frame, status: status(frames: n))
        }
        bar.finish()
        #expect(written.first == "\r" + ProgressBarOutput.line(done: 101, total: 200), "from the first frame a second after the first")
        #expect(written.count == 1 + 51 && written.allSatisfy { $0.hasPrefix("\r") && !$0.contains("\n") }, "one redraw per percent, never a new line")
        #expect(written.last == "\r\u{1B}[2K")
    }

    @Test func aShortRenderDrawsNothing() {
        var written: [String] = []
        let bar = ProgressBarOutput(total: 10, clock: VirtualTime(), write: { written.append($0) })
        for n in 1...10 { bar.show(Frame(width: 1, height: 1), status: status(frames: n)) }
        bar.finish()
        #expect(written.isEmpty)
    }

    @Test func theLineShowsThirtyCellsThePercentageAndTheCount() {
        #expect(ProgressBarOutput.line(done: 45, total: 100) == "[#############-----------------] 45%  frame 45/100")
        #expect(ProgressBarOutput.line(done: 300, total: 300) == "[" + String(repeating: "#", count: 30) + "] 100%  frame 300/300")
    }
}
