import Foundation
import Testing
import PixelTestSupport

/// Where `pixelwheel sim` keeps its settings, by its environment: run as a separate process,
/// since HOME is per process.
struct SettingsPlaceTests {
    var binary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pixelwheel").path
    }

    /// Runs `sim` headless with a script that changes the theme (so the settings are saved),
    /// with `environment` over the test's; returns what it wrote to stderr.
    func changeTheme(environment: [String: String], in directory: String) throws -> String {
        let script = directory + "/theme.script"
        try "0.1 rotate +4\n0.2 select\n0.3 rotate +2\n0.4 select\n".write(toFile: script, atomically: true, encoding: .utf8)
        let result = try ChildProcess.run(binary, ["sim", "--no-tty", "--seconds", "0.6", "--script", script], environment: environment)
        #expect(result.status == 0)
        return result.errors
    }

    @Test func aHomeThatDoesNotExistIsNeverCreatedAndTheWarningSaysWhatToDo() throws {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build pixelwheel first")
        let scratch = try ScratchDirectory()
        let home = scratch.file("no-such-home")
        let errors = try changeTheme(environment: ["HOME": home, "XDG_STATE_HOME": ""], in: scratch.path)
        #expect(!FileManager.default.fileExists(atPath: home))
        #expect(errors.contains("cannot save settings to \(home)/.local/state/pixelwheel/settings.conf") && errors.contains("use --state FILE"))
    }

    @Test func underAnExistingHomeTheStateFolderIsCreated() throws {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build pixelwheel first")
        let scratch = try ScratchDirectory()
        let errors = try changeTheme(environment: ["HOME": scratch.path, "XDG_STATE_HOME": ""], in: scratch.path)
        #expect(errors.isEmpty)
        let saved = try String(contentsOfFile: scratch.file(".local/state/pixelwheel/settings.conf"), encoding: .utf8)
        #expect(saved.contains("theme = light"))
    }
}
