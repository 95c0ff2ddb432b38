import Foundation
import Testing
import PixelTestSupport

/// The thin commands end to end, through the real `pixelwheel` binary: what each hands to the
/// runtime and the tools comes back as the same lines and exit codes a person sees.
struct CommandLineTests {
    /// The `pixelwheel` binary built beside this test bundle.
    var binary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pixelwheel").path
    }

    func pixelwheel(_ arguments: String...) throws -> ChildProcess {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build pixelwheel first")
        return try ChildProcess.run(binary, arguments)
    }

    @Test func aConfigurationWithProblemsListsEachOnItsOwnLineAndExitsWithTwo() throws {
        let dir = try TemporaryDirectory()
        try dir.put(Array("[[panel]]\ntype = \"max7219\"\nchips = 0\n\n[encoder]\na = 5\nb = 99\nswitch = 13\n".utf8), as: "bad.toml")
        for command in [["run", "--config", dir.file("bad.toml"), "--check"], ["sim", "--config", dir.file("bad.toml"), "--no-tty"]] {
            let result = try ChildProcess.run(binary, command)
            #expect(result.status == 2, "\(command): \(result.errors)")
            let lines = result.errors.split(separator: "\n")
            #expect(lines.contains { $0.contains("chips") } && lines.contains { $0.contains("99") }, "both problems, each on a line: \(result.errors)")
            #expect(!result.errors.contains("Error:"), "the problems as they are, not wrapped: \(result.errors)")
        }
    }

    @Test func runCheckDescribesAValidFile() throws {
        let result = try pixelwheel("run", "--config", RepositoryPaths.configFolder() + "/max7219-4x8x8.toml", "--check")
        #expect(result.status == 0)
        #expect(result.output.contains("max7219-4x8x8.toml: valid; main max7219:") && result.output.contains("encoder A=GPIO 5 B=GPIO 6 switch=GPIO 13"), "\(result.output)")
    }

    @Test func streamsFromBeyondLoopbackNeedAnAllowList() throws {
        // Refused before any socket is made, so nothing listens beyond loopback during the test.
        let open = try pixelwheel("sim", "--no-tty", "--seconds", "0.2", "--network", "ddp", "--network-listen", "0.0.0.0")
        #expect(open.status != 0)
        #expect(open.errors.contains("listening on 0.0.0.0 would let any machine that reaches this one take the display; "
            + "name the senders with --network-allow CIDR"), "\(open.errors)")
        #expect(open.errors.split(separator: "\n").count == 1, "one line: \(open.errors)")
    }

    @Test func webListeningBeyondLoopbackWithoutAllowStopsAtOptionChecking() throws {
        // Without --network too: the address alone says the user means to listen there.
        let open = try pixelwheel("web", "--network-listen", "0.0.0.0", "--seconds", "0.2")
        #expect(open.status != 0)
        #expect(open.errors.contains("name the senders with --network-allow CIDR"), "\(open.errors)")
        #expect(!open.errors.contains("Usage:") && open.errors.split(separator: "\n").count == 1, "one line: \(open.errors)")
    }

    @Test func runCheckReportsAnOpenListenAddressWithItsLine() throws {
        let dir = try TemporaryDirectory()
        try dir.put(Array("[app]\nfps = 30\n\n[network]\nprotocols = \"e131\"\nlisten = \"0.0.0.0\"\n".utf8), as: "open.toml")
        let result = try pixelwheel("run", "--config", dir.file("open.toml"), "--check")
        #expect(result.status == 2, "\(result.errors)")
        let expected = dir.file("open.toml") + ":6: network.listen: listening on 0.0.0.0 would let any machine"
        #expect(result.errors.contains(expected), "\(result.errors)")
    }

    @Test func secondsOutOfRangeNameTheRangeAsWritten() throws {
        let result = try pixelwheel("render", "bounce", "--seconds", "0.05", "--out", "/tmp/never.gif")
        #expect(result.status != 0)
        #expect(result.errors.contains("--seconds must be a number of seconds in 0.1...600 (got '0.05')"), "\(result.errors)")
    }

    @Test func wiringRefusesAnUnknownSignalBeforeTouchingAnyLine() throws {
        let result = try pixelwheel("wiring", "--panel", "hub75:rows=32,cols=64", "--line", "Q7")
        #expect(result.status != 0)
        #expect(result.errors.contains("Q7") && result.errors.contains("R1") && !result.errors.contains("Linux"), "\(result.errors)")
    }

    @Test func listNamesEveryEffectAndPanelType() throws {
        let result = try pixelwheel("list")
        #expect(result.status == 0)
        for name in ["bounce —", "starfield —", "rain —", "fan —", "hub75 (GPIO)", "max7219 (SPI)", "is31fl3731 (I2C)", "mounting: "] {
            #expect(result.output.contains(name), "\(name)")
        }
    }
}
