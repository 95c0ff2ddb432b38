import ArgumentParser
import Foundation
import PixelBus
#if os(Linux)
import PixelLinux
#endif
import PixelRuntime
@testable import pixelwheel
import Testing

/// The checks the command line makes where it reads an option, each naming the option.
struct OptionCheckTests {
    @Test func eachSecondsOptionChecksItsRange() throws {
        let given = try #require(Seconds(text: "2.5"))
        try given.check("--at", in: "0"..."10")
        #expect(throws: OptionError.outOfRange(option: "--at", allowed: "a number of seconds in 0...10", got: "'-1'")) {
            try #require(Seconds(text: "-1")).check("--at", in: "0"..."10")
        }
        let none: Seconds? = nil
        try none.check("--seconds", in: "1"..."2")
    }

    /// What the command line refuses for `arguments` of `command`, as it would print it.
    static func refusal<Command: ParsableCommand>(_ command: Command.Type, _ arguments: [String]) -> String? {
        do {
            _ = try command.parse(arguments)
            return nil
        } catch {
            return command.message(for: error)
        }
    }

    @Test func renderAndBenchNameTheirFlagsForTheRunsRanges() {
        #expect(Self.refusal(RenderCommand.self, ["bounce", "--out", "a.gif", "--fps", "0"]) == "--fps must be 1...100 (got 0)")
        #expect(Self.refusal(RenderCommand.self, ["bounce", "--out", "a.gif", "--supersample", "3"]) == "--supersample must be 1, 2, 4 or 8 (got 3)")
        #expect(Self.refusal(BenchCommand.self, ["--frames", "0"]) == "--frames must be 1...100000 (got 0)")
        #expect(Self.refusal(RenderCommand.self, ["bounce", "--out", "a.gif"]) == nil)
    }

    /// `--panel` is a typed value: a description the panels' parser refuses never reaches a
    /// command, and the message names the option and the panel's problem.
    @Test func aBadPanelIsRefusedWhereItIsRead() {
        do {
            _ = try RenderCommand.parseAsRoot(["bounce", "--out", "a.gif", "--panel", "max7219:chips=99"])
            Issue.record("accepted")
        } catch {
            let message = RenderCommand.message(for: error)
            #expect(message.contains("--panel") && message.contains("option 'chips' must be 1...16"), "\(message)")
        }
    }
}

/// The command line's words stay in the command line: no module below it names `OptionError`,
/// whose messages name flags (the runtime and the tools throw their own errors, in the run's
/// words, and name settings through `UserSetting`).
struct CommandLineWordsTests {
    @Test func noModuleBelowTheCommandLineThrowsOptionError() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.allObjects as? [URL])
        let offenders = try files.filter { $0.pathExtension == "swift" && !$0.path.contains("/Sources/pixelwheel/") }
            .filter { try String(contentsOf: $0, encoding: .utf8).contains("OptionError") }
        #expect(offenders.isEmpty, "\(offenders.map(\.lastPathComponent))")
        #expect(files.count > 100, "the sources were found")
    }
}

#if os(Linux)
/// Advice for a machine without GPIO, worded by the command that meets it.
struct DesktopAdviceTests {
    @Test func runNamesItsSimulatorAndWiringItsTable() {
        let missing = BusError.deviceMissing(device: "gpiochip", hint: "no /dev/gpiochip* exists; " + GPIOChip.desktopAdvice)
        #expect("\(runAdvice(missing))" == "gpiochip does not exist; no /dev/gpiochip* exists; on a desktop run with --simulate")
        #expect("\(wiringAdvice(missing))".contains("wiring --line holds real GPIO lines"))
        #expect(!GPIOChip.desktopAdvice.contains("--"), "the driver's own words name no flag")
    }
}
#endif
