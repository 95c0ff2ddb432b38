import Testing
import PixelPanels
import PixelSimulator
import PixelSystem
import PixelInputs
import PixelImages
import PixelCore
import PixelEffects
import PixelUI
@testable import PixelRuntime

/// Inputs at the edges: huge turns, long runs, odd files.
struct EdgeCaseTests {
    func app() -> PixelWheelApp { PixelWheelApp(width: 32, height: 16, framesPerSecond: 10, version: "t") }

    @Test func hugeTurnsOnASliderClampInsteadOfOverflowing() {
        var a = app()
        for (action, t) in [(InputAction.rotate(3), 1), (.select, 2), (.select, 3), (.rotate(Int.max), 4)] {
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
        a.handle(InputEvent(.rotate(1), at: .zero))
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
        a.handle(InputEvent(.select, at: .milliseconds(100)))  // playing DVD Bounce
        a.handle(InputEvent(.longPress(.select), at: .seconds(1)))
        a.update(at: .seconds(3))
        #expect(a.screen == .off)
        a.handle(InputEvent(.playPause, at: .seconds(4)))
        #expect(a.screen == .playing)
    }

    @Test func denseStarfieldsAreNotCappedAt327Stars() throws {
        let stars = Starfield(width: 64, height: 32, density: 50, maxFrequency: 1, color: .white, seed: 1).stars
        #expect(stars.count == 1024)
    }

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

    @Test func ppmSamplesAboveTheirMaximumAreRefused() {
        #expect(throws: ImageFileError.self) { _ = try StillImage.read("a.ppm", bytes: Array("P6\n1 1\n1\n".utf8) + [255, 255, 255]) }
        #expect(throws: ImageFileError.self) { _ = try StillImage.read("b.ppm", bytes: Array("P3\n1 1\n15\n16 0 0\n".utf8)) }
    }

    @Test func negativeOrHugeHoldTimesInATraceAreRefused() {
        #expect(throws: RuntimeError.badOption("trace line 1: 'hold_ns' must be 0...60000000000 (one minute)")) {
            _ = try BusTraceReader.parse("{\"bus\":\"gpio\",\"device\":\"g\",\"hold_ns\":-5}")
        }
    }
}

struct FrameNameTests {
    @Test func frameNamesArePaddedSoTheySortInOrder() {
        #expect(Session.frameName(42) == "frame-000042.png")
        #expect(Session.frameName(42, digits: 7) == "frame-0000042.png")
        #expect(Session.frameName(1_234_567, digits: 7) == "frame-1234567.png")
    }
}
