import PixelBus
import PixelConfig
import PixelCore
import PixelEffects
import PixelInputs
import PixelNetwork
import PixelPanels
import PixelSimulator
import PixelSystem
import PixelUI

/// The one composition root: the only code that builds a run's app, panels, outputs, inputs
/// and frame loop, from one set-up (a configuration file, or the flags of `sim` and `web`).
///
/// A command is a choice of five things: the set-up, the `Buses` (device models, or the
/// machine's), the clock (the machine's `MonotonicClock`, or nil for the session's own
/// `VirtualTime`), the `Content` (the app, or another frame source such as one effect for
/// `render`) and the front end it hands to `run` (the terminal's keyboard and screen, the web
/// page, a file, or nothing for a headless run). Every panel is built by `makeDriver(on:)` over the
/// chosen buses and shown through the one `PanelDriverOutput`, so a vanished chip, HUB75's
/// refresh and brightness behave alike on models and on the Pi; a simulated panel's picture —
/// what its device model shows — is what the front end's viewers get.
public final class Session {
    /// Where the panels' buses, the inputs' GPIO and the network ports lead.
    public enum Buses {
        /// Device models on the session's `VirtualTime`, no GPIO inputs (the front end's only),
        /// and `network` for the stream receivers and the sending panels' copies: the machine's
        /// sockets (`SocketTransport`) in `sim`, a `SimulatedNetwork` in tests.
        case simulated(network: any NetworkTransport)
        /// The machine's buses: the panels, the encoder, buttons and piezo of the set-up, and
        /// its network.
        case machine(any MachineBusProvider)
        /// Panels on device models, but the encoder, buttons and piezo on the machine's GPIO and
        /// the machine's network (`run --simulate-panels`: testing the inputs without panels).
        case machineInputs(any MachineBusProvider)

        /// Where the stream receivers' ports open.
        var network: any NetworkTransport {
            switch self {
            case let .simulated(network): network
            case let .machine(provider), let .machineInputs(provider): provider.network
            }
        }
    }

    /// What the main panel shows.
    public enum Content {
        /// The PixelWheel app: the menu and the effects, its settings saved to the set-up's
        /// state file, the encoder, buttons and piezo of the set-up.
        case app
        /// Another frame source, made for the main panel's logical size (one effect for
        /// `render`, pictures for `show`): no menu, no settings, no inputs of the set-up.
        case frames((_ width: Int, _ height: Int) throws -> any FrameSource)
    }

    /// What the command line adds to a set-up: where frames and bus traffic are recorded.
    public struct Options {
        /// Write every frame of the main panel as `DIR/frame-000000.png`, or, for a name ending in
        /// `.gif`, into that one animated GIF: the model's picture on simulated panels, the frame
        /// sent on real ones.
        public var framesOut: String?
        /// With `framesOut`: 1 is one pixel per LED; more draws round dots that far apart.
        public var frameScale = 1
        /// Write the simulated panels' bus traffic to this file (JSON lines), at the end.
        public var traceBus: String?
        /// Print the HUB75 refresh rate about once a second.
        public var showRefresh = false
        /// Seconds since local midnight, for the clock screen (0 keeps headless runs repeatable).
        public var wallClock: () -> Int = { 0 }
        /// Hears each message for the user while running: a device gone or back.
        public var report: (String) -> Void = { _ in }
        /// Leave the last picture on real panels when the run ends (`show --hardware`), instead
        /// of blanking them.
        public var keepsLastPicture = false
        /// Nothing recorded, midnight on the clock, messages dropped.
        public init() {}
    }

