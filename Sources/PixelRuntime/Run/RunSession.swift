import PixelConfig
import PixelCore
import PixelEffects
import PixelInputs
import PixelPanels
import PixelSimulator
import PixelSystem
import PixelUI
#if os(Linux)
import PixelLinux
#endif

/// `pixelwheel run --config FILE`: the configured panels and inputs through the one frame
/// loop — on the Pi's buses, or with `--simulate` on device models, in the terminal or headless.
public final class RunSession {
    /// What the command line adds to, or overrides in, the file.
    public struct Options: Sendable {
        /// The checked configuration.
        public var configuration: PixelWheelConfiguration
        /// Run on device models instead of the Pi's buses.
        public var simulate = false
        /// In the terminal (keyboard in, picture out); otherwise headless.
        public var interactive = false
        /// Stop after this long; nil runs until SIGINT or SIGTERM (or q).
        public var seconds: Fixed?
        /// Write each frame of the main panel here (simulated or real panels).
        public var framesOut: String?
        /// Timed input to play (`--script`).
        public var script: InputScript?
        /// Override of the file's frame rate.
        public var fps: Int?
        /// Override of the settings file.
        public var statePath: String?
        /// Print the HUB75 refresh rate once a second.
        public var showRefresh = false
        /// Panels on device models but the encoder and buttons on the real GPIO chip, on the
        /// real clock (frames with `framesOut`): for testing the inputs on a machine without panels.
        public var simulatePanels = false

        /// Options for `configuration`, run on the hardware until stopped.
        public init(configuration: PixelWheelConfiguration) { self.configuration = configuration }
    }

    let options: Options
    /// The app as the loop's frame source.
    public let source: AppSource
    private let loop: FrameLoop
    private let time: VirtualTime
    private var outputs: [any FrameOutput] = []
    /// Messages for the user while running (a missing device, the refresh set-up).
    public private(set) var messages: [String] = []

