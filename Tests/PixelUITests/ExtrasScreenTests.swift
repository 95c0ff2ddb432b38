import PixelInputs
import Testing
import PixelCore
import PixelEffects
@testable import PixelUI

struct ExtrasScreenTests {
    @Test func secondsShowOnlyWhereTheyFit() {
        let eightThirty = 20 * 3600 + 29 * 60 + 2
        #expect(ScreenPainter.clockText(seconds: eightThirty, width: 64, font: .standard5x7) == "20:29:02")
        #expect(ScreenPainter.clockText(seconds: eightThirty, width: 32, font: .standard5x7) == "20:29")
        #expect(ScreenPainter.clockText(seconds: 3600 * 24 + 61, width: 32, font: .tiny3x5) == "00:01:01", "3×5 digits fit seconds in 32")
    }

    /// The clock screen of a `width × height` app at `time`, the wall clock at `seconds`.
    func clockFrame(width: Int, height: Int, seconds: Int, at time: FrameTime) -> Frame {
        var app = PixelWheelApp(width: width, height: height, framesPerSecond: 10, version: "test", wallClock: { seconds })
        for action in [InputAction.rotate(3), .select, .select] { app.handle(InputEvent(action, at: .zero)) }  // Extras → Clock
        var canvas = Canvas(width: width, height: height, supersampling: .x1)
        app.render(into: &canvas, at: time)
        return canvas.downsample()
    }

    @Test func onA32By8PanelTheClockStandsStillWithinAMinute() {
        let early = clockFrame(width: 32, height: 8, seconds: 20 * 3600 + 29 * 60 + 2, at: .seconds(1))
        let later = clockFrame(width: 32, height: 8, seconds: 20 * 3600 + 29 * 60 + 40, at: .seconds(9))
        #expect(early == later, "HH:MM fits 32 LEDs: no scrolling, no seconds")
        #expect(early.pixels.contains { $0 != early.pixels[0] }, "something is drawn")
        let nextMinute = clockFrame(width: 32, height: 8, seconds: 20 * 3600 + 30 * 60, at: .seconds(9))
        #expect(nextMinute != later)
    }

    /// The scrolling-text screen at `time` after it opened, at `speed` % and `fps`.
    func scrollingTextFrame(speed: Int, fps: Int, at time: FrameTime) -> Frame {
        var settings = Settings()
        settings.speed = speed
        var app = PixelWheelApp(width: 32, height: 8, framesPerSecond: fps, settings: settings, version: "test")
        app.marqueeText = "HELLO WORLD"
        for action in [InputAction.rotate(3), .select, .rotate(1), .select] { app.handle(InputEvent(action, at: .zero)) }
        var canvas = Canvas(width: 32, height: 8, supersampling: .x1)
        app.render(into: &canvas, at: time)
        return canvas.downsample()
    }

    @Test func scrollingTextFollowsTheSpeedSettingAndNotTheFrameRate() {
        let normal = scrollingTextFrame(speed: 100, fps: 30, at: .seconds(2))
        #expect(scrollingTextFrame(speed: 100, fps: 10, at: .seconds(2)) == normal, "the frame rate does not change the text's place")
        #expect(scrollingTextFrame(speed: 200, fps: 30, at: .seconds(1)) == normal, "twice the speed: there in half the time")
        #expect(scrollingTextFrame(speed: 200, fps: 30, at: .seconds(2)) != normal)
    }
}
