import ArgumentParser
import PixelConfig
import PixelCore
import PixelPanels
import PixelRuntime
import PixelSystem
import PixelUI

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

    @Option(name: .long, help: ArgumentHelp("Show the picture through a panel's driver and device model, e.g. max7219:chips=4, hub75:rows=32,cols=64 (the panel sets the size).", valueName: "TYPE:key=value,…"),
            transform: parsePanel)
    var panel: PanelDescription?

    @Option(name: .long, parsing: .unconditional, help: "The text of Extras → Scrolling Text.")
    var text: String?

    @Option(name: .long, help: "A BDF font file for the clock and the scrolling text (your own font).")
    var font: String?

    @Option(name: .long, help: ArgumentHelp("Photos' folder of pictures (PNG, JPEG, GIF, PPM; subfolders are albums), overriding --config's [photos] folder.", valueName: "DIR"))
    var photos: String?

    @Option(name: .long, help: ArgumentHelp("An effect parameter, effect.name=value (e.g. bounce.speed=40), as if set in Settings → Effect Parameters; repeat for several. See 'pixelwheel list'.", valueName: "effect.name=value"),
            transform: AppParameter.parse)
    var param: [ParameterAssignment] = []

    @Option(name: .customLong("hzeller-flag"), parsing: .unconditionalSingleValue, help: .hidden)
    var ledFlags: [String] = []
    @OptionGroup var network: NetworkOptions
    @OptionGroup var web: WebOptions

    func validate() throws {
        if config != nil, size != nil || panel != nil {
            throw OptionError.conflict("--config describes the panels; leave out --size and --panel, or leave out --config")
        }
        try OptionError.checkFrameRate(fps, in: Session.frameRates)
        // With a file, the file's [network] and the options are checked together once read.
        if config == nil { try network.checkWithoutFile() }
    }

    /// The set-up: the configuration file's, or the options', with the options given over the
    /// file's. Problems in a configuration file throw `InvalidConfiguration`.
    func setup() throws -> Setup {
        var setup: Setup
        if let config {
            setup = try Setup.load(config)
            if let fps { setup.fps = fps }
            if let seed { setup.seed = seed }
            if let state { setup.statePath = state }
        } else {
            setup = Setup(panel: panel, size: try size ?? PanelSize(width: 64, height: 32), fps: fps ?? 30, seed: seed ?? 1, statePath: state)
        }
        if try HzellerFlagOptions.showRefresh(ledFlags) == true {
            throw HzellerFlagError.refused(
                flag: "--led-show-refresh", reason: "the simulator has no refresh rate to measure; give it to pixelwheel run")
        }
        setup = try setup.overriding(ledFlags: ledFlags, addsPanel: config == nil && panel == nil)
        if let text { setup.text = text }
        if let photos { setup.photosFolder = photos }
        setup.effectParameters = param.byName
        try network.apply(to: &setup)
        try web.apply(to: &setup.web)
        if let font {
            do {
                setup.textFont = try PixelFont(bdf: try FileBytes.readText(font))
            } catch let error as BDFError {
                throw OptionError.badValue(option: "--font \(font):", problem: "\(error)")
            }
        }
        return setup
    }
}

/// One `--param EFFECT.NAME=VALUE` of the app: parsed, and checked against the effect's
/// parameters, as Settings → Effect Parameters would take it.
enum AppParameter {
    static func parse(_ text: String) throws -> ParameterAssignment {
        let assignment = try ParameterAssignment.parse(text)
        guard Settings.isEffectParameter(assignment.name, value: assignment.value) else {
            throw OptionValueProblem(Session.parameterProblem(key: assignment.name, value: assignment.value))
        }
        return assignment
    }
}

/// Why an option's value is refused, in one line (ArgumentParser adds the option's name).
struct OptionValueProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
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
