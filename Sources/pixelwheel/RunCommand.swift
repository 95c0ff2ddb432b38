import ArgumentParser
import PixelConfig
import PixelCore
import PixelInputs
import PixelRuntime
import PixelTerminal
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

    @OptionGroup var live: LiveOptions

    @Option(name: .long, parsing: .unconditional, help: "Frames per second (1...240), overriding the file.")
    var fps: Int?

    @Option(name: .long, help: "Settings file, overriding the file's [app] state.")
    var state: String?

    @Option(name: .long, help: "Write every frame of the main panel as DIR/frame-000000.png (on real panels too: a record of what they were sent).")
    var framesOut: String?


    @Flag(name: .long, help: "Panels on device models, but the encoder and buttons on the real GPIO chip (testing inputs without panels).")
    var simulatePanels = false

    @Flag(name: .long, help: "HUB75: print the measured refresh rate in Hz about once a second.")
    var showRefresh = false

    func validate() throws {
        if simulate && simulatePanels {
            throw OptionError.conflict("give --simulate (everything simulated) or --simulate-panels (real inputs), not both")
        }
        if noTty && !simulate { throw OptionError.conflict("--no-tty is for --simulate; on the hardware run has no screen of its own") }
    }

    func run() throws {
        var setup = try loadConfiguration(config)
        if check {
            let panels = setup.panels.map { "\($0.role.rawValue) \($0.description.text) on \($0.description.device)" }
            print("\(config): valid; " + (panels.isEmpty ? "no panel (simulator \(setup.size))" : panels.joined(separator: "; "))
                + (setup.encoder.map { "; encoder A=GPIO \($0.a) B=GPIO \($0.b) switch=GPIO \($0.button)" } ?? ""))
            return
        }
        if let fps { setup.fps = fps }
        if let state { setup.statePath = state }
        let interactive = simulate && !noTty
        if interactive && !TerminalDevice.isInteractive {
            throw OptionError.unavailable("run --simulate draws in a terminal; run it in one, or add --no-tty to run headless")
        }
        let script = try live.inputScript()
        // Real time on the hardware and in the terminal; the virtual clock for headless simulation,
        // which also shows midnight, so its frames do not depend on when it ran.
        let realTime = interactive || !simulate
        let clock: (any Clock)? = realTime ? MonotonicClock() : nil
        var options = Session.Options()
        options.framesOut = framesOut
        options.showRefresh = showRefresh
        if realTime { options.wallClock = { Environment.localSecondsSinceMidnight() } }
        options.report = { Environment.printError("pixelwheel: " + $0) }
        let buses: Session.Buses = simulate ? .simulated : simulatePanels ? .machineInputs(try machineBuses()) : .machine(try machineBuses())
        let session = try Session(setup: setup, buses: buses, clock: clock, options: options)
        for message in session.messages { Environment.printError("pixelwheel: " + message) }
        var inputs: [any InputSource] = [StopRequestSource.onSignals()]
        var viewers: [any FrameOutput] = []
        if interactive, let clock {
            let terminal = try TerminalFrontEnd.make(for: session, clock: clock)
            inputs += terminal.inputs
            viewers += terminal.viewers
        }
        let frames = try session.run(inputs: inputs, viewers: viewers, script: script, length: live.length(headless: !realTime, script: script))
        if !interactive {
            print("ran \(frames) frames" + (simulate ? " on simulated panels" : "") + "; stopped cleanly")
        }
    }
}

/// The configuration at `path`; its problems, each with its line, go to stderr and the exit
/// code is 2.
func loadConfiguration(_ path: String) throws -> Setup {
    do {
        return try ConfigurationLoader.load(path)
    } catch let error as ConfigurationError {
        Environment.printError(error.description)
        throw ExitCode(2)
    }
}
