import Foundation
import Testing
import PixelCore
import PixelInputs
import PixelUI
@testable import PixelRuntime

/// The presets file beside the settings file: saved by the menu, read by the next run, and a
/// damaged one reported in one line without losing the settings or the file.
struct PresetStoreTests {
    let dir: ScratchDirectory

    init() throws { dir = try ScratchDirectory() }

    func session(_ script: String, state: String = "settings.conf") throws -> HeadlessSession {
        try HeadlessSession(size: try PanelSize(width: 64, height: 32), fps: 10, seconds: 1,
                            script: try InputScript(text: script), statePath: dir.file(state))
    }

    @Test func theFileSitsBesideTheSettingsFile() {
        #expect(PresetStore(besideSettings: "/a/b/settings.conf").path == "/a/b/presets.json")
        #expect(PresetStore(besideSettings: "/tmp/desk.conf").path == "/tmp/desk-presets.json")
        #expect(PresetStore(besideSettings: "pixelwheel-settings.conf").path == "pixelwheel-settings-presets.json")
    }

    @Test func aPresetSavedFromTheMenuIsThereInTheNextRun() throws {
        // Digital Rain from Effects → Classic, MENU three times, Settings → Presets → Save Current.
        let script = "0.1 select\n0.12 rotate +1\n0.14 select\n0.15 rotate +3\n0.2 select\n0.3 menu\n0.33 menu\n0.35 menu\n0.4 rotate +4\n0.5 select\n0.6 rotate +6\n0.7 select\n0.8 select\n"
        let first = try session(script)
        try first.run()
        #expect(first.state.presets.ids == [1])
        let saved = try String(contentsOfFile: dir.file("presets.json"), encoding: .utf8)
        #expect(saved.hasPrefix(#"{"0":{},"1":{"n":"Preset 1","on":true,"brightness":60,"speed":100,"effect":"Digital Rain"}"#))
        let second = try session("")
        #expect(second.state.presets == first.state.presets && second.warnings.isEmpty)
    }

    @Test func aDamagedFileIsOneWarningKeepsACopyAndTouchesNoSetting() throws {
        try Data("theme = light\n".utf8).write(to: URL(fileURLWithPath: dir.file("settings.conf")))
        let damaged = Data(#"{"0":{},"1":{"n":"#.utf8)
        try damaged.write(to: URL(fileURLWithPath: dir.file("presets.json")))
        let run = try session("")
        #expect(run.state.settings.theme == .light && run.state.presets.count == 0)
        #expect(run.warnings.count == 1)
        let warning = run.warnings.first ?? ""
        #expect(warning.hasPrefix("presets file \(dir.file("presets.json")) is not a presets file ("))
        #expect(warning.hasSuffix("a copy is in \(dir.file("presets.json.bad")); fix or delete the file"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.file("presets.json.bad"))) == damaged)
    }
}
