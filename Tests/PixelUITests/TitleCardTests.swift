import PixelInputs
import Testing
import PixelCore
import PixelEffects
@testable import PixelUI

struct TitleCardTests {
    /// The app's picture and the effect's own at `time`, after DVD Bounce was chosen at 0 and
    /// `events` happened (steps cut, so the new effect shows alone at once).
    func frames(at time: FrameTime, events: [InputEvent] = [], width: Int = 64, height: Int = 32) -> (app: Frame, effect: Frame) {
        var settings = Settings()
        settings.transitionMilliseconds = 0
        var app = PixelWheelApp(width: width, height: height, framesPerSecond: 10, settings: settings, version: "test")
        for action in [InputAction.select, .rotate(1), .select, .select] { app.handle(InputEvent(action, at: .zero)) }
        for event in events { app.handle(event) }
        var canvas = Canvas(width: width, height: height, supersampling: .x1)
        app.render(into: &canvas, at: time)
        let shown = canvas.downsample()
        let started = events.last?.time ?? .zero
        let index = MenuEntry.effects.firstIndex { $0.title == app.nowPlayingTitle }!
        var player = Player(index: index, shuffleOrder: nil, at: started, speedPercent: 100, width: width, height: height, seed: 1)
        var plain = Canvas(width: width, height: height, supersampling: .x1)
        player.render(into: &plain, at: time)
        return (shown, plain.downsample())
    }

    /// Rows of `a` and `b` that differ.
    func differingRows(_ a: Frame, _ b: Frame) -> [Int] {
        (0..<a.height).filter { y in (0..<a.width).contains { a[$0, y] != b[$0, y] } }
    }

    @Test func theEffectsNameShowsAcrossTheBottomForAMomentThenGoes() {
        let early = frames(at: .milliseconds(500))
        let rows = differingRows(early.app, early.effect)
        #expect(!rows.isEmpty && rows.allSatisfy { $0 >= 32 - (PixelFont.standard5x7.lineHeight + 2) }, "a band of the 5×7 line height and a margin across the bottom, the effect above it untouched: \(rows)")
        let later = frames(at: .milliseconds(1600))
        #expect(later.app == later.effect, "gone after 1.5 s")
    }

    /// The effect named `title` started at `started`, as drawn at `time` with a title card
    /// reading `card` laid over it.
    func effect(_ title: String, startedAt started: FrameTime, at time: FrameTime, card: String) -> Frame {
        let index = MenuEntry.effects.firstIndex { $0.title == title }!
        var player = Player(index: index, shuffleOrder: nil, at: started, speedPercent: 100, width: 64, height: 32, seed: 1)
        var canvas = Canvas(width: 64, height: 32, supersampling: .x1)
        player.render(into: &canvas, at: time)
        ScreenPainter.titleCard(on: &canvas, title: card, shownFor: time - started, palette: ThemePalette.of(Settings().theme))
        return canvas.downsample()
    }

    @Test func nextEffectShowsItsNameAgain() {
        // DVD Bounce from 0; ⏭ at 3 s starts Starfield, whose name shows half a second later.
        let stepped = frames(at: .milliseconds(3500), events: [InputEvent(.next, at: .seconds(3))])
        #expect(MenuEntry.effects.map(\.title).prefix(2) == ["DVD Bounce", "Starfield"])
        #expect(stepped.app == effect("Starfield", startedAt: .seconds(3), at: .milliseconds(3500), card: "Starfield"))
        #expect(stepped.app != effect("Starfield", startedAt: .seconds(3), at: .milliseconds(3500), card: "DVD Bounce"))
        #expect(stepped.app != stepped.effect, "the card is there")
    }

    @Test func aNameWiderThanThePanelScrollsThroughBeforeTheCardGoes() {
        // "DVD Bounce" is 39 LEDs in the 3×5 font: on 16×8 it scrolls in and out, 55 LEDs at 16 a second.
        let scrolling = frames(at: .milliseconds(3000), width: 16, height: 8)
        #expect(scrolling.app != scrolling.effect, "still showing after 1.5 s")
        let gone = frames(at: .milliseconds(3500), width: 16, height: 8)
        #expect(gone.app == gone.effect)
    }
}