    /// The set-up the session was built from.
    public let setup: Setup
    /// What the main panel shows: the app, or the content given.
    public let source: any FrameSource
    /// The app, when the content is the app.
    public let app: AppSource?
    /// The simulated parts' clock: the device models, their GPIO holds and trace stamps.
    public let time: VirtualTime
    /// The run's clock: the machine's, or `time`.
    public let clock: any Clock
    /// The machine's clock when the run is in real time (a front end on other threads, the web
    /// server, shares it); nil on the session's virtual time.
    public let machineClock: MonotonicClock?
    /// Logical size of the main panel (or the set-up's size without one).
    public let width: Int, height: Int
    /// Messages from building the session (the GPIO paths, the refresh set-up).
    public private(set) var messages: [String] = []
    /// The status after the last run.
    public private(set) var status: FrameStatus?

    private let options: Options
    private let trace: BusTraceFile?
    private var panels: [BuiltPanel] = []
    private var machineInputs: [any InputSource] = []
    /// Devices that went and came back, as told to `options.report`, for `warnings`.
    private let deviceMessages = MessageLog()
    /// Remembers and passes on a message for the user (a device gone or back).
    private let report: (String) -> Void

    /// A panel of the set-up, built on its buses.
    private enum BuiltPanel {
        case simulated(SimulatedPanel, role: Setup.Role)
        case machine(PanelDriverOutput, role: Setup.Role)

        var role: Setup.Role {
            switch self { case let .simulated(_, role), let .machine(_, role): role }
        }
        var size: (width: Int, height: Int) {
            switch self {
            case let .simulated(panel, _): (panel.width, panel.height)
            case let .machine(output, _): (output.driver.panel.width, output.driver.panel.height)
            }
        }
    }

    /// The frame rates a run takes.
    public static let frameRates = 1...240

    /// The run's time, as a command chooses it.
    public enum Timing {
        /// The session's own virtual time: frame k shows the instant k/fps, and the clock
        /// screen shows midnight, so headless frames do not depend on when or how fast they ran.
        case virtual
        /// The machine's monotonic clock, and the local time of day on the clock screen. A
        /// front end on other threads (the web server) passes the clock it shares.
        case realTime(MonotonicClock = MonotonicClock())
    }

    /// A session on `timing`'s clock (see `init(setup:buses:clock:options:content:)`).
    public convenience init(setup: Setup, buses: Buses, timing: Timing, options: Options = Options()) throws {
        var options = options
        var clock: (any Clock)?
        if case let .realTime(machineClock) = timing {
            clock = machineClock
            options.wallClock = { Environment.localSecondsSinceMidnight() }
        }
        try self.init(setup: setup, buses: buses, clock: clock, options: options)
    }

