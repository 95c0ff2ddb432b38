import PixelInputs
import Testing
import PixelCore
@testable import PixelUI

/// Settings → Presets driven with the wheel, and the presets file format.
struct PresetMenuTests {
    /// `app` after `actions`, each 10 ms after the one before.
    func run(_ actions: [InputAction], on app: inout PixelWheelApp) {
        for action in actions { app.handle(InputEvent(action, at: .milliseconds(10))) }
    }

    /// From the top level: Settings → Presets.
    let toPresets: [InputAction] = [.rotate(4), .select, .rotate(6), .select]

    /// An app playing Digital Rain (menu effect 3) in red at 80 % speed, brightness 40 %.
    func rainApp() -> PixelWheelApp {
        var settings = Settings()
        settings.brightness = 40
        settings.speed = 80
        settings.effectParameters = ["rain.color": "FF0000", "bounce.speed": "30"]
        var app = PixelWheelApp(width: 64, height: 32, framesPerSecond: 10, settings: settings, version: "test")
        app.play(effectNamed: "rain", at: .zero)
        return app
    }

    @Test func saveCurrentKeepsTheEffectItsParametersBrightnessAndSpeed() {
        var app = rainApp()
        run([.menu] + toPresets, on: &app)
        let rows: [String] = app.menuEntries.map { app.label(for: $0) }
        #expect(app.menuTitle == "Presets")
        #expect(rows == ["Save Current"])
        run([.select], on: &app)
        #expect(app.menuEntries.map { app.label(for: $0) } == ["Save Current", "Preset 1"])
        let expected = Preset(name: "Preset 1", on: true, brightness: 40, speed: 80, effect: 3, parameters: ["rain.color": "FF0000"])
        #expect(app.presets[1] == expected, "only the playing effect's parameters are kept")
        #expect(app.presetsRevision == 1 && app.currentPreset == 1)
    }

    @Test func loadingFromTheMenuRestoresThePresetAndPlaysIt() {
        var app = rainApp()
        run([.menu] + toPresets + [.select], on: &app)  // saved as Preset 1
        // Change everything the preset holds: Fan Sweep from the Effects menu, brightness up.
        app.handle(InputEvent(.remote(.effect(4)), at: .milliseconds(20)))
        app.handle(InputEvent(.remote(.brightness(90)), at: .milliseconds(20)))
        app.handle(InputEvent(.remote(.parameter(effect: 3, name: "color", value: "0000FF")), at: .milliseconds(20)))
        #expect(app.currentPreset == nil, "no longer what the preset holds")
        run([.menu, .rotate(1), .select], on: &app)  // the Presets list: Preset 1 → Load / Delete
        let actions: [String] = app.menuEntries.map(\.title)
        #expect(app.menuTitle == "Preset 1")
        #expect(actions == ["Load", "Delete"])
        run([.select], on: &app)
        #expect(app.screen == .playing && app.playingEffect == 3)
        #expect(app.settings.brightness == 40 && app.settings.speed == 80)
        #expect(app.settings.effectParameters["rain.color"] == "FF0000")
        #expect(app.currentPreset == 1)
    }

    @Test func deleteRemovesThePresetAndTheListFollows() {
        var app = rainApp()
        run([.menu] + toPresets + [.select, .select], on: &app)  // Preset 1 and Preset 2
        #expect(app.presets.ids == [1, 2])
        run([.rotate(2), .select, .rotate(1), .select], on: &app)  // Preset 2 → Delete
        #expect(app.presets.ids == [1] && app.menuTitle == "Presets")
        #expect(app.menuEntries.count == 2 && app.selectedIndex == 1, "the selection stays inside the shorter list")
        #expect(app.presetsRevision == 3)
    }

    @Test func theListIsBoundedAndSaveCurrentSaysSoWhenFull() {
        var app = rainApp()
        run([.menu] + toPresets, on: &app)
        run(Array(repeating: .select, count: PresetList.maximumCount + 3), on: &app)
        #expect(app.presets.count == PresetList.maximumCount)
        #expect(app.label(for: .savePreset) == "Presets Full (32)")
        #expect(app.savePreset(as: 200, name: "one too many") == false)
        let replaced = app.savePreset(as: 5, name: "replaced")
        #expect(replaced && app.presets[5]?.name == "replaced", "an id in use may be saved over")
    }

    @Test func remoteCommandsSaveLoadAndDeleteByWLEDsIDs() {
        var app = rainApp()
        app.handle(InputEvent(.remote(.savePreset(id: 17, name: "Evening\u{7}" + String(repeating: "x", count: 40))), at: .zero))
        #expect(app.presets[17]?.name == "Evening" + String(repeating: "x", count: 25), "control characters dropped, cut at 32")
        app.handle(InputEvent(.remote(.power(false)), at: .zero))
        app.handle(InputEvent(.remote(.loadPreset(17)), at: .zero))
        #expect(app.isOn && app.currentPreset == 17)
        app.handle(InputEvent(.remote(.loadPreset(99)), at: .zero))
        #expect(app.currentPreset == 17, "an unknown id does nothing")
        app.handle(InputEvent(.remote(.deletePreset(17)), at: .zero))
        #expect(app.presets.count == 0 && app.currentPreset == nil)
    }

    @Test func aPresetDeletedOverTheNetworkLeavesTheListUnderItsMenu() {
        var app = rainApp()
        run([.menu] + toPresets + [.select, .select, .rotate(2), .select], on: &app)  // Preset 2 → Load / Delete
        app.handle(InputEvent(.remote(.deletePreset(2)), at: .milliseconds(20)))
        run([.select], on: &app)  // Load: nothing left to load, back to the list
        #expect(app.menuTitle == "Presets" && app.presets.ids == [1])
        #expect(app.menuEntries.count == 2 && app.selectedIndex == 1)
    }

    @Test func theFileRoundTripsAndKeepsWLEDsShape() throws {
        var list = PresetList()
        list.store(Preset(name: "Calm \"blue\"", on: false, brightness: 25, speed: 50, effect: 2, parameters: ["starfield.cell": "8"]), as: 3)
        list.store(Preset(name: "Nothing playing"), as: 1)
        let text = list.fileText
        #expect(text.hasPrefix(#"{"0":{},"1":{"n":"Nothing playing""#))
        let (read, problems) = try PresetList.reading(fileBytes: Array(text.utf8))
        #expect(read == list && problems.isEmpty)
    }

    @Test func aBadPresetIsLeftOutAndNamedAndABadFileIsAnError() throws {
        let text = #"{"0":{},"1":{"n":"ok","on":true,"brightness":50,"speed":100},"2":{"n":"loud","on":true,"brightness":900,"speed":100},"x":{}}"#
        let (read, problems) = try PresetList.reading(fileBytes: Array(text.utf8))
        #expect(read.ids == [1])
        #expect(problems == ["preset 2: brightness is not 0...100", "'x' is not a preset id 1...250"])
        #expect(throws: PresetFileError.self) { try PresetList.reading(fileBytes: Array("[1,2]".utf8)) }
        let deep = String(repeating: "[", count: 50) + String(repeating: "]", count: 50)
        #expect(throws: PresetFileError.self) { try PresetList.reading(fileBytes: Array(deep.utf8)) }
    }
}