    /// Checks the options, then opens every device. Errors name the device and the fix. `clock`
    /// is the machine's clock for runs in real time (on the hardware, or in the terminal);
    /// headless simulated runs use a virtual one. `stop` ends a real-time run (SIGINT, SIGTERM).
    public init(options: Options, clock realClock: any Clock, stop: StopRequestSource) throws {
        self.options = options
        let c = options.configuration
        let fps = options.fps ?? c.fps
        guard (1...240).contains(fps) else { throw RuntimeError.badOption("--fps must be 1...240 (got \(fps))") }
        if let dir = options.framesOut { try OfflineRender.checkDirectory(dir, option: "--frames-out") }
        let time = VirtualTime()
        self.time = time

        // The app, sized by the main panel (or the file's size with no panel).
        let store = SettingsStore(path: options.statePath ?? c.statePath ?? SettingsStore.defaultPath())
        let (loaded, warning) = store.load(defaults: c.settings)
        let size: (width: Int, height: Int)
        if let main = c.mainPanel {
            let probe = try SimulatedPanel(main.description)
            size = (probe.width, probe.height)
        } else {
            size = (c.size.width, c.size.height)
        }
        // Real time on the hardware and in the terminal; the virtual clock for headless simulation.
        let realTime = options.interactive || !options.simulate
        let clock: any Clock = realTime ? realClock : time
        // Headless simulated runs show midnight, so their frames do not depend on when they ran.
        let wallClock: () -> Int = options.interactive || !options.simulate ? { Environment.localSecondsSinceMidnight() } : { 0 }
        var app = PixelWheelApp(width: size.width, height: size.height, framesPerSecond: fps, settings: loaded,
                                version: PixelWheelVersion.current, seed: c.seed, wallClock: wallClock)
        app.monochrome = c.mainPanel?.description.isOnOff ?? false
        if let text = c.text { app.marqueeText = text }
        if let start = c.startEffect { app.play(effectNamed: start, at: .zero) }
        let source = AppSource(app: app, store: store, warnings: warning.map { [$0] } ?? [])
        self.source = source
        var warnings: [String] = []
        let warn: (String) -> Void = { warnings.append($0); Environment.printError("pixelwheel: " + $0) }

        // Panels and inputs.
        #if os(Linux)
        let linuxProvider = LinuxBusProvider()  // opens nothing until a bus is asked for
        #endif
        var inputs: [any InputSource] = []
        var viewers: [any FrameOutput] = []
        // --frames-out: every frame of the main panel as a PNG, also beside real panels.
        let framesRecorder = options.framesOut.map { dir in
            let length = options.seconds.map { FrameTime.seconds($0) } ?? .seconds(5)
            return PNGSequenceOutput(directory: dir, scale: 1, lastFrame: Int(Int128(length.nanoseconds) * Int128(fps) / 1_000_000_000))
        }
        if options.simulate || options.simulatePanels {
            if options.interactive && options.simulate {
                viewers.append(try TerminalScreenOutput(width: size.width, height: size.height,
                                                        panelText: c.mainPanel?.description.text ?? c.size.description, clock: clock,
                                                        clicks: { source.clicks }, warnings: { source.warnings }))
                inputs.append(KeyboardInputSource(read: TerminalDevice.readAvailable, now: clock.now))
            }
            if let recorder = framesRecorder { viewers.append(recorder) }
            let provider = SimulatedBusProvider(time: time)
            if let main = c.mainPanel {
                outputs.append(SimulatedPanelOutput(panel: try SimulatedPanel(main.description, provider: provider), viewers: viewers))
            } else {
                outputs.append(PlainPanelOutput(viewers: viewers))
            }
            for status in c.statusPanels {
                let panel = try SimulatedPanel(status.description, provider: provider)
                outputs.append(SecondaryPanelOutput(source: StatusSource(width: panel.width, height: panel.height, app: { source.app }),
                                                    display: SimulatedPanelOutput(panel: panel, viewers: [])))
            }
        } else {
            #if os(Linux)
            let provider = linuxProvider
            for panel in c.panels {
                let driver = try panel.description.makeDriver(on: provider)
                let output = PanelDriverOutput(driver: driver, warn: warn)
                if let note = output.refreshNote { messages.append("HUB75 refresh: \(note)") }
                if panel.role == .main {
                    outputs.insert(output, at: 0)
                    if options.showRefresh, output.completedRefreshes != nil { outputs.append(RefreshRateReporter(panel: output, clock: clock)) }
                } else {
                    outputs.append(SecondaryPanelOutput(source: StatusSource(width: driver.panel.width, height: driver.panel.height,
                                                                             app: { source.app }), display: output))
                }
            }
            if let recorder = framesRecorder { outputs.append(recorder) }
            messages += provider.gpioPaths.map { "GPIO: \($0)" }
            #else
            throw RuntimeError.badOption("the Pi's buses exist only on Linux; run with --simulate")
            #endif
        }
        // The encoder, buttons and piezo on the real GPIO chip (also with --simulate-panels).
        if !options.simulate {
            #if os(Linux)
            if let piezo = c.piezo {
                // A click is a 1 ms pulse on the piezo's line: a tick, like the iPod's.
                let line = try LibgpiodLines(chip: try linuxProvider.chip(c.inputChip), outputMask: UInt64(1) << UInt64(piezo))
                source.onClick = {
                    try? line.write(set: UInt64(1) << UInt64(piezo), clear: 0)
                    line.hold(nanoseconds: 1_000_000)
                    try? line.write(set: 0, clear: UInt64(1) << UInt64(piezo))
                }
            }
            if let encoder = c.encoder {
                let buttons = Dictionary(uniqueKeysWithValues: c.buttons.wired.compactMap { wired -> (Int, InputAction.Button)? in
                    switch wired.action {
                    case .menu: (wired.gpio, .menu)
                    case .playPause: (wired.gpio, .playPause)
                    case .next: (wired.gpio, .next)
                    case .previous: (wired.gpio, .previous)
                    default: nil
                    }
                })
                let mask = ([encoder.a, encoder.b, encoder.button] + buttons.keys).reduce(UInt64(0)) { $0 | (UInt64(1) << UInt64($1)) }
                let gpio = try LibgpiodInputs(chip: try linuxProvider.chip(c.inputChip), inputMask: mask, clock: realClock)
                inputs.append(try EncoderInputSource(inputs: gpio, wiring: encoder, buttons: buttons))
            }
            #endif
        }
        if let script = options.script { inputs.append(ScriptInputSource(script)) }
        inputs.append(stop)
        let length: FrameTime? = options.seconds.map { FrameTime.seconds($0) }
        loop = FrameLoop(source: source, inputs: inputs, clock: clock, framesPerSecond: fps, outputs: outputs,
                         length: realTime ? length : length ?? .seconds(5))
        messages += warnings
    }

    /// Runs until the end, SIGINT or SIGTERM; panels are blanked and settings saved. Returns
    /// the number of frames shown.
    @discardableResult
    public func run() throws -> Int { try loop.run() }

    /// The loop's status after the run.
    public var status: FrameStatus { loop.status }

    /// With `simulate`, the panels' device models, main panel first (empty on the hardware).
    var simulatedPanels: [SimulatedPanel] {
        outputs.compactMap { output in
            ((output as? SecondaryPanelOutput)?.display ?? output) as? SimulatedPanelOutput
        }.map(\.panel)
    }
}
