import ArgumentParser
import PixelRuntime
import PixelSystem
import PixelTerminal
import PixelWebServer

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

            hzeller's --led-* flags (e.g. --led-rows=64 --led-panel-type=FM6126A) are laid over \
            the file's first HUB75 panel: a flag wins over the file's key (docs/panels.md).
            """)

    @Option(name: .long, help: "The configuration file.")
    var config: String

    @Flag(name: .long, help: "Run on device models instead of the Pi's buses.")
    var simulate = false

    @Flag(name: .long, help: "With --simulate: run headless on the virtual clock (frames with --frames-out).")
    var noTty = false

    @Flag(name: .long, help: "With --simulate --no-tty: run on the monotonic clock instead of the virtual one, so network streams arrive as they would on the Pi (a wall of simulated nodes, say).")
    var realTime = false

    @Flag(name: .long, help: "Only check the file and say what it describes.")
    var check = false

    @OptionGroup var live: LiveOptions

    @OptionGroup var network: NetworkOptions

    @OptionGroup var web: WebOptions

    @Option(name: .long, parsing: .unconditional, help: "Frames per second (1...240), overriding the file.")
    var fps: Int?

    @Option(name: .long, help: "Settings file, overriding the file's [app] state.")
    var state: String?

    @Option(name: .long, help: ArgumentHelp("Photos' folder of pictures (PNG, JPEG, GIF, PPM; subfolders are albums), overriding the file's [photos] folder (default: /var/lib/pixelwheel/photos).", valueName: "DIR"))
    var photos: String?

    @Option(name: .long, help: "Write every frame of the main panel as DIR/frame-000000.png (on real panels too: a record of what they were sent).")
    var framesOut: String?


    @Flag(name: .long, help: "Panels on device models, but the encoder and buttons on the real GPIO chip (testing inputs without panels).")
    var simulatePanels = false

    @Flag(name: .long, help: "HUB75: print the measured refresh rate in Hz about once a second.")
    var showRefresh = false

    @Option(name: .long, help: "HUB75: how the GPIO lines are driven: auto (RP1's registers on a Pi 5, /dev/gpiomem on a Pi 1–4, else libgpiod), or force libgpiod, gpiomem or rp1.")
    var gpioBackend: GPIOBackend = .auto

    @Option(name: .customLong("hzeller-flag"), parsing: .unconditionalSingleValue, help: .hidden)
    var ledFlags: [String] = []

    func validate() throws {
        if simulate && simulatePanels {
            throw OptionError.conflict("give --simulate (everything simulated) or --simulate-panels (real inputs), not both")
        }
        if simulate && gpioBackend != .auto {
            throw OptionError.conflict("--gpio-backend chooses how the Pi's GPIO is driven; with --simulate nothing is, so leave it out")
        }
        if noTty && !simulate { throw OptionError.conflict("--no-tty is for --simulate; on the hardware run has no screen of its own") }
        if realTime && !noTty { throw OptionError.conflict("--real-time is for --simulate --no-tty; on the hardware and in the terminal run is always in real time") }
        try OptionError.checkFrameRate(fps, in: Session.frameRates)
    }

    func run() throws {
        var setup = try Setup.load(config).overriding(ledFlags: ledFlags, addsPanel: false)
        for note in try HzellerFlagOptions.notes(ledFlags) { Console.report(note) }
        if check {
            _ = try WebFrontEnd.prepare(for: setup, pageFolder: web.page)  // the page's files and the password file
            print(setup.checkSummary(path: config))
            return
        }
        try network.apply(to: &setup)
        try web.apply(to: &setup.web)
        if let fps { setup.fps = fps }
        if let state { setup.statePath = state }
        setup.photosFolder = photos ?? setup.photosFolder ?? PhotoFolder.defaultPath
        let interactive = simulate && !noTty
        if interactive && !Console.isInteractive {
            throw OptionError.unavailable("run --simulate draws in a terminal; run it in one, or add --no-tty to run headless")
        }
        // Real time on the hardware and in the terminal; the virtual clock for headless
        // simulation, so its frames do not depend on when it ran.
        let headless = simulate && !interactive
        let realTime = !headless || self.realTime
        let plan = try live.plan(headless: headless)
        if setup.web.isOn && !realTime {
            throw OptionError.conflict("the page needs real time: add --real-time (run --simulate --no-tty --real-time), or leave out [web] and --listen")
        }
        let page = try WebFrontEnd.prepare(for: setup, pageFolder: web.page)
        var options = Session.Options()
        options.framesOut = framesOut
        options.showRefresh = try HzellerFlagOptions.showRefresh(ledFlags) ?? showRefresh
        options.report = Console.report
        let buses: Session.Buses = simulate ? .simulated(network: SocketTransport()) : simulatePanels ? .machineInputs(try machineBuses(gpioBackend: gpioBackend))
            : .machine(try machineBuses(gpioBackend: gpioBackend))
        let session: Session
        do {
            session = try Session(setup: setup, buses: buses, timing: realTime ? .realTime() : .virtual, options: options)
        } catch {
            throw runAdvice(error)  // a machine without GPIO: run's own --simulate
        }
        for message in session.messages { Console.report(message) }
        let served = try WebFrontEnd.start(page, session: session, report: Console.report)
        defer { served?.server.stop() }
        let frontEnds: [any FrontEnd] = [StopSignalsFrontEnd()] + (interactive ? [try TerminalFrontEnd(for: session)] : []) + [served].compactMap { $0 }
        let result = try session.run(frontEnds: frontEnds, plan: plan)
        for line in result.lines { Console.report(line) }
        if !interactive {
            print("ran \(result.frames) frames" + (simulate ? " on simulated panels" : "") + "; stopped cleanly")
        }
    }
}
