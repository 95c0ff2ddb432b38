import Foundation
import Testing
import PixelTestSupport

/// One set-up, two ways in: a configuration file tried on the desktop with `sim --config`
/// shows exactly what `run --config … --simulate` shows, frame for frame.
struct SetupFormatsTests {
    var binary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pixelwheel").path
    }

    @Test(arguments: RepositoryPaths.exampleConfigurations())
    func simWithAConfigurationShowsTheSameFramesAsRunSimulated(name: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build pixelwheel first")
        let file = RepositoryPaths.configFolder() + "/" + name
        let dir = try TemporaryDirectory()
        for folder in ["sim", "run"] { try FileManager.default.createDirectory(atPath: dir.file(folder), withIntermediateDirectories: false) }
        // 10 fps for a second keeps the HUB75 models affordable in a debug build.
        let common = ["--config", file, "--no-tty", "--seconds", "1", "--fps", "10"]
        let sim = try ChildProcess.run(binary, ["sim"] + common + ["--state", dir.file("sim.conf"), "--frames-out", dir.file("sim")])
        let run = try ChildProcess.run(binary, ["run", "--simulate"] + common + ["--state", dir.file("run.conf"), "--frames-out", dir.file("run")])
        #expect(sim.status == 0, "\(name): \(sim.errors)")
        #expect(run.status == 0, "\(name): \(run.errors)")
        let simFrames = try FileManager.default.contentsOfDirectory(atPath: dir.file("sim")).sorted()
        let runFrames = try FileManager.default.contentsOfDirectory(atPath: dir.file("run")).sorted()
        #expect(simFrames.count == 11 && simFrames == runFrames, "\(name): \(simFrames.count) and \(runFrames.count) frames")
        for frame in simFrames {
            let a = try Data(contentsOf: URL(fileURLWithPath: dir.file("sim/" + frame)))
            let b = try Data(contentsOf: URL(fileURLWithPath: dir.file("run/" + frame)))
            #expect(a == b, "\(name): \(frame) differs")
        }
    }

    @Test func configAndPanelFlagsTogetherAreRefusedInOneLine() throws {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build pixelwheel first")
        let both = try ChildProcess.run(binary, ["sim", "--no-tty", "--config", RepositoryPaths.configFolder() + "/max7219-4x8x8.toml",
                                                 "--panel", "ht16k33"])
        #expect(both.status != 0)
        #expect(both.errors.contains("--config describes the panels") && both.errors.split(separator: "\n").count == 1, "\(both.errors)")
    }
}
