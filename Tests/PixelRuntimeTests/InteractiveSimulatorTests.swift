import Foundation
import Testing
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

    func run(keys: [(delay: Double, bytes: String)], arguments: String) throws -> (status: Int32, output: String) {
        let state = NSTemporaryDirectory() + "pw-interactive-\(UUID().uuidString).conf"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "\(binary) sim \(arguments) --state \(state)", "/dev/null"]
        var environment = ProcessInfo.processInfo.environment
        environment["COLORTERM"] = "truecolor"
        environment["TERM"] = "xterm-256color"
        process.environment = environment
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        for key in keys {
            Thread.sleep(forTimeInterval: key.delay)
            input.fileHandleForWriting.write(Data(key.bytes.utf8))
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
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

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func withoutTrueColourTheSimulatorUsesThe256ColourPalette() throws {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build pixelwheel first")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "\(binary) sim --size 16x8 --seconds 0.5 --state /dev/null/none", "/dev/null"]
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "COLORTERM")
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = Pipe()
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.contains("48;5;") && !text.contains("48;2;"))
    }
}
