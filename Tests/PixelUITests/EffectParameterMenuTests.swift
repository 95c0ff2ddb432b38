import PixelInputs
import Testing
import PixelCore
import PixelEffects
@testable import PixelUI

struct EffectParameterMenuTests {
    /// An app after `actions`, all at time 0.
    func app(_ actions: [InputAction], settings: Settings = Settings()) -> PixelWheelApp {
        var app = PixelWheelApp(width: 64, height: 32, framesPerSecond: 10, settings: settings, version: "test")
        for action in actions { app.handle(InputEvent(action, at: .zero)) }
        return app
    }

    /// Settings → Effect Parameters → the effect at `effect` → the parameter at `parameter`.
    func toParameter(effect: Int, parameter: Int) -> [InputAction] {
        [.rotate(4), .select, .rotate(4), .select, .rotate(effect), .select, .rotate(parameter), .select]
    }

    @Test func aNumberIsASliderInRoundStepsAndTheListShowsTheValue() {
        var a = app(toParameter(effect: 0, parameter: 0) + [.rotate(2)])  // DVD Bounce → Speed, 12 LEDs/s
        #expect(a.screen == .slider(.parameter(effect: 0, name: "speed")))
        #expect(a.settings.effectParameters == ["bounce.speed": "32"], "1...500 in steps of 10")
        a.handle(InputEvent(.menu, at: .zero))
        #expect(a.selectedTitle == "Speed: 32")
        a.handle(InputEvent(.rotate(-1000), at: .zero))  // a fast spin on the list only moves the selection
        a.handle(InputEvent(.select, at: .zero))
        a.handle(InputEvent(.rotate(-1000), at: .zero))
        #expect(a.settings.effectParameters["bounce.speed"] == "1", "clamped at the bottom of the range")
    }

    /// Counts the app's clicks (the piezo's and the simulator's click counter).
    final class ClickCounter { var count = 0 }

    @Test func aParameterSliderClicksOncePerStepLikeBrightness() {
        let counter = ClickCounter()
        func clicks(after actions: [InputAction], on app: inout PixelWheelApp) -> [Int] {
            actions.map { action in
                let before = counter.count
                app.handle(InputEvent(action, at: .zero))
                return counter.count - before
            }
        }
        var brightness = app([.rotate(4), .select, .select])  // Settings → Brightness
        brightness.onClick = { counter.count += 1 }
        #expect(clicks(after: [.rotate(-1), .rotate(-1), .rotate(1)], on: &brightness) == [1, 1, 1])
        var speed = app(toParameter(effect: 0, parameter: 0))  // DVD Bounce → Speed
        speed.onClick = { counter.count += 1 }
        #expect(clicks(after: [.rotate(1), .rotate(1), .rotate(-1), .rotate(3)], on: &speed) == [1, 1, 1, 1])
        #expect(speed.settings.effectParameters == ["bounce.speed": "52"], "four steps of 10 up from 12")
        // At the end of the range nothing moves, and nothing clicks.
        #expect(clicks(after: [.rotate(-1000), .rotate(-1)], on: &speed) == [1, 0])
        // A list value: the select clicks, once.
        var easing = app(toParameter(effect: 4, parameter: 1) + [.rotate(1)])  // Fan Sweep → Easing → Ease In Out
        easing.onClick = { counter.count += 1 }
        #expect(clicks(after: [.select], on: &easing) == [1])
        #expect(easing.settings.effectParameters == ["fan.easing": "ease-in-out"])
    }

    /// The title bar rows of `app`'s picture on 64×32, and those of a bar drawn titled
    /// `title` with the app's status marker.
    func titleBars(of app: inout PixelWheelApp, drawnAs title: String) -> (shown: [LinearColor], expected: [LinearColor]) {
        let font = PixelFont.tiny3x5, rows = MenuLayout.rowHeight(font)
        var canvas = Canvas(width: 64, height: 32, supersampling: .x1)
        app.render(into: &canvas, at: .seconds(1))
        var bar = Canvas(width: 64, height: 32, supersampling: .x1)
        MenuPainter.titleBar(on: &bar, title: title, font: font, height: rows,
                             status: app.nowPlayingTitle == nil ? nil : .playing, palette: ThemePalette.of(app.settings.theme))
        return (Array(canvas.downsample().pixels.prefix(64 * rows)), Array(bar.downsample().pixels.prefix(64 * rows)))
    }

    @Test func effectParametersTitleFitsBesideThePlayMarkerOn64x32() {
        // DVD Bounce plays; MENU three times, then Settings → Effect Parameters.
        var playing = app([.select, .rotate(1), .select, .select, .menu, .menu, .menu, .rotate(4), .select, .rotate(4), .select])
        #expect(playing.nowPlayingTitle == "DVD Bounce" && playing.menuTitle == "Effect Parameters")
        // "EFFECT PARAMETERS" is 67 LEDs in the 3×5 font: the bar shows its last word, clear of the ▶.
        let bar = titleBars(of: &playing, drawnAs: "Parameters")
        #expect(bar.shown == bar.expected)
        let background = bar.shown[0]
        let rows = MenuLayout.rowHeight(.tiny3x5)
        #expect((0..<rows).allSatisfy { bar.shown[$0 * 64 + 59] == background }, "a dark column before the marker")
        #expect((0..<rows).contains { bar.shown[$0 * 64 + 61] != background }, "the marker")
        // With nothing playing it is not cut at the panel's edge either.
        var idle = app([.rotate(4), .select, .rotate(4), .select])
        let idleBar = titleBars(of: &idle, drawnAs: "Parameters")
        #expect(idleBar.shown == idleBar.expected)
    }

