import Foundation
import Testing
import PixelTestSupport
import PixelConfig
import PixelCore
import PixelSystem
import PixelUI
@testable import PixelRuntime

struct RunSessionTests {
    static func configFolder(filePath: String = #filePath) -> String { RepositoryPaths.configFolder(filePath: filePath) }

    static var examples: [String] { RepositoryPaths.exampleConfigurations() }

    @Test(arguments: examples) func everyExampleRunsSimulatedForTwoSeconds(name: String) throws {
        let state = Environment.temporaryDirectory + "/pixelwheel-run-\(Environment.processID)-\(name).conf"
        defer { SystemCalls.unlink(state) }
        var options = RunSession.Options(configuration: try ConfigurationLoader.load(Self.configFolder() + "/" + name))
        options.simulate = true
        options.seconds = 2
        options.statePath = state
        // 10 fps keeps the HUB75 models' two refreshes a frame affordable in a debug build
        // (128x64 at the file's 60 fps takes over a minute there); the frames are the same code.
        options.fps = 10
        let session = try RunSession(options: options, clock: MonotonicClock(), stop: StopRequestSource { false })
        #expect(try session.run() == 21)
        #expect(session.status.missedFrames == 0)
    }

    @Test func theStatusPanelShowsWhatPlays() throws {
        let status = StatusSource(width: 16, height: 8) {
            var app = PixelWheelApp(width: 16, height: 8, framesPerSecond: 30, version: "test")
            app.play(effectNamed: "rain", at: .zero)
            return app
        }
        #expect(status.text == "> DIGITAL RAIN")
        #expect(status.render(at: .zero).pixels.contains { $0 != .black })
    }

    @Test func onAMachineWithoutGPIOTheHUB75ConfigFailsNamingTheMissingChip() throws {
        let recorder = SystemCallRecorder()
        recorder.fail(errno: ENOENT) { if case let .stat(path) = $0 { path.hasPrefix("/dev/gpiochip") } else { false } }
        let options = RunSession.Options(configuration: try ConfigurationLoader.load(Self.configFolder() + "/hub75-64x32.toml"))
        #expect {
            try SystemCallRecorder.$current.withValue(recorder) { _ = try RunSession(options: options, clock: MonotonicClock(), stop: StopRequestSource { false }) }
        } throws: { error in
            let text = String(describing: error)
            return text.contains("gpiochip") && text.contains("pinctrl-bcm2711") && text.contains("--simulate") && !text.contains("\n")
        }
    }
}
