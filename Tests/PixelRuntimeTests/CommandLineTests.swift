import Foundation
import Testing
import PixelTestSupport
import PixelImages

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

    @Test func simParamsNameTheEffectAndAreCheckedLikeTheMenus() throws {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build pixelwheel first")
        let base = ["sim", "--no-tty", "--seconds", "0.1", "--state", "/dev/null/none"]
        let good = try ChildProcess.run(binary, base + ["--param", "bounce.speed=40", "--param", "fan.easing=ease-in-out"])
        #expect(good.status == 0, "\(good.errors)")
        let range = try ChildProcess.run(binary, base + ["--param", "bounce.speed=600"])
        #expect(range.status != 0 && range.errors.contains("--param bounce.speed=600: must be 1...500 LEDs/s"))
        let unnamed = try ChildProcess.run(binary, base + ["--param", "speed=40"])
        #expect(unnamed.status != 0 && unnamed.errors.contains("as effect.parameter"))
        let unknown = try ChildProcess.run(binary, base + ["--param", "rain.colour=FF0000"])
        #expect(unknown.status != 0 && unknown.errors.contains("rain has no parameter 'colour'; it has speed, swap, chance, color"))
    }

    @Test func anAnimatedGIFIsShownFrameByFrameWithItsDelays() throws {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build pixelwheel first")
        let dir = try TemporaryDirectory()
        let source = dir.file("bounce.gif"), shown = dir.file("shown.gif"), still = dir.file("still.png")
        let render = try ChildProcess.run(binary, ["render", "bounce", "--size", "32x16", "--seconds", "1", "--fps", "10", "--raw", "--out", source])
        #expect(render.status == 0, "\(render.errors)")
        let animated = try ChildProcess.run(binary, ["show", source, "--panel", "max7219:chips=4", "--raw", "--out", shown])
        #expect(animated.status == 0 && animated.output.contains("(10 frames)"), "\(animated.errors)")
        let gif = try GIFFile.read(path: shown)
        let sourceDelays = try GIFFile.read(path: source).delaysCentiseconds
        #expect(gif.frames.count == 10 && gif.delaysCentiseconds == sourceDelays)
        #expect(gif.width == 32 && gif.height == 8, "the MAX7219 blocks' picture")
        let first = try ChildProcess.run(binary, ["show", source, "--panel", "max7219:chips=4", "--out", still])
        #expect(first.status == 0 && first.output.contains("the first of 10 frames"))
    }

    /// A gradient in one colour, dark to bright, left to right, 8×8, through `show` onto the
    /// bicolour HT16K33 with the default dither: the red picture comes out as red dots and
    /// the green one as green dots, never yellow.
    @Test func theBicolourMatrixDithersRedAndGreenEachOnItsOwnDie() throws {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build pixelwheel first")
        let dir = try TemporaryDirectory()
        for (name, bytes) in [("red", { (v: UInt8) in [v, 0, 0] }), ("green", { (v: UInt8) in [0, v, 0] })] {
            let gradient = RGBImage8(width: 8, height: 8, bytes: (0..<64).flatMap { i in bytes(UInt8(64 + (i % 8) * 27)) })
            try PNGFile.write(gradient, to: dir.file("\(name).png"))
            let run = try ChildProcess.run(binary, ["show", dir.file("\(name).png"), "--panel", "ht16k33:layout=bicolor-8x8",
                                                    "--raw", "--out", dir.file("\(name)-shown.png")])
            #expect(run.status == 0, "\(run.errors)")
            let shown = try PNGFile.read(path: dir.file("\(name)-shown.png"))
            let lit = (0..<64).map { i in Array(shown.bytes[3 * i ..< 3 * i + 3]) }.filter { $0 != [0, 0, 0] }
            #expect(lit.count >= 16 && lit.count < 64, "\(name): a share of the LEDs, \(lit.count)")
            #expect(lit.allSatisfy { name == "red" ? $0[1] == 0 && $0[0] > 0 : $0[0] == 0 && $0[1] > 0 }, "\(name): \(Set(lit))")
        }
    }
}
