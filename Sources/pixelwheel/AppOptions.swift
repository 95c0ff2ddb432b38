import ArgumentParser
import PixelRuntime

/// The options of the app on simulated panels, shared by `sim` and `web`: a set-up from the
/// flags, or from a configuration file exactly as `run` would use it on the Pi.
struct AppOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("A configuration file (TOML) to run on simulated panels exactly as 'pixelwheel run' would on the Pi; its panels replace --panel and --size.", valueName: "FILE"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("Panel size in LEDs, WIDTHxHEIGHT (default: 64x32).", valueName: "WxH"), transform: parsePanelSize)
    var size: PanelSize?

    @Option(name: .long, parsing: .unconditional, help: "Frames per second, 1...240 (default: 30, or the file's).")
    var fps: Int?

    @Option(name: .long, help: "Settings file (default: the file's, or ~/.local/state/pixelwheel/settings.conf).")
    var state: String?

    @Option(name: .long, parsing: .unconditional, help: "Seed for the effects' randomness (default: 1, or the file's).")
    var seed: UInt64?

    @Option(name: .long, help: ArgumentHelp("Show the picture through a panel's driver and device model, e.g. max7219:chips=4, hub75:rows=32,cols=64 (the panel sets the size).", valueName: "TYPE:key=value,…"))
    var panel: String?

    @Option(name: .long, parsing: .unconditional, help: "The text of Extras → Scrolling Text.")
    var text: String?

    @Option(name: .long, help: "A BDF font file for the clock and the scrolling text (your own font).")
    var font: String?

    @Option(name: .long, help: ArgumentHelp("An effect parameter, effect.name=value (e.g. bounce.speed=40), as if set in Settings → Effect Parameters; repeat for several. See 'pixelwheel list'.", valueName: "effect.name=value"))
    var param: [String] = []

    @Option(name: .customLong("hzeller-flag"), parsing: .unconditionalSingleValue, help: .hidden)
    var ledFlags: [String] = []
    @OptionGroup var network: NetworkOptions
    @OptionGroup var web: WebOptions

    func validate() throws {
        if config != nil, size != nil || panel != nil {
            throw OptionError.conflict("--config describes the panels; leave out --size and --panel, or leave out --config")
        }
        // With a file, the file's [network] and the flags are checked together once read.
        if config == nil { try network.flags.checkWithoutFile() }
    }

    /// The set-up: the configuration file's, or the flags', with the flags given over the file's.
    var flags: SetupFlags {
        var flags = SetupFlags()
        flags.config = config; flags.panel = panel; flags.size = size; flags.fps = fps; flags.seed = seed
        flags.state = state; flags.text = text; flags.font = font; flags.parameters = param
        flags.ledFlags = ledFlags
        flags.network = network.flags
        flags.web = web.flags
        return flags
    }
}

/// How long a live run goes on and what it plays, shared by `sim`, `web` and `run`.
struct LiveOptions: ParsableArguments {
    @Option(name: .long, parsing: .unconditional,
            help: "Stop after this many seconds, 0.01...32767 (default: until q, Ctrl-C or SIGTERM; headless: the script's end + 1 s, or 5 s).")
    var seconds: Seconds?

    @Option(name: .long, help: "A file of timed input events to play (see 'pixelwheel sim --help').")
    var script: String?

    func validate() throws {
        try seconds.check("--seconds", in: "0.01"..."32767")
    }

    /// The script, read and checked, and the run's length (see `LivePlan`).
    func plan(headless: Bool) throws -> LivePlan {
        try LivePlan(seconds: seconds, scriptPath: script, headless: headless)
    }
}
