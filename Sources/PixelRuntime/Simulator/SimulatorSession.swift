import PixelCore
import PixelEffects
import PixelInputs
import PixelPanels
import PixelSimulator
import PixelSystem
import PixelUI

/// `pixelwheel sim`: the PixelWheel app on a simulated panel, through the one `FrameLoop` —
/// in the terminal, paced by the monotonic clock and driven by the keyboard, or headless on
/// the virtual clock, driven by a script and writing each frame as a PNG.
public struct SimulatorSession {
    /// Everything one run needs.
    public struct Options: Sendable {
        /// Panel size in LEDs (a `panel` overrides it).
        public var size: PanelSize
        /// Frames per second, 1...240.
        public var fps: Int
        /// Run length; headless default: the script's last event + 1 s, or 5 s.
        public var seconds: Fixed?
        /// Timed input to play, if any.
        public var script: InputScript?
        /// Where to write `frame-000000.png`, … (one pixel per LED), if anywhere.
        public var framesOut: String?
        /// 1: frames are written one pixel per LED; N > 1: as round dots N pixels apart.
        public var frameScale: Int
        /// The settings file.
        public var statePath: String
        /// Seed for the effects' randomness.
        public var seed: UInt64
        /// A `--panel` description: frames go through that panel's driver into its device
        /// model, and the model's picture is what is shown. Nil shows frames directly.
        public var panel: String?
        /// Where to write the bus trace (`--trace-bus`), when a panel is given.
        public var traceBus: String?
        /// The scrolling-text screen's text (`--text`), if not the default.
        public var text: String?
        /// A font for the clock and scrolling text (`--font FILE.bdf`).
        public var textFont: PixelFont?
        /// Effect parameters (`--param effect.name=value`), set over the saved ones as if
        /// chosen in Settings → Effect Parameters.
        public var effectParameters: [String: String] = [:]

        /// Options for a run; `panel` and `traceBus` start unset.
        public init(size: PanelSize, fps: Int, seconds: Fixed?, script: InputScript?, framesOut: String?, frameScale: Int = 1,
                    statePath: String, seed: UInt64) {
            self.size = size; self.fps = fps; self.seconds = seconds; self.script = script
            self.framesOut = framesOut; self.frameScale = frameScale; self.statePath = statePath; self.seed = seed
            panel = nil
            traceBus = nil
            text = nil
            textFont = nil
        }
    }

    let options: Options
    /// The app as the loop's frame source.
    public let source: AppSource
    /// The simulated panel, when one was asked for.
    public let panel: SimulatedPanel?
    private let trace: BusTraceFile?
    /// The one clock of every simulated part.
    public let time: VirtualTime

    /// Loads the settings and builds the app and the panel.
    public init(options: Options, wallClock: @escaping () -> Int) throws {
        guard (1...240).contains(options.fps) else { throw RuntimeError.badOption("--fps must be 1...240 (got \(options.fps))") }
        guard (1...64).contains(options.frameScale) else { throw RuntimeError.badOption("--scale must be 1...64 (got \(options.frameScale))") }
        if let dir = options.framesOut { try OfflineRender.checkDirectory(dir, option: "--frames-out") }
        self.options = options
        if let path = options.traceBus { try OfflineRender.checkWritable(path, extensions: [".jsonl", ".json", ".txt", ".trace"]) }
        trace = options.traceBus.map { BusTraceFile(path: $0) }
        let time = VirtualTime()
        self.time = time
        let trace = self.trace
        panel = try options.panel.map { try SimulatedPanel($0, trace: trace, time: time) }
        let size = try panel.map { try PanelSize(width: $0.width, height: $0.height) } ?? options.size
        let store = SettingsStore(path: options.statePath)
        var (settings, warning) = store.load()
        for (key, value) in options.effectParameters.sorted(by: { $0.key < $1.key }) {
            guard Settings.isEffectParameter(key, value: value) else {
                throw RuntimeError.badOption("--param \(key)=\(value): " + Self.parameterProblem(key: key, value: value))
            }
            settings.effectParameters[key] = value
        }
        var app = PixelWheelApp(width: size.width, height: size.height, framesPerSecond: options.fps,
                                settings: settings, version: PixelWheelVersion.current, seed: options.seed, wallClock: wallClock)
        app.monochrome = panel?.isMonochrome ?? false
        app.textFont = options.textFont
        if let text = options.text { app.marqueeText = text }
        source = AppSource(app: app, store: store, warnings: warning.map { [$0] } ?? [])
    }

