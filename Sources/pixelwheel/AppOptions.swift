import ArgumentParser
import PixelCore
import PixelEffects
import PixelInputs
import PixelPanels
import PixelRuntime

/// The options of the app on a simulated panel, shared by `sim` and `web`.
struct AppOptions: ParsableArguments {
    @Option(name: .long, help: "Panel size in LEDs, WIDTHxHEIGHT.")
    var size: String = "64x32"

    @Option(name: .long, parsing: .unconditional, help: "Frames per second (1...240).")
    var fps: Int = 30

    @Option(name: .long, help: "Settings file (default: ~/.local/state/pixelwheel/settings.conf).")
    var state: String?

    @Option(name: .long, parsing: .unconditional, help: "Seed for the effects' randomness.")
    var seed: UInt64 = 1

    @Option(name: .long, help: ArgumentHelp("Show the picture through a panel's driver and device model, e.g. max7219:chips=4, hub75:rows=32,cols=64 (the panel sets the size).", valueName: "TYPE:key=value,…"))
    var panel: String?

    @Option(name: .long, parsing: .unconditional, help: "The text of Extras → Scrolling Text.")
    var text: String?

    @Option(name: .long, help: "A BDF font file for the clock and the scrolling text (your own font).")
    var font: String?

    @Option(name: .long, help: ArgumentHelp("An effect parameter, effect.name=value (e.g. bounce.speed=40), as if set in Settings → Effect Parameters; repeat for several. See 'pixelwheel list'.", valueName: "effect.name=value"))
    var param: [String] = []

    /// The session's options, with the run-specific ones given.
    func sessionOptions(seconds: String?, script: String?, framesOut: String? = nil, scale: Int = 1) throws -> SimulatorSession.Options {
        let scriptValue = try script.map { path in try InputScript(text: try readText(path), name: path) }
        var options = SimulatorSession.Options(
            size: try PanelSize(parsing: size), fps: fps,
            seconds: try seconds.map { try OfflineRender.parseSeconds($0, option: "--seconds", range: Fixed(1, over: 100)...32767) },
            script: scriptValue, framesOut: framesOut, frameScale: scale, statePath: state ?? SettingsStore.defaultPath(), seed: seed)
        options.panel = panel
        options.text = text
        options.effectParameters = try EffectCatalog.parseAssignments(param)
        if let font {
            do {
                options.textFont = try PixelFont(bdf: try readText(font))
            } catch let error as BDFError {
                throw RuntimeError.badOption("\(font): \(error)")
            }
        }
        return options
    }
}
