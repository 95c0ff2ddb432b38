import Foundation
import Testing
import PixelTestSupport

/// The `pixelwheel` binary's argument handling, run as a user would.
struct CommandLineTests {
    var binary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pixelwheel").path
    }

    @Test func negativeNumbersReachTheRangeCheckInsteadOfLookingLikeOptions() throws {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build pixelwheel first")
        let at = try ChildProcess.run(binary, ["render", "bounce", "--at", "-1", "--out", "/tmp/never-written.png"])
        #expect(at.status != 0 && at.errors.contains("--at must be a number of seconds in 0...32767 (got '-1')"))
        let fps = try ChildProcess.run(binary, ["sim", "--no-tty", "--fps", "-5"])
        #expect(fps.status != 0 && fps.errors.contains("--fps must be 1...240 (got -5)"))
    }

    @Test func scrollingTextMayStartWithADash() throws {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build pixelwheel first")
        let run = try ChildProcess.run(binary, ["sim", "--no-tty", "--seconds", "0.1", "--text", "-hello-", "--state", "/dev/null/none"])
        #expect(run.status == 0, "\(run.errors)")
    }
}
