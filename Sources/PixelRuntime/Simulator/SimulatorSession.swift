#if canImport(Glibc)
import Glibc
#endif
import PixelCore
import PixelEffects
import PixelSimulator
import PixelUI

/// `pixelwheel sim`: the PixelWheel app on a simulated panel — in the terminal, paced by the
/// monotonic clock and driven by the keyboard, or headless on the virtual clock, driven by
/// a script and writing each frame as a PNG.
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
    private(set) var app: PixelWheelApp
    private let store: SettingsStore
    private var savedRevision: Int
    private var canvas: Canvas
    /// Warnings for the user (e.g. a damaged settings file), reported once.
    public private(set) var warnings: [String] = []
    /// Clicks so far (the simulator's stand-in for the piezo).
    public private(set) var clicks = 0
    /// The simulated panel, when one was asked for.
    public let panel: SimulatedPanel?
    private let trace: BusTraceFile?
    /// The instant being shown, for stamping bus traces.
    private let traceClock = TraceStamp()

    /// Loads the settings and builds the app.
    public init(options: Options, wallClock: @escaping () -> Int) throws {
        guard (1...240).contains(options.fps) else { throw RuntimeError.badOption("--fps must be 1...240 (got \(options.fps))") }
        guard (1...64).contains(options.frameScale) else { throw RuntimeError.badOption("--scale must be 1...64 (got \(options.frameScale))") }
        if let dir = options.framesOut { try OfflineRender.checkDirectory(dir, option: "--frames-out") }
        self.options = options
        let traceFile = options.traceBus.map { BusTraceFile(path: $0) }
        if let path = options.traceBus { try OfflineRender.checkWritable(path, extensions: [".jsonl", ".json", ".txt", ".trace"]) }
        trace = traceFile
        let stamp = traceClock
        panel = try options.panel.map { try SimulatedPanel($0, trace: traceFile, clock: { stamp.nanoseconds }) }
        let size = try panel.map { try PanelSize(width: $0.width, height: $0.height) } ?? options.size
        store = SettingsStore(path: options.statePath)
        let (settings, warning) = store.load()
        if let warning { warnings.append(warning) }
        app = PixelWheelApp(width: size.width, height: size.height, framesPerSecond: options.fps,
                            settings: settings, version: PixelWheelVersion.current, seed: options.seed, wallClock: wallClock)
        app.monochrome = panel?.isMonochrome ?? false
        app.textFont = options.textFont
        if let text = options.text { app.marqueeText = text }
        savedRevision = app.settingsRevision
        canvas = Canvas(width: size.width, height: size.height, supersampling: settings.supersampling)
    }

    /// Applies `event`, counting clicks and saving settings that changed.
    public mutating func handle(_ event: InputEvent) throws {
        var clicked = 0
        app.onClick = { clicked += 1 }
        app.handle(event)
        app.onClick = nil
        clicks += clicked
        if app.settingsRevision != savedRevision {
            savedRevision = app.settingsRevision
            do {
                try store.save(app.settings)
            } catch {
                // Keep running with the new settings; say once that they will not survive a restart.
                let warning = "cannot save settings to \(store.path) (\(error)); they will not survive a restart — use --state FILE in a writable place"
                if !warnings.contains(warning) { warnings.append(warning) }
            }
        }
    }

    /// What a person sees at `time`: the frame (brightness applied) or, with a panel, the
    /// panel's device model after the frame went through the driver.
    public mutating func shown(at time: FrameTime) throws -> Frame {
        let f = frame(at: time)
        guard let panel else { return f }
        traceClock.nanoseconds = time.nanoseconds
        return try panel.show(f)
    }

    /// Writes the bus trace, if one was asked for.
    public func finishTrace() throws { try trace?.write() }

    /// The frame the app draws at `time`, brightness applied (on/off panels take it at full
    /// level: their brightness is the chip's own `brightness=` option).
    public mutating func frame(at time: FrameTime) -> Frame {
        if canvas.supersampling != app.settings.supersampling {
            canvas = Canvas(width: canvas.width, height: canvas.height, supersampling: app.settings.supersampling)
        }
        canvas.clear()
        canvas.setTransform(.identity)
        app.render(into: &canvas, at: time)
        var frame = canvas.downsample()
        if app.monochrome { return frame }
        let level = Fixed(app.settings.brightness, over: 100)
        for i in frame.pixels.indices { frame.pixels[i] = frame.pixels[i].scaled(by: level) }
        return frame
    }

    /// The app's state, for tests and the status line.
    public var state: PixelWheelApp { app }

    /// Headless run on the virtual clock: frame k shows instant k/fps; script events apply at
    /// their own instants before the frame that follows them. Returns the number of frames.
    @discardableResult
    public mutating func runHeadless(onFrame: (Int, Frame) throws -> Void = { _, _ in }) throws -> Int {
        let events = options.script?.events ?? []
        let length = options.seconds.map { FrameTime.seconds($0) }
            ?? (events.last.map { $0.time + .seconds(1) } ?? .seconds(5))
        var clock = VirtualFrameClock(framesPerSecond: options.fps)
        var next = 0
        var count = 0
        // Names sort in frame order: six digits, more when the run has a million frames or more.
        let lastFrame = Int(Int128(length.nanoseconds) * Int128(options.fps) / 1_000_000_000)
        let digits = max(6, String(lastFrame).count)
        while true {
            let tick = clock.nextTick()
            guard tick.timestamp <= length else { break }
            while next < events.count && events[next].time <= tick.timestamp {
                try handle(events[next])
                next += 1
            }
            let frame = try shown(at: tick.timestamp)
            if let dir = options.framesOut {
                let image = options.frameScale == 1 ? PanelPreview.raw(frame) : PanelPreview.dots(frame, scale: options.frameScale)
                try PNGFile.write(image, to: dir + "/" + Self.frameName(count, digits: digits))
            }
            try onFrame(count, frame)
            count += 1
        }
        try finishTrace()
        return count
    }

    /// `frame-000042.png`: the index padded to `digits` digits.
    public static func frameName(_ index: Int, digits: Int = 6) -> String {
        let text = String(index)
        return "frame-" + String(repeating: "0", count: max(0, digits - text.count)) + text + ".png"
    }

    /// Interactive run in the terminal until q (or `seconds`). The caller checked for a TTY.
    public mutating func runInteractive() throws {
        let trueColor = TerminalSession.supportsTrueColor
        let first = try shown(at: .zero)
        // The panel takes width columns and height/2 rows, plus the status lines below it.
        if let size = TerminalSession.size, size.columns < first.width || size.rows < (first.height + 1) / 2 + 3 {
            throw RuntimeError.badOption(
                "the terminal is \(size.columns)x\(size.rows) characters but a \(first.width)x\(first.height) panel needs at least "
                    + "\(first.width)x\((first.height + 1) / 2 + 3); enlarge the window or choose a smaller --size")
        }
        var view = TerminalView(width: first.width, height: first.height,
                                colorMode: trueColor ? .trueColor : .palette256, originRow: 1, originColumn: 1)
        var keys = KeyDecoder()
        var clock = PacedFrameClock(framesPerSecond: options.fps, source: MonotonicClock())
        let events = options.script?.events ?? []
        var next = 0
        var renderTimes: [Int64] = []
        var ticker = ClickTicker()
        let limit = options.seconds.map { FrameTime.seconds($0) }
        TerminalSession.enter()
        defer { TerminalSession.restore(); try? finishTrace() }
        var warningsShown = 0
        loop: while true {
            let tick = clock.nextTick()
            if let limit, tick.timestamp > limit { break }
            var now = MonotonicClock.nanoseconds()
            var decoded = keys.feed(TerminalSession.readAvailable(), at: now)
            decoded += keys.tick(at: now)
            while next < events.count && events[next].time <= tick.timestamp {
                try handle(events[next])
                next += 1
            }
            var frame: Frame
            var rendered: Int64
            // Late latching: keys that arrive while the frame renders are applied and the frame
            // rendered again before it is shown, so no key waits longer than one frame period.
            repeat {
                for key in decoded {
                    switch key {
                    case .quit: break loop
                    case let .action(action): try handle(InputEvent(action, at: tick.timestamp))
                    }
                }
                let start = MonotonicClock.nanoseconds()
                frame = try shown(at: tick.timestamp)
                rendered = MonotonicClock.nanoseconds() - start
                now = MonotonicClock.nanoseconds()
                decoded = keys.feed(TerminalSession.readAvailable(), at: now)
            } while !decoded.isEmpty
            renderTimes.append(rendered)
            if renderTimes.count > 60 { renderTimes.removeFirst() }
            var output = view.update(to: frame)
            let median = Benchmark.percentile(renderTimes, 50)
            // Status lines, cut to the terminal's width so they never wrap and scroll the panel away.
            let columns = max(1, (TerminalSession.size?.columns ?? 200) - 1)
            func fit(_ text: String) -> String { String(text.prefix(columns)) }
            let ticking = ticker.isShowing(clicks: clicks, at: now)
            output += "\u{1B}[\(view.rows + 1);1H\u{1B}[0m\u{1B}[2K"
            output += fit("→/↓/j turn · ←/↑/k back · Enter select (hold: off) · Esc/m menu · p play/pause · n/b next/prev · q quit")
            output += "\u{1B}[\(view.rows + 2);1H\u{1B}[2K"
            output += fit("\(panel?.text ?? options.size.description) · \(options.fps) fps · frame \(Benchmark.ms(median)) ms · missed \(tick.missedFrames) · clicks \(clicks) \(ticking ? "✓ tick" : "      ")")
            if warnings.count > warningsShown {  // the newest warning, in yellow, under the status line
                warningsShown = warnings.count
                output += "\u{1B}[\(view.rows + 3);1H\u{1B}[2K\u{1B}[33m\(fit(warnings[warnings.count - 1]))\u{1B}[0m"
            }
            TerminalSession.write(output)
        }
    }
}