    /// Checks the options, builds the panels on `buses` (opening every device; errors name the
    /// device and the fix), loads the settings and builds the app. `clock` is the machine's for
    /// runs in real time; nil runs on the session's own virtual time.
    public init(setup given: Setup, buses: Buses, clock: (any Clock)?, options: Options = Options(), content: Content = .app) throws {
        let setup = try Self.resolvingHostNames(given, resolve: HostAddress.ipv4)
        guard Self.frameRates.contains(setup.fps) else {
            throw RuntimeError.outOfRange(what: "the frame rate", allowed: "1...240 frames a second", got: "\(setup.fps)")
        }
        try RuntimeError.checkScale(options.frameScale)
        if let out = options.framesOut {
            if Self.recordsGIF(out) { try OfflineRender.checkWritable(out) } else { try OfflineRender.checkDirectory(out) }
        }
        if let path = options.traceBus { try BusTraceFile.checkWritable(path) }
        self.setup = setup
        self.options = options
        let time = VirtualTime()
        self.time = time
        self.clock = clock ?? time
        machineClock = clock as? MonotonicClock
        let trace = options.traceBus.map { BusTraceFile(path: $0) }
        self.trace = trace

        // The panels, on the chosen buses.
        let log = deviceMessages, tell = options.report
        let report: (String) -> Void = { log.messages.append($0); tell($0) }
        self.report = report
        switch buses {
        case .simulated, .machineInputs:
            // Sending panels send on the run's network too, so a simulated run can drive other nodes.
            let provider = SimulatedBusProvider(time: time, outsideNetwork: buses.network)
            panels = try setup.panels.map { .simulated(try SimulatedPanel($0.description, provider: provider, trace: trace), role: $0.role) }
        case let .machine(provider):
            let clock = self.clock
            let buses: any BusProvider = trace.map { TracingBusProvider(provider, sink: $0, clock: clock.now) } ?? provider
            // The refresh thread reads the clock on its own: the machine's clock may be shared so,
            // a virtual one (moved by the frame loop's thread) may not, and leaves it unpaced.
            let refreshClock: MonotonicClock? = clock as? MonotonicClock
            for panel in setup.panels {
                let output = PanelDriverOutput(driver: try panel.description.makeDriver(on: buses), placement: .machine,
                                               blanksAtEnd: !options.keepsLastPicture, refreshClock: refreshClock, warn: report)
                if let note = output.refreshNote { messages.append("HUB75 refresh: \(note)") }
                panels.append(.machine(output, role: panel.role))
            }
            messages += provider.gpioPaths.map { "GPIO: \($0)" }
        }
        let main = panels.first { $0.role == .main }
        (width, height) = main?.size ?? (setup.size.width, setup.size.height)

        if case let .frames(make) = content {
            source = try make(width, height)
            app = nil
            return
        }
        // The app, with the saved settings over the set-up's defaults.
        let store = SettingsStore(path: setup.statePath ?? SettingsStore.defaultPath())
        var (settings, warning) = store.load(defaults: setup.settings)
        for (key, value) in setup.effectParameters.sorted(by: { $0.key < $1.key }) {
            guard Settings.isEffectParameter(key, value: value) else {
                throw RuntimeError.unusable("effect parameter \(key)=\(value): " + Self.parameterProblem(key: key, value: value))
            }
            settings.effectParameters[key] = value
        }
        let presetStore = PresetStore(besideSettings: store.path)
        let (presets, presetWarning) = presetStore.load()
        var app = PixelWheelApp(width: width, height: height, framesPerSecond: setup.fps, settings: settings, presets: presets,
                                version: PixelWheelVersion.current, seed: setup.seed, wallClock: options.wallClock)
        app.monochrome = setup.mainPanel?.description.isOnOff ?? false
        app.textFont = setup.textFont
        if let text = setup.text { app.marqueeText = text }
        app.photoLibrary = setup.photosFolder.map { PhotoFolder(path: $0) }
        if let start = setup.startEffect { app.play(effectNamed: start, at: .zero) }
        app.streamTimeout = FrameTime(nanoseconds: setup.network.timeoutNanoseconds)
        let appSource = AppSource(app: app, store: store, presetStore: presetStore, warnings: [warning, presetWarning].compactMap { $0 })
        self.app = appSource
        source = try Self.streams(over: appSource, setup: setup.network, width: width, height: height, on: buses.network)
        messages += NetworkPorts.startMessages(setup.network)

        // The encoder, buttons and piezo on the machine's GPIO.
        switch buses {
        case .simulated: break
        case let .machine(provider), let .machineInputs(provider): try openInputs(on: provider, app: appSource)
        }
    }

    /// `app`, with the network streams of `setup` over it when any is on.
    private static func streams(over app: AppSource, setup: NetworkSetup, width: Int, height: Int,
                                on network: any NetworkTransport) throws -> any FrameSource {
        guard setup.isOn else { return app }
        let layout = try NetworkPorts.layout(setup, width: width, height: height)
        let receiver = try NetworkPorts.openReceiver(setup, layout: layout, on: network)
        return NetworkStreamSource(app: app, receiver: receiver)
    }

    /// The network streams over the app, when the set-up turns one on.
    public var networkStreams: NetworkStreamSource? { source as? NetworkStreamSource }

