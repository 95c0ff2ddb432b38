import PixelConfig
import PixelCore
import PixelEffects
import PixelInputs
import PixelPanels
import PixelSystem

/// The set-up as `sim` and `web` take it: a configuration file exactly as `run` would use it on
/// the Pi, or panel flags, with the other flags given over the file's values.
public struct SetupFlags: Sendable {
    /// A configuration file (TOML); its panels replace `panel` and `size`.
    public var config: String?
    /// One panel, `TYPE:key=value,…`; it sets the size.
    public var panel: String?
    /// The plain panel's size without `panel` (64×32 when nil).
    public var size: PanelSize?
    /// Frames per second (30, or the file's, when nil).
    public var fps: Int?
    /// The effects' seed (1, or the file's, when nil).
    public var seed: UInt64?
    /// The settings file (the file's, or the default, when nil).
    public var state: String?
    /// The text of Extras → Scrolling Text.
    public var text: String?
    /// A BDF font file for the clock and the scrolling text.
    public var font: String?
    /// Effect parameters, `effect.name=value`.
    public var parameters: [String] = []
    /// hzeller's `--led-*` flags, laid over the file's (or `panel`'s) first HUB75 panel, or
    /// making one when neither is given (see `LEDFlags`).
    public var ledFlags: [String] = []
    /// The `--network…` flags, over the file's `[network]`.
    public var network = NetworkFlags()
    /// The web flags (`--listen`, `--api`, …), over the file's `[web]`.
    public var web = WebFlags()

    /// Nothing given: a plain 64×32 panel at 30 fps.
    public init() {}

    /// The set-up the flags describe; problems in a configuration file throw `InvalidConfiguration`.
    public func setup() throws -> Setup {
        var setup: Setup
        if let config {
            setup = try Setup.load(config)
            if let fps { setup.fps = fps }
            if let seed { setup.seed = seed }
            if let state { setup.statePath = state }
        } else {
            setup = Setup(panel: try panel.map { try PanelDescription(parsing: $0) },
                          size: try size ?? PanelSize(width: 64, height: 32), fps: fps ?? 30, seed: seed ?? 1, statePath: state)
        }
        if try LEDFlags.showRefresh(ledFlags) == true {
            throw HzellerFlagError.refused(
                flag: "--led-show-refresh", reason: "the simulator has no refresh rate to measure; give it to pixelwheel run")
        }
        setup = try setup.overriding(ledFlags: ledFlags, addsPanel: config == nil && panel == nil)
        if let text { setup.text = text }
        setup.effectParameters = try EffectCatalog.parseAssignments(parameters)
        try setup.apply(network)
        try setup.apply(web)
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

/// A configuration file with problems: every one of them, each with its line, one per line.
/// The commands print it to standard error and exit with 2.
public struct InvalidConfiguration: Error, CustomStringConvertible {
    /// The problems, one per line.
    public let description: String
}

extension Setup {
    /// The set-up of the configuration file at `path`, checked whole before any device opens.
    public static func load(_ path: String) throws -> Setup {
        do {
            return try ConfigurationLoader.load(path)
        } catch let error as ConfigurationError {
            throw InvalidConfiguration(description: error.description)
        }
    }

    /// What `run --check` says of a valid file at `path`: its panels, its encoder and its page.
    public func checkSummary(path: String) -> String {
        let described = panels.map { "\($0.role.rawValue) \($0.description.text) on \($0.description.device)" }
        return "\(path): valid; " + (described.isEmpty ? "no panel (simulator \(size))" : described.joined(separator: "; "))
            + (encoder.map { "; encoder A=GPIO \($0.a) B=GPIO \($0.b) switch=GPIO \($0.button)" } ?? "")
            + (web.isOn ? "; page on \(web.listenText)" + (web.password == nil ? "" : " with a password") + (web.api ? ", JSON API on" : "") : "")
    }

    /// The first HUB75 panel, for `wiring --config`; nil when the file has none.
    public var firstHUB75Panel: PanelDescription? { panels.first { $0.description.bus == .gpio }?.description }
}

/// How long a live run goes on and what it plays: `--seconds` and `--script`, shared by `sim`,
/// `web` and `run`.
public struct LivePlan {
    /// The timed input events to play.
    public let script: InputScript?
    /// The run's length; nil runs until stopped.
    public let length: FrameTime?

    /// Reads and checks the script at `scriptPath`; the length is `seconds`, else, `headless`,
    /// a second past the script's last event or 5 s, else until stopped.
    public init(seconds: Seconds?, scriptPath: String?, headless: Bool) throws {
        script = try scriptPath.map { try InputScript(text: try FileBytes.readText($0), name: $0) }
        length = Session.length(seconds: seconds?.frameTime, headless: headless, script: script)
    }
}
