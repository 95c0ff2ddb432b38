import Testing
import PixelCore
import PixelSimulator
@testable import PixelRuntime

/// `show`'s pictures through the loop: each for its own delay, round after round.
struct PictureSourceTests {
    func picture(_ level: UInt16) -> Frame {
        var frame = Frame(width: 2, height: 1)
        frame[0, 0] = LinearColor(red: level, green: 0, blue: 0)
        return frame
    }

    @Test func eachPictureShowsForItsDelayAndZeroCountsAsATenth() {
        let source = PictureSource(frames: [picture(1), picture(2), picture(3)], delaysCentiseconds: [20, 0, 5])
        #expect(source.roundLength == 350_000_000)
        #expect(source.render(at: .zero) == picture(1))
        #expect(source.render(at: .milliseconds(199)) == picture(1))
        #expect(source.render(at: .milliseconds(200)) == picture(2))
        #expect(source.render(at: .milliseconds(299)) == picture(2))
        #expect(source.render(at: .milliseconds(300)) == picture(3))
        #expect(source.render(at: .milliseconds(350)) == picture(1), "the next round")
        #expect(source.brightnessPercent == nil, "pictures leave the panel's brightness alone")
    }

    @Test func theClockTicksAtEachPictureForTheRoundsAskedAndMovesVirtualTime() throws {
        let source = PictureSource(frames: [picture(1), picture(2)], delaysCentiseconds: [10, 30])
        let time = VirtualTime()
        var clock = PictureClock(pictures: source, clock: time, rounds: 2)
        #expect(clock.length == .milliseconds(500), "the last picture of round 2 starts at 400 + 100 ms")
        let ticks = (0..<4).map { _ in clock.nextTick() }
        #expect(ticks.map(\.timestamp) == [.zero, .milliseconds(100), .milliseconds(400), .milliseconds(500)])
        #expect(ticks.map(\.index) == [0, 1, 2, 3])

        // Through the loop: one frame per picture per round, then the loop ends.
        var shown: [Frame] = []
        let loop = FrameLoop(source: source, clock: time, frameClock: PictureClock(pictures: source, clock: time, rounds: 2),
                             outputs: [FrameCallbackOutput { frame, _ in shown.append(frame) }], length: clock.length)
        #expect(try loop.run() == 4)
        #expect(shown == [picture(1), picture(2), picture(1), picture(2)])
        #expect(time.nanoseconds == 500_000_000)
    }
}