    /// The encoder, buttons and piezo of the set-up, on `provider`'s GPIO; edges on the run's clock.
    private func openInputs(on provider: any MachineBusProvider, app source: AppSource) throws {
        if let piezo = setup.piezo {
            // A click is a 1 ms pulse on the piezo's line: a tick, like the iPod's.
            let bit = UInt64(1) << UInt64(piezo)
            let line = try provider.gpioOutputs(setup.inputChip, outputMask: bit)
            source.onClick = {
                try? line.write(set: bit, clear: 0)
                line.hold(nanoseconds: 1_000_000)
                try? line.write(set: 0, clear: bit)
            }
        }
        guard let encoder = setup.encoder else { return }
        let buttons = Dictionary(uniqueKeysWithValues: setup.buttons.wired.compactMap { wired -> (Int, InputAction.Button)? in
            switch wired.action {
            case .menu: (wired.gpio, .menu)
            case .playPause: (wired.gpio, .playPause)
            case .next: (wired.gpio, .next)
            case .previous: (wired.gpio, .previous)
            default: nil
            }
        })
        let mask = ([encoder.a, encoder.b, encoder.button] + buttons.keys).reduce(UInt64(0)) { $0 | (UInt64(1) << UInt64($1)) }
        let gpio = try provider.gpioInputs(setup.inputChip, inputMask: mask, clock: clock)
        machineInputs.append(try EncoderInputSource(inputs: gpio, wiring: encoder, buttons: buttons))
    }

    /// Whether `framesOut` names one animated GIF (`….gif`) rather than a folder of PNGs.
    static func recordsGIF(_ framesOut: String) -> Bool { framesOut.lowercased().hasSuffix(".gif") }

    /// Runs the loop until `length` (nil: until an input source asks to stop — q, or SIGINT and
    /// SIGTERM through a `StopRequestSource` among `inputs`), with the front end's `inputs` and
    /// `viewers` (which see the main panel's picture) and the set-up's `script`. Every output is
    /// finished on the way out: real panels blanked, files and traces written. Returns the
    /// number of frames shown.
    @discardableResult
    public func run(inputs: [any InputSource] = [], viewers: [any FrameOutput] = [], script: InputScript? = nil,
                    length: FrameTime?, frameClock: (any FrameClock)? = nil, onFrame: ((Int, Frame) throws -> Void)? = nil) throws -> Int {
        var viewers = viewers
        if let onFrame { viewers.append(FrameCallbackOutput { frame, status in try onFrame(status.frames - 1, frame) }) }
        let recorder = options.framesOut.map { out -> any FrameOutput in
            if Self.recordsGIF(out) {
                // One animated GIF of the run, drawn as the PNGs would be; a still picture is one long frame.
                let look = GIFRecorder.Look.style(options.frameScale == 1 ? .raw : .dots(scale: options.frameScale))
                return GIFFileOutput(path: out, recorder: GIFRecorder(fps: setup.fps, look: look, mergesRepeats: true))
            }
            let shownFor = length ?? .seconds(5)
            return PNGSequenceOutput(directory: out, scale: options.frameScale,
                                     lastFrame: Int(Int128(shownFor.nanoseconds) * Int128(setup.fps) / 1_000_000_000))
        }
        var outputs: [any FrameOutput] = []
        var secondary: [(source: any FrameSource, output: any FrameOutput)] = []
        var tracedByMain = false
        for panel in panels {
            let isMain = panel.role == .main && outputs.isEmpty
            let output: any FrameOutput
            switch panel {
            case let .simulated(simulated, _):
                let shown = isMain ? [recorder].compactMap { $0 } + viewers : []
                output = SimulatedPanelOutput(panel: simulated, viewers: shown, trace: isMain ? trace : nil, warn: report)
                tracedByMain = tracedByMain || isMain
            case let .machine(driverOutput, _):
                output = driverOutput
            }
            if isMain {
                outputs.append(output)
            } else if let app {
                let size = panel.size
                secondary.append((StatusSource(width: size.width, height: size.height, app: { app.app }), output))
            }
        }
        if outputs.isEmpty {
            outputs.append(PlainPanelOutput(viewers: [recorder].compactMap { $0 } + viewers))
        } else if case .machine = panels[0] {
            // Beside real panels: the frames they were sent, and what the front end shows.
            outputs += [recorder].compactMap { $0 } + viewers
        }
        if options.showRefresh, case let .machine(main, _)? = panels.first(where: { $0.role == .main }), main.completedRefreshes != nil {
            outputs.append(RefreshRateReporter(panel: main, clock: clock))
        }
        if let trace, !tracedByMain { outputs.append(TraceWriterOutput(trace: trace)) }
        let allInputs = inputs + machineInputs + (script.map { [ScriptInputSource($0)] } ?? [])
        let loop = frameClock.map {
            FrameLoop(source: source, inputs: allInputs, clock: clock, frameClock: $0, outputs: outputs, secondary: secondary, length: length)
        } ?? FrameLoop(source: source, inputs: allInputs, clock: clock, framesPerSecond: setup.fps, outputs: outputs,
                       secondary: secondary, length: length)
        defer { status = loop.status }
        return try loop.run()
    }

