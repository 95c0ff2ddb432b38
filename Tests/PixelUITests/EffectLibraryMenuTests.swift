import Testing
import PixelCore
import PixelEffects
import PixelInputs
@testable import PixelUI

/// The effects library in the menu: All Effects and the families, Shuffle From, the
/// cross-fade between effects, and the wheel's acceleration on long lists.
struct EffectLibraryMenuTests {
    func app(_ settings: Settings = Settings()) -> PixelWheelApp {
        PixelWheelApp(width: 64, height: 32, framesPerSecond: 10, settings: settings, version: "t")
    }

    func frame(_ app: inout PixelWheelApp, at time: FrameTime) -> Frame {
        var canvas = Canvas(width: 64, height: 32, supersampling: .x2)
        app.render(into: &canvas, at: time)
        return canvas.downsample()
    }

    @Test func effectsOpensOnAllEffectsThenEachFamily() {
        var a = app()
        a.handle(InputEvent(.select, at: .zero))
        let families = EffectFamily.allCases.filter { !EffectCatalog.effects(in: $0).isEmpty }.map(\.title)
        #expect(a.menuEntries.map(\.title) == ["All Effects"] + families)
        let allOpen = a.menuEntries.allSatisfy(\.opensScreen)
        #expect(allOpen)
        a.handle(InputEvent(.select, at: .zero))
        let all = a.menuEntries.map(\.title)
        let alphabetical = all.sorted { $0.lowercased() < $1.lowercased() }
        #expect(all == alphabetical)
        #expect(Set(all) == Set(MenuEntry.effects.map(\.title)) && all.count == MenuEntry.effects.count)
    }

    @Test func everyFamilyListsItsOwnEffectsAndEveryEffectHasOneHome() {
        var homes: [String: Int] = [:]
        for case let .submenu(title, rows) in MenuEntry.effectsMenu.dropFirst() {
            let family = EffectFamily.allCases.first { $0.title == title }!
            for case let .effect(effectTitle, name, _) in rows {
                let actual = (try? EffectCatalog.named(name))?.family
                #expect(actual == family, "\(effectTitle) under \(title)")
                homes[effectTitle, default: 0] += 1
            }
        }
        #expect(homes.count == MenuEntry.effects.count && homes.values.allSatisfy { $0 == 1 })
        #expect(MenuEntry.effects.prefix(5).map(\.title) == ["DVD Bounce", "Starfield", "Star Shader", "Digital Rain", "Fan Sweep"],
                "the seed effects keep their numbers")
    }

    @Test func nextCrossFadesOverTheTransitionSetting() {
        func play(_ settings: Settings) -> (start: Frame, middle: Frame, end: Frame, alone: Frame) {
            var a = app(settings)
            for action in [InputAction.select, .rotate(1), .select, .select] { a.handle(InputEvent(action, at: .zero)) }  // DVD Bounce
            _ = frame(&a, at: .seconds(5))
            a.handle(InputEvent(.next, at: .seconds(5)))  // Starfield
            let start = frame(&a, at: .seconds(5))
            let middle = frame(&a, at: .milliseconds(5350))
            let end = frame(&a, at: .milliseconds(5700))
            var b = app(settings)
            for action in [InputAction.select, .rotate(1), .select, .rotate(1), .select] { b.handle(InputEvent(action, at: .seconds(5))) }
            return (start, middle, end, frame(&b, at: .milliseconds(5700)))
        }
        var faded = Settings()
        faded.transitionMilliseconds = 700
        let f = play(faded)
        var bounce = app(faded)
        for action in [InputAction.select, .rotate(1), .select, .select] { bounce.handle(InputEvent(action, at: .zero)) }
        let leaving = frame(&bounce, at: .seconds(5))
        // At the step the old picture is whole; half way both show; at the end the new one alone.
        // (Above the new effect's title card, a band across the bottom for 1.5 s.)
        func top(_ frame: Frame) -> ArraySlice<LinearColor> { frame.pixels[0..<(64 * 20)] }
        #expect(top(f.start) == top(leaving))
        #expect(top(f.middle) != top(leaving) && top(f.middle) != top(f.alone))
        var cut = Settings()
        cut.transitionMilliseconds = 0
        let c = play(cut)
        #expect(top(c.start) != top(leaving), "a cut shows the new effect at once")
        #expect(f.end == c.end, "after the transition the new effect is shown alone")
    }

    @Test func transitionAndShuffleFromStepThroughTheirValuesAndAreSaved() {
        var a = app()
        let settingsRows = MenuEntry.topLevel.compactMap { entry -> [MenuEntry]? in
            if case let .submenu("Settings", rows) = entry { return rows } else { return nil }
        }[0]
        let transition = settingsRows.firstIndex { if case .transition = $0 { true } else { false } }!
        for action in [InputAction.rotate(4), .select, .rotate(transition)] { a.handle(InputEvent(action, at: .zero)) }
        #expect(a.selectedTitle == "Transition: 0.7 s")
        a.handle(InputEvent(.select, at: .zero))
        #expect(a.selectedTitle == "Transition: 1.0 s" && a.settings.transitionMilliseconds == 1000)
        for _ in 0..<4 { a.handle(InputEvent(.select, at: .zero)) }
        #expect(a.selectedTitle == "Transition: Cut")
        a.handle(InputEvent(.rotate(1), at: .zero))
        #expect(a.selectedTitle == "Shuffle From: All")
        a.handle(InputEvent(.select, at: .zero))
        #expect(a.selectedTitle == "Shuffle From: Classic" && a.settings.shuffleFrom == .classic)
        let read = Settings.reading(fileText: a.settings.fileText)
        #expect(read.problems.isEmpty && read.settings == a.settings)
        #expect(a.settings.fileText.contains("transition = 0\n") && a.settings.fileText.contains("shuffle-from = classic\n"))
    }

    @Test func badTransitionAndShuffleFromLinesAreReportedAndKeepTheDefaults() {
        let read = Settings.reading(fileText: "transition = 9000\nshuffle-from = polka\n")
        #expect(read.problems == [.badValue(1, "transition", "9000"), .badValue(2, "shuffle-from", "polka")])
        #expect(read.settings.transitionMilliseconds == 700 && read.settings.shuffleFrom == nil)
        #expect(Settings().fileText.contains("transition") == false, "defaults are not written")
    }

    @Test func shuffleDrawsOnlyFromTheChosenFamily() {
        var settings = Settings()
        settings.shuffleFrom = .classic
        var a = app(settings)
        a.handle(InputEvent(.rotate(2), at: .zero))
        a.handle(InputEvent(.select, at: .zero))  // Shuffle
        var seen: Set<Int> = []
        for k in 0..<40 {
            seen.insert(a.playingEffect!)
            a.handle(InputEvent(.next, at: .seconds(k)))
        }
        #expect(seen == Set(MenuEntry.effectIndices(in: .classic)))
    }
}