    @Test func everyMenuTitleFitsItsTitleBarAndShortOnesAreUntouched() {
        func titles(_ entries: [MenuEntry]) -> [String] {
            entries.flatMap { entry -> [String] in
                if case let .submenu(title, inner) = entry { return [title] + titles(inner) }
                return []
            }
        }
        let all = ["PixelWheel"] + titles(MenuEntry.topLevel) + MenuEntry.effects.map(\.title)
        for (width, height) in [(64, 32), (128, 64), (32, 32)] {
            let font = MenuLayout.font(width: width, height: height)
            for room in [width - 2, width - MenuIcons.play.width - 3] {
                for title in all.map({ MenuLayout.displayText($0, font: font) }) {
                    let fitted = MenuLayout.fitted(title, font: font, width: room)
                    #expect(font.width(of: fitted) - 1 <= room, "\(title) at \(width)x\(height)")
                    #expect(!fitted.isEmpty)
                    if font.width(of: title) - 1 <= room { #expect(fitted == title) }
                }
            }
        }
        #expect(MenuLayout.fitted("EFFECT PARAMETERS", font: .tiny3x5, width: 58) == "PARAMETERS")
        #expect(MenuLayout.fitted("EFFECT PARAMETERS", font: .tiny3x5, width: 20) == "PARAM")
    }

    @Test func aChoiceIsAListWithTheCurrentWordSelected() {
        var a = app(toParameter(effect: 4, parameter: 1))  // Fan Sweep → Easing
        #expect(a.menuTitle == "Easing" && a.menuEntries.map(\.title) == ["Linear", "Ease In Out"] && a.selectedIndex == 0)
        a.handle(InputEvent(.rotate(1), at: .zero))
        a.handle(InputEvent(.select, at: .zero))
        #expect(a.settings.effectParameters == ["fan.easing": "ease-in-out"])
        #expect(a.menuTitle == "Fan Sweep" && a.selectedTitle == "Easing: Ease In Out", "back on the parameter list")
    }

    @Test func coloursAreNamedAndDefaultClearsTheChoice() {
        var a = app(toParameter(effect: 3, parameter: 3))  // Digital Rain → Color
        #expect(a.menuEntries.map(\.title).prefix(3) == ["Default", "White", "Red"])
        a.handle(InputEvent(.rotate(2), at: .zero))
        a.handle(InputEvent(.select, at: .zero))
        #expect(a.settings.effectParameters == ["rain.color": "FF0000"] && a.selectedTitle == "Color: Red")
        a.handle(InputEvent(.select, at: .zero))
        #expect(a.selectedIndex == 2, "the list opens on the colour in force")
        a.handle(InputEvent(.rotate(-2), at: .zero))
        a.handle(InputEvent(.select, at: .zero))
        #expect(a.settings.effectParameters.isEmpty, "the default is no choice at all")
    }

    @Test func starShaderDoesNotOfferTheModeItIsMadeOf() {
        let a = app([.rotate(4), .select, .rotate(4), .select, .rotate(2), .select])
        #expect(a.menuTitle == "Star Shader" && !a.menuEntries.map(\.title).contains("Mode"))
    }

    @Test func theEffectPlaysWithItsParametersAndIsRebuiltWhenOneChanges() {
        let rain = { (color: String) -> Frame in
            var scene = try! EffectCatalog.named("rain").makeScene(parameters: ["color": color], seed: 1, width: 64, height: 32)
            var canvas = Canvas(width: 64, height: 32, supersampling: .x4)
            scene.render(into: &canvas, at: .seconds(10))
            return canvas.downsample()
        }
        func shown(_ app: inout PixelWheelApp) -> Frame {
            var canvas = Canvas(width: 64, height: 32, supersampling: .x4)
            app.render(into: &canvas, at: .seconds(10))  // after the title card, which scrolls through on 64 LEDs
            return canvas.downsample()
        }
        var settings = Settings()
        settings.effectParameters["rain.color"] = "FF0000"
        var a = app([.select, .rotate(1), .select, .rotate(3), .select], settings: settings)  // Effects → Classic → Digital Rain, red
        #expect(shown(&a) == rain("FF0000"))
        // MENU, MENU, then Settings → Effect Parameters → Digital Rain → Color → Blue, and back to it.
        for action in [InputAction.menu, .menu, .menu] + [.rotate(4), .select, .rotate(4), .select, .rotate(3), .select, .rotate(3), .select]
            + [.rotate(5), .select, .menu, .menu, .menu, .menu, .rotate(1), .select] {
            a.handle(InputEvent(action, at: .zero))
        }
        #expect(a.settings.effectParameters["rain.color"] == "0000FF")
        #expect(a.screen == .playing && shown(&a) == rain("0000FF"))
    }

    @Test func parametersLiveInTheSettingsFileAndBadOnesAreReported() throws {
        var settings = Settings()
        settings.effectParameters = ["bounce.speed": "40", "fan.easing": "ease-in-out"]
        #expect(settings.fileText.hasSuffix("bounce.speed = 40\nfan.easing = ease-in-out\n"))
        #expect(try Settings(fileText: settings.fileText) == settings)
        let (read, problems) = Settings.reading(fileText: "bounce.speed = 900\nrain.colour = FF0000\nfan.easing = linear\n")
        #expect(problems == [.badValue(1, "bounce.speed", "900"), .badValue(2, "rain.colour", "FF0000")])
        #expect(read.effectParameters == ["fan.easing": "linear"])
    }
}
