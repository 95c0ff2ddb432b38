import ArgumentParser
import PixelRuntime
import PixelSystem
import PixelTerminal
import PixelWebServer

struct SimCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sim",
        abstract: "Run PixelWheel on a simulated panel: the menu, the effects, the click wheel.",
        discussion: """
            In a terminal it draws the panel with two LEDs per character cell and reads the keyboard:
              →/↓/j next, ←/↑/k previous · Space/Enter select · hold Enter: panel off
              Esc/m menu · p play/pause · n/b next/previous effect · q quit
            Headless (--no-tty) it runs on the virtual clock, so frame k shows the instant k/fps, \
            plays --script and writes every frame with --frames-out. Script lines are seconds then \
            an event:
              0.5 rotate +2 · 1.0 select · 3.0 menu · 4.0 press 0.8 · 5 playpause
              6 next · 7 previous
            hzeller's --led-* flags (e.g. --led-rows=64 --led-cols=64) describe a HUB75 panel, \
            or change the one of --panel or --config: a flag wins over its key (docs/panels.md).
            """)

    @OptionGroup var app: AppOptions

    @OptionGroup var live: LiveOptions


    @Option(name: .long, help: "Write every shown frame as DIR/frame-000000.png, one pixel per LED; or, for a name ending in .gif, into that animated GIF.")
    var framesOut: String?

    @Option(name: .long, parsing: .unconditional, help: "With --frames-out: 1 writes one pixel per LED; N > 1 draws each LED as a round dot N pixels apart.")
    var scale: Int = 1

    @Flag(name: .long, help: "Run without a terminal, on the virtual clock.")
    var noTty = false

    @Flag(name: .long, help: "With --no-tty: run on the monotonic clock instead of the virtual one, so a network stream can arrive while --frames-out records.")
    var realTime = false

    @Option(name: .long, help: "With --panel: write every bus transaction to FILE.jsonl (one JSON object per line).")
    var traceBus: String?

    func validate() throws {
        if realTime && !noTty { throw OptionError.conflict("--real-time is for --no-tty; in a terminal sim always runs in real time") }
        try OptionError.checkScale(scale)
        if traceBus != nil, app.panel == nil, app.config == nil {
            throw OptionError.needs(option: "--trace-bus", what: "--panel (or --config with panels)", why: "the trace is that panel's bus traffic")
        }
    }

    func run() throws {
        let setup = try app.setup()
        if !noTty && !Console.isInteractive {
            throw OptionError.unavailable("pixelwheel sim needs a terminal to draw in; run it in one, or add --no-tty (with --frames-out DIR) to render headless")
        }
        let plan = try live.plan(headless: noTty)
        if setup.web.isOn && noTty && !realTime {
            throw OptionError.conflict("the page needs real time: add --real-time to --no-tty, or leave out --listen and [web]")
        }
        let page = try WebFrontEnd.prepare(for: setup, pageFolder: app.web.page)
        var options = Session.Options()
        options.framesOut = framesOut
        options.frameScale = scale
        options.traceBus = traceBus
        let timing: Session.Timing = noTty && !realTime ? .virtual : .realTime()
        let session = try Session(setup: setup, buses: .simulated(network: SocketTransport()), timing: timing, options: options)
        if noTty {
            for message in session.messages { Console.report(message) }
            for warning in session.warnings { Console.printError(warning) }
        }
        let warnedAtStart = session.warnings.count
        let web = try WebFrontEnd.start(page, session: session, report: Console.report)
        defer { web?.server.stop() }
        // Headless on the virtual clock nothing waits for a signal: the plan's length ends it.
        let frontEnds: [any FrontEnd] = (noTty ? [] : [try TerminalFrontEnd(for: session)])
            + (realTime || !noTty ? [StopSignalsFrontEnd()] : []) + [web].compactMap { $0 }
        let result = try session.run(frontEnds: frontEnds, plan: plan)
        guard noTty else { return }
        for line in result.lines { Console.report(line) }
        for warning in session.warnings.dropFirst(warnedAtStart) { Console.printError(warning) }
        print("rendered \(result.frames) frames at \(setup.fps) fps" + (framesOut.map { " into \($0)" } ?? ""))
    }
}
