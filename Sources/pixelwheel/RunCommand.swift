import ArgumentParser
import PixelConfig
import PixelCore
import PixelInputs
import PixelRuntime
import PixelSystem

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run PixelWheel on the panels and inputs of a configuration file (on a Raspberry Pi, or --simulate).",
        discussion: """
            The file (TOML) describes the panels, the encoder and buttons and the first settings; \
            see config/*.toml. Every problem in it is listed at once, with its line, before any \
            device is opened. SIGINT and SIGTERM blank the panels, release the lines, keep the \
            settings and exit with 0.

            Examples:
              pixelwheel run --config /etc/pixelwheel/pixelwheel.toml
              pixelwheel run --config config/max7219-4x8x8.toml --simulate
              pixelwheel run --config config/hub75-64x32.toml --simulate --no-tty
              pixelwheel run --config config/ws2812-16x16.toml --check
            """)

    @Option(name: .long, help: "The configuration file.")
    var config: String

    @Flag(name: .long, help: "Run on device models instead of the Pi's buses.")
    var simulate = false

    @Flag(name: .long, help: "With --simulate: run headless on the virtual clock (frames with --frames-out).")
    var noTty = false

    @Flag(name: .long, help: "Only check the file and say what it describes.")
    var check = false

    @Option(name: .long, parsing: .unconditional, help: "Stop after this many seconds (headless default: 5).")
    var seconds: String?

    @Option(name: .long, parsing: .unconditional, help: "Frames per second (1...240), overriding the file.")
    var fps: Int?

    @Option(name: .long, help: "Settings file, overriding the file's [app] state.")
    var state: String?

    @Option(name: .long, help: "Write every frame of the main panel as DIR/frame-000000.png (on real panels too: a record of what they were sent).")
    var framesOut: String?

    @Option(name: .long, help: "A file of timed input events to play (see 'pixelwheel sim --help').")
    var script: String?

    @Flag(name: .long, help: "Panels on device models, but the encoder and buttons on the real GPIO chip (testing inputs without panels).")
    var simulatePanels = false

    @Flag(name: .long, help: "HUB75: print the measured refresh rate in Hz about once a second.")
    var showRefresh = false

    func run() throws {
        let configuration = try loadConfiguration(config)
        if check {
            let panels = configuration.panels.map { "\($0.role.rawValue) \($0.description.text) on \($0.description.device)" }
            print("\(config): valid; " + (panels.isEmpty ? "no panel (simulator \(configuration.size))" : panels.joined(separator: "; "))
                + (configuration.encoder.map { "; encoder A=GPIO \($0.a) B=GPIO \($0.b) switch=GPIO \($0.button)" } ?? ""))
            return
        }
        var options = RunSession.Options(configuration: configuration)
        options.simulate = simulate
        options.interactive = simulate && !noTty
        if options.interactive && !TerminalDevice.isInteractive {
            throw RuntimeError.badOption("run --simulate draws in a terminal; run it in one, or add --no-tty to run headless")
        }
        options.seconds = try seconds.map { try OfflineRender.parseSeconds($0, option: "--seconds", range: Fixed(1, over: 100)...32767) }
        options.fps = fps
        options.statePath = state
        options.framesOut = framesOut
        options.showRefresh = showRefresh
        options.simulatePanels = simulatePanels
        guard !(simulate && simulatePanels) else { throw RuntimeError.badOption("give --simulate (everything simulated) or --simulate-panels (real inputs), not both") }
        options.script = try script.map { path in try InputScript(text: try FileBytes.readText(path), name: path) }
        let stop = StopSignals()
        let session = try RunSession(options: options, clock: MonotonicClock(), stop: StopRequestSource { stop.isRequested })
        for message in session.messages { Environment.printError("pixelwheel: " + message) }
        let frames = try session.run()
        if !options.interactive {
            print("ran \(frames) frames" + (simulate ? " on simulated panels" : "") + "; stopped cleanly")
        }
    }
}

/// The configuration at `path`; its problems, each with its line, go to stderr and the exit
/// code is 2.
func loadConfiguration(_ path: String) throws -> PixelWheelConfiguration {
    do {
        return try ConfigurationLoader.load(path)
    } catch let error as ConfigurationError {
        Environment.printError(error.description)
        throw ExitCode(2)
    }
}
