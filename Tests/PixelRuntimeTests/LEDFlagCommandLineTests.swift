import Foundation
import Testing
import PixelConfig
import PixelTestSupport

/// hzeller's `--led-*` flags through the real binary: `config from-flags`, `sim` and `run`.
struct LEDFlagCommandLineTests {
    var binary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pixelwheel").path
    }

    func pixelwheel(_ arguments: String...) throws -> ChildProcess {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build pixelwheel first")
        return try ChildProcess.run(binary, arguments)
    }

    @Test func fromFlagsPrintsATableThatRunReadsBack() throws {
        let result = try pixelwheel("config", "from-flags", "--led-rows=64 --led-cols=64 --led-panel-type=FM6126A --led-pixel-mapper='Rotate:90'")
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == "[[panel]]\ntype = \"hub75\"\nrows = 64\ncols = 64\ndriver = \"fm6126a\"\nrotate = 90\nmirror = \"none\"\n")
        let dir = try TemporaryDirectory()
        try dir.put(Array(result.output.utf8), as: "panel.toml")
        let check = try pixelwheel("run", "--config", dir.file("panel.toml"), "--check")
        #expect(check.status == 0 && check.output.contains("main hub75:cols=64,driver=fm6126a,mirror=none,rotate=90,rows=64"), "\(check.output)\(check.errors)")
    }

    @Test func fromFlagsTakesSeparateWordsToo() throws {
        let result = try pixelwheel("config", "from-flags", "--led-rows", "16", "--led-inverse")
        #expect(result.status == 0 && result.output == "[[panel]]\ntype = \"hub75\"\nrows = 16\ninverse = true\n", "\(result.errors)")
    }

    @Test func aFlagWithoutAnEquivalentIsRefusedInOneLine() throws {
        for arguments in [["config", "from-flags", "--led-daemon"], ["sim", "--no-tty", "--led-daemon"],
                          ["run", "--config", RepositoryPaths.configFolder() + "/hub75-64x32.toml", "--check", "--led-daemon"]] {
            let result = try ChildProcess.run(binary, arguments)
            #expect(result.status != 0, "\(arguments)")
            let lines = result.errors.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].contains("--led-daemon: PixelWheel does not fork"), "\(arguments): \(result.errors)")
        }
    }

    @Test func simBuildsAHUB75PanelFromTheFlags() throws {
        let result = try pixelwheel("sim", "--no-tty", "--seconds", "0.1", "--led-rows", "16", "--led-cols=32", "--led-panel-type=FM6127")
        #expect(result.status == 0 && result.output.contains("rendered"), "\(result.errors)")
    }

    @Test func simRefusesShowRefresh() throws {
        let result = try pixelwheel("sim", "--no-tty", "--seconds", "0.1", "--led-show-refresh")
        #expect(result.status != 0 && result.errors.contains("--led-show-refresh: the simulator has no refresh rate to measure"), "\(result.errors)")
    }

    @Test func runsFlagsWinOverTheFilesPanel() throws {
        let result = try pixelwheel("run", "--config", RepositoryPaths.configFolder() + "/hub75-64x32.toml", "--check",
                                    "--led-rows", "16", "--led-brightness=50")
        #expect(result.status == 0 && result.output.contains("hub75:brightness=50,cols=64,rows=16"), "\(result.output)\(result.errors)")
    }

    @Test func gatherRewritesOnlySimAndRunsLEDFlags() {
        func gather(_ arguments: [String]) -> [String] { HzellerFlag.gather(arguments, option: "--hzeller-flag", commands: ["sim", "run"]) }
        #expect(gather(["sim", "--led-rows", "64", "--fps", "30", "--led-inverse", "--led-cols=32"])
            == ["sim", "--hzeller-flag", "--led-rows=64", "--fps", "30", "--hzeller-flag", "--led-inverse", "--hzeller-flag", "--led-cols=32"])
        #expect(gather(["show", "--led-rows", "64"]) == ["show", "--led-rows", "64"])
        #expect(gather(["run", "--", "--led-rows"]) == ["run", "--", "--led-rows"])
        #expect(gather(["run", "--led-rows"]) == ["run", "--hzeller-flag", "--led-rows"])
    }
}