/// The wheel's acceleration, as a function of the turns' times.
struct WheelAccelerationTests {
    @Test func slowTurnsMoveOneRowADetent() {
        var wheel = WheelAcceleration()
        for k in 0..<10 { #expect(wheel.rows(for: 1, at: .milliseconds(k * 150), count: 40) == 1) }
    }

    @Test func aFastSpinMovesFurtherFromItsThirdTurn() {
        var wheel = WheelAcceleration()
        let rows = (0..<6).map { wheel.rows(for: -1, at: .milliseconds($0 * 30), count: 40) }
        #expect(rows == [-1, -1, -4, -4, -4, -4])
        var brisk = WheelAcceleration()
        #expect((0..<4).map { brisk.rows(for: 1, at: .milliseconds($0 * 70), count: 40) } == [1, 1, 2, 2])
    }

    @Test func shortListsTurnsOfTheOtherWayAndOtherInputStopTheSpin() {
        var wheel = WheelAcceleration()
        #expect((0..<5).map { wheel.rows(for: 1, at: .milliseconds($0 * 10), count: WheelAcceleration.shortList) } == [1, 1, 1, 1, 1])
        var turning = WheelAcceleration()
        #expect((0..<4).map { turning.rows(for: $0 == 3 ? -1 : 1, at: .milliseconds($0 * 10), count: 40) } == [1, 1, 4, -1])
        var stopped = WheelAcceleration()
        _ = stopped.rows(for: 1, at: .zero, count: 40)
        _ = stopped.rows(for: 1, at: .milliseconds(10), count: 40)
        stopped.reset()
        #expect(stopped.rows(for: 1, at: .milliseconds(20), count: 40) == 1)
    }
}

/// The Palette list of an effect's parameters: each palette's name with its colours beside it.
struct PaletteSwatchTests {
    @Test func eachPaletteRowShowsASwatchOfItsColours() throws {
        let plasma = MenuEntry.effects.firstIndex { $0.title == "Plasma" }!
        let parameters = EffectParameterMenu.parameters(ofEffect: plasma).map(\.name)
        let palette = parameters.firstIndex(of: "palette") ?? 0
        var a = PixelWheelApp(width: 64, height: 32, framesPerSecond: 10, version: "t")
        for action in [InputAction.rotate(4), .select, .rotate(4), .select, .rotate(plasma), .select, .rotate(palette), .select] {
            a.handle(InputEvent(action, at: .zero))
        }
        #expect(a.menuTitle == "Palette")
        #expect(a.menuEntries.map(\.title) == Palette.names.map { $0.prefix(1).uppercased() + $0.dropFirst() })
        var canvas = Canvas(width: 64, height: 32, supersampling: .x1)
        a.render(into: &canvas, at: .zero)
        let frame = canvas.downsample()
        // The first row (Rainbow): a strip of 12 LEDs left of the scroll bar, one row below its top.
        let rowHeight = MenuLayout.rowHeight(MenuLayout.font(width: 64, height: 32))
        let rainbow = Palette.named("rainbow")!.table
        for column in 0..<12 {
            #expect(frame[64 - 2 - 1 - 12 + column, rowHeight + 1] == rainbow[column * 255 / 11].srgb.linear, "column \(column)")
        }
    }
}