    /// How long a run goes on: `seconds` when given; else, headless, a second past the script's
    /// last event, or 5 s; else until stopped (nil).
    public static func length(seconds: FrameTime?, headless: Bool, script: InputScript?) -> FrameTime? {
        if let seconds { return seconds }
        guard headless else { return nil }
        return script.flatMap { ScriptInputSource($0).lastEventTime }.map { $0 + .seconds(1) } ?? .seconds(5)
    }

    /// Bus transactions recorded for `--trace-bus` so far (nil without one).
    public var tracedTransactions: Int? { trace?.count }

    /// The main panel's device model, when the panels are simulated.
    public var mainPanel: SimulatedPanel? {
        for panel in panels { if case let .simulated(simulated, role) = panel, role == .main { return simulated } }
        return nil
    }

    /// Every simulated panel, main first (empty on the machine's buses).
    public var simulatedPanels: [SimulatedPanel] {
        panels.compactMap { if case let .simulated(panel, _) = $0 { panel } else { nil } }
    }

    /// A description of what is shown, for status lines: the main panel's, or the size.
    public var panelText: String { setup.mainPanel?.description.text ?? setup.size.description }

    /// The app's state, for tests and status lines (the content's when it is not the app: none).
    public var state: PixelWheelApp? { app?.app }

    /// Clicks so far.
    public var clicks: Int { app?.clicks ?? 0 }

    /// Warnings for the user, each once: the app's, the devices that went and came back, then
    /// the panel model's complaint about the traffic it received (a frame the chips reject,
    /// say), which would otherwise only show as a dark or wrong picture.
    public var warnings: [String] {
        (app?.warnings ?? []) + deviceMessages.messages + (mainPanel?.misfit.map { ["panel model: " + $0] } ?? [])
    }

    /// Why `key`=`value` is no effect parameter value, naming what would be.
    public static func parameterProblem(key: String, value: String) -> String {
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
}

extension StopRequestSource {
    /// The stop of a real-time run: SIGINT or SIGTERM (their handlers installed now).
    public static func onSignals() -> StopRequestSource {
        let signals = StopSignals()
        return StopRequestSource { signals.isRequested }
    }
}

/// Messages kept in order, shared by the outputs that report into it.
final class MessageLog {
    var messages: [String] = []
}

/// Writes a bus trace when the loop ends (when no simulated main panel does it).
final class TraceWriterOutput: FrameOutput {
    private let trace: BusTraceFile
    init(trace: BusTraceFile) { self.trace = trace }
    func show(_ frame: Frame, status: FrameStatus) {}
    func finish() throws { try trace.write() }
}
