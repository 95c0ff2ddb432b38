import Foundation
import Testing
import PixelTestSupport
import PixelUI
import PixelPanels
import PixelSimulator
import PixelSystem
import PixelInputs
import PixelImages

/// Runs the real `pixelwheel sim` in a pseudo-terminal (util-linux `script`), types keys into
/// it and reads what it drew: the interactive path end to end, as a person would use it.
struct InteractiveSimulatorTests {
    /// The `pixelwheel` binary built beside this test bundle.
    var binary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pixelwheel").path
    }

    /// Starts `command` under `script` in a pseudo-terminal with 24-bit colour; returns the
    /// process and the pipes to its input and from its output.
    func startInTerminal(_ command: String) throws -> (process: Process, input: Pipe, output: Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        var environment = ProcessInfo.processInfo.environment
        environment["COLORTERM"] = "truecolor"
        environment["TERM"] = "xterm-256color"
        process.environment = environment
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        return (process, input, output)
    }

    /// Waits for `process` to end; its exit status and everything it wrote.
    func finished(_ process: Process, output: Pipe) -> (status: Int32, output: String) {
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Runs `sim` with `arguments` and types `keys`, each after its delay; the first delay
    /// counts from the moment the simulator has taken the terminal (its alternate screen is
    /// drawn), so a slow start on a loaded machine loses no key to the terminal's echo.
    func run(keys: [(delay: Double, bytes: String)], arguments: String) throws -> (status: Int32, output: String) {
        let state = NSTemporaryDirectory() + "pw-interactive-\(UUID().uuidString).conf"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let (process, input, output) = try startInTerminal("\(binary) sim \(arguments) --state \(state)")
        let collected = CollectedOutput()
        output.fileHandleForReading.readabilityHandler = { handle in collected.append(handle.availableData) }
        let deadline = Date().addingTimeInterval(20)
        while !collected.text.contains("\u{1B}[?1049h") && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        for key in keys {
            Thread.sleep(forTimeInterval: key.delay)
            input.fileHandleForWriting.write(Data(key.bytes.utf8))
        }
        process.waitUntilExit()
        while !collected.ended && Date() < deadline.addingTimeInterval(10) { Thread.sleep(forTimeInterval: 0.05) }
        output.fileHandleForReading.readabilityHandler = nil
        return (process.terminationStatus, collected.text)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func simulatorDrawsTakesKeysAndRestoresTheTerminalOnQuit() throws {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build pixelwheel first")
        // Turn the wheel twice, then quit.
        let result = try run(keys: [(1.0, "\u{1B}[C"), (0.3, "\u{1B}[C"), (0.3, "q")], arguments: "--size 32x16 --fps 20")
        #expect(result.status == 0)
        #expect(result.output.contains("\u{1B}[?1049h"))            // alternate screen entered
        #expect(result.output.contains("▀"))                        // the panel was drawn
        #expect(result.output.contains("38;2;"))                    // in 24-bit colour
        #expect(result.output.contains("clicks 2"))                  // both turns arrived
        #expect(result.output.hasSuffix("\u{1B}[?25h\u{1B}[?1049l")) // cursor shown, screen restored, last
    }

    /// The process id of the running `pixelwheel sim` whose arguments include `state`, read from
    /// /proc as `pgrep -f` would (procps is not always installed); waits up to `seconds` for it.
    func simProcessID(state: String, seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
                guard let pid = Int32(entry), let file = FileHandle(forReadingAtPath: "/proc/\(entry)/cmdline") else { continue }
                let arguments = file.readDataToEndOfFile().split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                try? file.close()
                if arguments.first == binary, arguments.dropFirst().first == "sim", arguments.contains(state) { return pid }
            }
            Thread.sleep(forTimeInterval: 0.1)
        } while Date() < deadline
        return nil
    }

    /// Runs `sim` in a pseudo-terminal of 100x40 characters; `act` gets its process id and
    /// pseudo-terminal path while it runs, then q is typed. Returns the exit status and output.
    /// Neither `script` nor the simulator outlives the call: they are killed if `act` throws, or
    /// if they have not ended 30 s after the simulator was looked for.
    func runInSizedTerminal(_ act: (_ pid: Int32, _ tty: String) throws -> Void) throws -> (status: Int32, output: String) {
        let state = NSTemporaryDirectory() + "pw-sized-\(UUID().uuidString).conf"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let (process, input, output) = try startInTerminal("stty cols 100 rows 40; exec \(binary) sim --size 32x16 --fps 20 --state \(state)")
        let scriptID = process.processIdentifier
        Thread.sleep(forTimeInterval: 1.5)
        let pid = simProcessID(state: state, seconds: 5) ?? 0
        let stopBoth = DispatchWorkItem {
            if pid > 0 { kill(pid, SIGKILL) }
            kill(scriptID, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: stopBoth)
        defer {
            stopBoth.cancel()
            if process.isRunning {
                stopBoth.perform()
                process.waitUntilExit()
            }
        }
        let tty = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/1")) ?? ""
        if pid > 0 { try act(pid, tty) }
        input.fileHandleForWriting.write(Data("q".utf8))
        let result = finished(process, output: output)
        try #require(pid > 0, "pixelwheel sim was not found running")
        return result
    }

    /// The number of times `needle` occurs in `text`.
    func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func ctrlZRestoresTheTerminalAndFgSetsItUpAndRedraws() throws {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build pixelwheel first")
        // (The test runner starts it with most signals blocked, as some supervisors do:
        // the watched ones must be unblocked by the program itself.)
        let result = try runInSizedTerminal { pid, _ in
            kill(pid, SIGTSTP)
            Thread.sleep(forTimeInterval: 0.5)
            kill(pid, SIGCONT)
            Thread.sleep(forTimeInterval: 0.8)
        }
        #expect(result.status == 0)
        let enter = "\u{1B}[?1049h", leave = "\u{1B}[?25h\u{1B}[?1049l"
        // Entered, left for the shell on Ctrl-Z, entered again on fg, left on q.
        #expect(count(enter, in: result.output) == 2 && count(leave, in: result.output) == 2)
        let resumed = try #require(result.output.range(of: enter, options: .backwards))
        let afterResume = result.output[resumed.upperBound...]
        #expect(afterResume.contains("\u{1B}[2J") && afterResume.contains("▀"), "the whole panel is drawn again after fg")
        #expect(result.output.hasSuffix(leave))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script") && FileManager.default.isExecutableFile(atPath: "/bin/stty")))
    func aResizedWindowIsRedrawnOrToldItIsTooSmall() throws {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build pixelwheel first")
        func resize(_ tty: String, columns: Int, rows: Int) throws {
            let stty = Process()
            stty.executableURL = URL(fileURLWithPath: "/bin/stty")
            stty.arguments = ["-F", tty, "cols", "\(columns)", "rows", "\(rows)"]
            try stty.run()
            stty.waitUntilExit()
        }
        let result = try runInSizedTerminal { _, tty in
            try resize(tty, columns: 20, rows: 6)
            Thread.sleep(forTimeInterval: 0.6)
            try resize(tty, columns: 90, rows: 30)
            Thread.sleep(forTimeInterval: 0.6)
        }
        #expect(result.status == 0)
        let tooSmall = try #require(result.output.range(of: "the terminal is 20x6 characters but a 32x16 panel needs at least 32x11; enlarge the window"))
        let afterEnlarging = result.output[tooSmall.upperBound...]
        #expect(afterEnlarging.contains("\u{1B}[2J") && afterEnlarging.contains("▀"), "redrawn whole once large enough")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func withoutTrueColourTheSimulatorUsesThe256ColourPalette() throws {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build pixelwheel first")
        let result = try ChildProcess.run("/usr/bin/script", ["-qec", "\(binary) sim --size 16x8 --seconds 0.5 --state /dev/null/none", "/dev/null"],
                                          environment: ["COLORTERM": ""])
        let text = result.output
        #expect(result.status == 0)
        #expect(text.contains("48;5;") && !text.contains("48;2;"))
    }
}

/// What a process wrote, gathered from a pipe's readability handler on another thread.
private final class CollectedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var sawEnd = false
    /// Adds a chunk; an empty one is the end of the output.
    func append(_ chunk: Data) {
        lock.lock(); defer { lock.unlock() }
        if chunk.isEmpty { sawEnd = true } else { data.append(chunk) }
    }
    /// Everything so far, as text.
    var text: String {
        lock.lock(); defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
    /// Whether the pipe has ended.
    var ended: Bool {
        lock.lock(); defer { lock.unlock() }
        return sawEnd
    }
}
