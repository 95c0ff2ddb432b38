import ArgumentParser
import PixelCore
import PixelEffects
import PixelInputs
import PixelRuntime
import PixelSystem
import PixelPanels

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
            """)

    @OptionGroup var app: AppOptions

    @Option(name: .long, parsing: .unconditional, help: "Stop after this many seconds (headless default: script end + 1 s, or 5 s).")
    var seconds: String?

    @Option(name: .long, help: "A file of timed input events to play.")
    var script: String?

    @Option(name: .long, help: "Write every shown frame as DIR/frame-000000.png, one pixel per LED.")
    var framesOut: String?

    @Option(name: .long, parsing: .unconditional, help: "With --frames-out: 1 writes one pixel per LED; N > 1 draws each LED as a round dot N pixels apart.")
    var scale: Int = 1

    @Flag(name: .long, help: "Run without a terminal, on the virtual clock.")
    var noTty = false

    @Option(name: .long, help: "With --panel: write every bus transaction to FILE.jsonl (one JSON object per line).")
    var traceBus: String?

    func run() throws {
        var options = try app.sessionOptions(seconds: seconds, script: script, framesOut: framesOut, scale: scale)
        guard traceBus == nil || app.panel != nil else { throw RuntimeError.badOption("--trace-bus needs --panel: the trace is that panel's bus traffic") }
        options.traceBus = traceBus
        if !noTty && !TerminalDevice.isInteractive {
            throw RuntimeError.badOption("pixelwheel sim needs a terminal to draw in; run it in one, or add --no-tty (with --frames-out DIR) to render headless")
        }
        // Headless runs show midnight so their frames do not depend on when they ran.
        let wallClock: () -> Int = noTty ? { 0 } : { Environment.localSecondsSinceMidnight() }
        var session = try SimulatorSession(options: options, wallClock: wallClock)
        let warnedAtStart = session.warnings.count
        for warning in session.warnings where noTty { printError(warning) }
        if noTty {
            let frames = try session.runHeadless()
            for warning in session.warnings.dropFirst(warnedAtStart) { printError(warning) }
            print("rendered \(frames) frames at \(app.fps) fps" + (framesOut.map { " into \($0)" } ?? ""))
        } else {
            let stop = StopSignals()
            try session.runInteractive(clock: MonotonicClock(), stop: StopRequestSource { stop.isRequested })
        }
    }
}

/// The whole of a text file, as UTF-8.
func readText(_ path: String) throws -> String {
    try FileBytes.readText(path)
}

func printError(_ text: String) {
    Environment.printError(text)
}
