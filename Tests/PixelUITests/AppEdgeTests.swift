import Testing
import PixelCore
import PixelEffects
import PixelInputs
import PixelUI

/// The app at the edges: huge turns, years of play, shuffle at any speed, waking up.
struct AppEdgeTests {
    func app() -> PixelWheelApp { PixelWheelApp(width: 32, height: 16, framesPerSecond: 10, version: "t") }

    @Test func hugeTurnsOnASliderClampInsteadOfOverflowing() {
        var a = app()
        for (action, t) in [(InputAction.rotate(4), 1), (.select, 2), (.select, 3), (.rotate(Int.max), 4)] {
            a.handle(InputEvent(action, at: .milliseconds(t)))
        }
        #expect(a.settings.brightness == 100)
        a.handle(InputEvent(.rotate(Int.min + 1), at: .milliseconds(5)))
        #expect(a.settings.brightness == Settings.lowestMenuBrightness)
    }

    @Test func anEffectCanPlayForYearsAtFourTimesSpeed() throws {
        var settings = Settings()
        settings.speed = 400
        var a = PixelWheelApp(width: 32, height: 16, framesPerSecond: 10, settings: settings, version: "t")
        a.handle(InputEvent(.select, at: .zero))
        a.handle(InputEvent(.rotate(1), at: .zero))
        a.handle(InputEvent(.select, at: .zero))  // Effects → Classic
        a.handle(InputEvent(.select, at: .milliseconds(1)))  // DVD Bounce, from 1 ms
        #expect(a.nowPlayingTitle == "DVD Bounce")
        // DVD Bounce itself, at four times the app time it has played.
        var bounce = try EffectCatalog.named("bounce").makeScene(parameters: [:], seed: 1, width: 32, height: 16)
        let years = FrameTime.seconds(3 * 365 * 86400)
        var previous: Frame?
        for time in [years, years + .milliseconds(500)] {
            var canvas = Canvas(width: 32, height: 16, supersampling: .x1)
            a.render(into: &canvas, at: time)
            let shown = canvas.downsample()
            var direct = Canvas(width: 32, height: 16, supersampling: .x1)
            bounce.render(into: &direct, at: FrameTime(nanoseconds: 4 * (time - .milliseconds(1)).nanoseconds))
            #expect(a.screen == .playing)
            #expect(shown == direct.downsample(), "three years in, the effect at 4 × its play time")
            #expect(shown.pixels.contains { $0 != .black }, "and it still draws")
            #expect(shown != previous, "and still moves")
            previous = shown
        }
    }

    @Test func shuffleGivesEachEffectTwentySecondsWhateverTheSpeed() {
        var a = app()
        a.handle(InputEvent(.rotate(2), at: .zero))
        a.handle(InputEvent(.select, at: .milliseconds(200)))  // Shuffle
        let first = a.nowPlayingTitle
        // Speed down to 25 % at 10.5 s (Settings → Speed, three turns back, then back to the effect).
        for (action, ms) in [(InputAction.menu, 10_000), (.rotate(2), 10_100), (.select, 10_200), (.rotate(1), 10_300),
                             (.select, 10_400), (.rotate(-3), 10_500), (.menu, 10_600)] {
            a.handle(InputEvent(action, at: .milliseconds(ms)))
        }
        #expect(a.settings.speed == 25)
        a.update(at: .milliseconds(20_100))
        #expect(a.nowPlayingTitle == first)
        a.update(at: .milliseconds(20_200))
        #expect(a.nowPlayingTitle != first)
    }

    @Test func panelWakesToTheScreenItWasTurnedOffFrom() {
        var a = app()
        a.handle(InputEvent(.select, at: .zero))
        a.handle(InputEvent(.rotate(1), at: .zero))
        a.handle(InputEvent(.select, at: .zero))  // Effects → Classic
        a.handle(InputEvent(.select, at: .milliseconds(100)))  // playing DVD Bounce
        a.handle(InputEvent(.longPress(.select), at: .seconds(1)))
        a.update(at: .seconds(3))
        #expect(a.screen == .off)
        a.handle(InputEvent(.playPause, at: .seconds(4)))
        #expect(a.screen == .playing)
    }
}
