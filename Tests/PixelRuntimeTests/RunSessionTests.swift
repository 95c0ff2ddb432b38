import Foundation
import Testing
import PixelBus
import PixelConfig
import PixelCore
import PixelEffects
import PixelImages
@testable import PixelRuntime
import PixelSimulator
import PixelSystem
import PixelTestSupport
import PixelUI

#if os(Linux)
import PixelLinux
#endif

struct RunSessionTests {
    static func configFolder(filePath: String = #filePath) -> String { RepositoryPaths.configFolder(filePath: filePath) }

    static var examples: [String] { RepositoryPaths.exampleConfigurations() }

    @Test(arguments: examples) func everyExampleRunsSimulatedForTwoSeconds(name: String) throws {
        let state = Environment.temporaryDirectory + "/pixelwheel-run-\(Environment.processID)-\(name).conf"
        defer { SystemCalls.unlink(state) }
        var configuration = try ConfigurationLoader.load(Self.configFolder() + "/" + name)
        configuration.statePath = state
        // 10 fps keeps the HUB75 models' two refreshes a frame affordable in a debug build
        // (128x64 at the file's 60 fps takes over a minute there); the frames are the same code.
        configuration.fps = 10
        let frames = try TemporaryDirectory()
        var options = Session.Options()
        options.framesOut = frames.path
        // As `run --simulate --no-tty --seconds 2` builds it.
        let session = try Session(setup: configuration, buses: .simulated(network: SimulatedNetwork()), clock: nil, options: options)
        #expect(try session.run(length: .seconds(2)) == 21)
        #expect(session.status?.missedFrames == 0)

        // What the main panel showed last (frame 20, at 2 s), as written to --frames-out.
        let last = try PNGFile.read(path: frames.file("frame-000020.png"))
        let app = try #require(session.state)
        #expect(last.width == app.width && last.height == app.height)
        #expect(last.bytes.contains { $0 != 0 }, "\(name): the main panel is not dark")
        let shown = try #require(frames.contents().sorted().last)
        #expect(shown == "frame-000020.png")

        // Each panel shows what the app draws at 2 s, sent through a fresh driver and model of
        // the same panel at the same brightness; with no panel, the frame dimmed by it.
        let end = FrameTime.seconds(2)
        let panels = session.simulatedPanels
        #expect(panels.count == configuration.panels.count)
        for (index, panel) in panels.enumerated() {
            let source: any FrameSource = index == 0 && configuration.mainPanel != nil ? session.source
                : StatusSource(width: panel.width, height: panel.height, app: { app })
            let fresh = try SimulatedPanel(panel.description)
            try fresh.panel.setBrightness(percent: app.settings.brightness)
            let expected = try fresh.show(source.render(at: end))
            #expect(panel.picture == expected, "\(name): panel \(index + 1) (\(panel.text))")
            #expect(panel.picture.width == panel.width && panel.picture.height == panel.height)
            #expect(panel.picture.pixels.contains { $0 != .black }, "\(name): panel \(index + 1) is not dark")
        }
        if configuration.panels.isEmpty {
            var expected = session.source.render(at: end)
            for i in expected.pixels.indices { expected.pixels[i] = expected.pixels[i].scaled(by: Fixed(app.settings.brightness, over: 100)) }
            #expect(last.bytes == PanelPreview.raw(expected).bytes)
        } else {
            #expect(last.bytes == PanelPreview.raw(panels[0].picture).bytes, "the frames written are the main panel's pictures")
        }
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
        let setup = try ConfigurationLoader.load(Self.configFolder() + "/hub75-64x32.toml")
        #expect {
            try SystemCallRecorder.$current.withValue(recorder) {
                _ = try Session(setup: setup, buses: .machine(LinuxBusProvider()), clock: MonotonicClock())
            }
        } throws: { error in
            let text = String(describing: error)
            return text.contains("gpiochip") && text.contains("pinctrl-bcm2711") && text.contains("on a desktop, run on simulated panels instead") && !text.contains("\n")
        }
    }
}
