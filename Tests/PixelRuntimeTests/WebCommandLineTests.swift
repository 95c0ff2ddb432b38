import Foundation
import Testing
import PixelTestSupport

/// The web flags and `[web]` end to end, through the real binary: refusals before anything
/// listens, `run --check` on the page's set-up, and `pixelwheel passwd` from a pipe.
struct WebCommandLineTests {
    var binary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pixelwheel").path
    }

    func pixelwheel(_ arguments: [String]) throws -> ChildProcess {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build pixelwheel first")
        return try ChildProcess.run(binary, arguments)
    }

    /// A binary copied where neither an installed page nor a source tree is: every command that
    /// serves the page stops with one line naming `--page DIR`, and each of them takes it.
    @Test func everyCommandThatServesThePageTakesPageAndItsAdviceNamesIt() throws {
        let dir = try TemporaryDirectory()
        let copy = dir.file("pixelwheel")
        try FileManager.default.copyItem(atPath: binary, toPath: copy)
        try dir.put(Array("brightness = 100\n".utf8), as: "state.conf")
        let config = RepositoryPaths.configFolder() + "/simulator.toml"
        let commands: [[String]] = [["web", "--state", dir.file("state.conf")],
                                    ["sim", "--no-tty", "--real-time", "--state", dir.file("state.conf")],
                                    ["run", "--config", config, "--simulate", "--no-tty", "--real-time"]]
        for command in commands {
            let arguments = command + ["--listen", "127.0.0.1:0", "--seconds", "0.3"]
            let lost = try ChildProcess.run(copy, arguments)
            #expect(lost.status != 0 && lost.errors.contains("name the folder that holds it (--page DIR)"), "\(command[0]): \(lost.errors)")
            #expect(lost.errors.split(separator: "\n").count == 1, "one line: \(lost.errors)")
            let found = try ChildProcess.run(copy, arguments + ["--page", RepositoryPaths.root() + "/web"])
            #expect(found.status == 0, "\(command[0]) --page: \(found.errors)")
        }
    }

    /// A port another program holds: the runtime's error, worded by the command line with the
    /// option that moves it.
    @Test func aStreamPortInUseNamesTheOptionThatMovesIt() throws {
        let dir = try TemporaryDirectory()
        // `web` on port 0 takes a free TCP port; OPC's port is TCP too, so ask it to take that one.
        let holder = try ChildProcess.run("/usr/bin/python3", ["-c", """
            import socket, subprocess, sys
            held = socket.socket(); held.bind(("127.0.0.1", 0)); held.listen(1)
            port = held.getsockname()[1]
            run = subprocess.run([sys.argv[1], "sim", "--no-tty", "--seconds", "0.2", "--state", sys.argv[2],
                                  "--network", "opc", "--network-port", "opc=%d" % port], capture_output=True, text=True)
            sys.stdout.write(str(port) + "\\n" + run.stderr)
            sys.exit(run.returncode)
            """, binary, dir.file("state.conf")])
        let lines = holder.output.split(separator: "\n", omittingEmptySubsequences: false)
        let port = try #require(lines.first.map(String.init))
        #expect(holder.status != 0, "\(holder.output)")
        #expect(holder.output.contains("OPC port 127.0.0.1:\(port) is already bound by another program; pick another with --network-port opc=PORT"),
                "\(holder.output)")
    }

    @Test func listeningBeyondLoopbackWithoutAGuardIsRefusedOnEveryCommand() throws {
        // Refused before any socket is made, so nothing listens beyond loopback during the test.
        let commands: [[String]] = [["web"], ["sim", "--no-tty", "--real-time"], ["run", "--config", RepositoryPaths.configFolder() + "/simulator.toml", "--simulate", "--no-tty", "--real-time"]]
        for command in commands {
            let result = try pixelwheel(command + ["--listen", "0.0.0.0:8080", "--seconds", "0.2"])
            #expect(result.status != 0, "\(command)")
            let lines = result.errors.split(separator: "\n")
            #expect(lines.count == 1, "\(command): \(result.errors)")
            #expect(result.errors.contains("listening on 0.0.0.0:8080 without a password would let anyone"), "\(command): \(result.errors)")
            #expect(result.errors.contains("pixelwheel passwd"), "\(command): \(result.errors)")
        }
    }

    @Test func thePageNeedsRealTime() throws {
        let result = try pixelwheel(["sim", "--no-tty", "--listen", "127.0.0.1:0"])
        #expect(result.status != 0)
        #expect(result.errors.contains("the page needs real time: add --real-time"), "\(result.errors)")
    }

    @Test func runCheckReportsTheTableAndAMissingPasswordFile() throws {
        let dir = try TemporaryDirectory()
        let simulator = try String(contentsOfFile: RepositoryPaths.configFolder() + "/simulator.toml", encoding: .utf8)
        try dir.put(Array((simulator + "\n[web]\nlisten = \"0.0.0.0:8090\"\npassword_file = \"missing\"\n").utf8), as: "web.toml")
        let missing = try pixelwheel(["run", "--config", dir.file("web.toml"), "--check"])
        #expect(missing.status != 0)
        #expect(missing.errors.contains("set a password with 'pixelwheel passwd --file \(dir.file("missing"))'"), "\(missing.errors)")
        let passwd = try ChildProcess.run("/bin/sh", ["-c", "printf 'phone pass\\n' | '\(binary)' passwd --file '\(dir.file("missing"))'"])
        #expect(passwd.status == 0, "\(passwd.errors)")
        let valid = try pixelwheel(["run", "--config", dir.file("web.toml"), "--check"])
        #expect(valid.status == 0, "\(valid.errors)")
        #expect(valid.output.contains("; page on 0.0.0.0:8090 with a password"), "\(valid.output)")
        let hash = try String(contentsOfFile: dir.file("missing"), encoding: .utf8)
        #expect(hash.hasPrefix("$y$") && !hash.contains("phone"))
    }

    @Test func passwdRefusesAnEmptyPassword() throws {
        let dir = try TemporaryDirectory()
        let result = try ChildProcess.run("/bin/sh", ["-c", "printf '\\n' | '\(binary)' passwd --file '\(dir.file("pw"))'"])
        #expect(result.status != 0)
        #expect(result.errors.contains("the password is empty"), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("pw")))
    }
}