    /// Why `key`=`value` is no effect parameter value, naming what would be.
    static func parameterProblem(key: String, value: String) -> String {
        let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else {
            return "name the effect and the parameter, as effect.parameter (e.g. bounce.speed=40; see 'pixelwheel list')"
        }
        guard let effect = try? EffectCatalog.named(parts[0]) else {
            return "no effect '\(parts[0])'; effects: " + EffectCatalog.all.map { $0.name }.joined(separator: ", ")
        }
        guard let parameter = effect.parameters.first(where: { $0.name == parts[1] }) else {
            return "\(parts[0]) has no parameter '\(parts[1])'; it has " + effect.parameters.map { $0.name }.joined(separator: ", ")
        }
        return "must be \(parameter.rangeDescription)"
    }

    /// The app's state, for tests and the status line.
    public var state: PixelWheelApp { source.app }
    /// Warnings for the user, each once: the app's, then the panel model's complaint about the
    /// traffic it received (a frame the chips reject, say), which would otherwise only show as
    /// a dark or wrong picture.
    public var warnings: [String] { Self.warnings(source: source, panel: panel) }

    static func warnings(source: AppSource, panel: SimulatedPanel?) -> [String] {
        guard let misfit = panel?.misfit else { return source.warnings }
        return source.warnings + ["panel model: " + misfit]
    }
    /// Clicks so far.
    public var clicks: Int { source.clicks }

    /// The panel (or the plain picture) with `viewers` behind it.
    func display(_ viewers: [any FrameOutput]) -> any FrameOutput {
        if let panel { return SimulatedPanelOutput(panel: panel, viewers: viewers, trace: trace) }
        return PlainPanelOutput(viewers: viewers)
    }

    /// Headless run on the virtual clock: frame k shows instant k/fps; script events apply at
    /// their own instants before the frame that follows them. Returns the number of frames.
    @discardableResult
    public mutating func runHeadless(onFrame: @escaping (Int, Frame) throws -> Void = { _, _ in }) throws -> Int {
        let script = options.script.map { ScriptInputSource($0) }
        let length = options.seconds.map { FrameTime.seconds($0) }
            ?? (script?.lastEventTime.map { $0 + .seconds(1) } ?? .seconds(5))
        var viewers: [any FrameOutput] = [FrameCallbackOutput { frame, status in try onFrame(status.frames - 1, frame) }]
        if let dir = options.framesOut {
            let lastFrame = Int(Int128(length.nanoseconds) * Int128(options.fps) / 1_000_000_000)
            viewers.insert(PNGSequenceOutput(directory: dir, scale: options.frameScale, lastFrame: lastFrame), at: 0)
        }
        let loop = FrameLoop(source: source, inputs: script.map { [$0] } ?? [], clock: time, framesPerSecond: options.fps,
                             outputs: [display(viewers)], length: length)
        return try loop.run()
    }

    /// `frame-000042.png`: the index padded to `digits` digits.
    public static func frameName(_ index: Int, digits: Int = 6) -> String {
        PNGSequenceOutput.frameName(index, digits: digits)
    }

    /// Interactive run in the terminal on `clock` until q, Ctrl-C, SIGTERM or `seconds`. The
    /// caller checked for a terminal.
    public mutating func runInteractive(clock: any Clock, stop: StopRequestSource) throws {
        let size = panel.map { (width: $0.width, height: $0.height) } ?? (width: options.size.width, height: options.size.height)
        let source = self.source, panel = self.panel
        let screen = try TerminalScreenOutput(width: size.width, height: size.height, panelText: panelText, clock: clock,
                                              clicks: { source.clicks }, warnings: { Self.warnings(source: source, panel: panel) })
        try runLive(inputs: [KeyboardInputSource(read: TerminalDevice.readAvailable, now: clock.now), stop], viewers: [screen], clock: clock)
    }
}

extension SimulatorSession {
    /// A description of what is shown, for status lines: the panel model's, or the size.
    public var panelText: String { panel?.text ?? options.size.description }

    /// Runs on the real `clock` with `inputs` (and the script, if any), showing each frame (the
    /// panel model's picture when there is a panel) on `viewers`, until a source's quit (q,
    /// SIGINT, SIGTERM) or `seconds`: the loop of the terminal and the web simulators.
    public mutating func runLive(inputs: [any InputSource], viewers: [any FrameOutput], clock: any Clock) throws {
        var inputs = inputs
        if let script = options.script { inputs.append(ScriptInputSource(script)) }
        let loop = FrameLoop(source: source, inputs: inputs, clock: clock, framesPerSecond: options.fps,
                             outputs: [display(viewers)], length: options.seconds.map { FrameTime.seconds($0) })
        try loop.run()
    }
}
