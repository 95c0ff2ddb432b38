import PixelBus
import PixelConfig
import PixelCore
import PixelEffects
import PixelImages
import PixelPanels
import PixelSimulator
import PixelSystem

/// `pixelwheel render`: an effect on the virtual clock, written as a GIF or a PNG.
public enum OfflineRender {
    /// The frame rates a GIF takes.
    public static let gifFrameRates = 1...100
    /// GIF frame delays are whole hundredths of a second, and browsers stretch delays under
    /// 2/100 s to 1/10 s: a GIF faster than 50 fps plays slowly or judders, so GIFs stop here.
    public static let gifFPSLimit = GIFRecorder.fastestFPS

    /// Everything one render needs, checked.
    public struct Request: Sendable {
        /// The effect to render.
        public var effect: EffectDescriptor
        /// Its parameters, name → value (checked).
        public var parameters: [String: String]
        /// Panel size in LEDs (a `panel` overrides it).
        public var size: PanelSize
        /// Samples per LED along each axis.
        public var supersampling: Supersampling
        /// Seed for the effect's randomness.
        public var seed: UInt64
        /// The output file.
        public var output: String
        /// PNG or GIF, from the output's extension.
        public var format: Format
        /// GIF length in seconds.
        public var seconds: Fixed
        /// GIF frames per second (at most `gifFPSLimit`).
        public var fps: Int
        /// The frame rate asked for, when the GIF limit lowered it.
        public var cappedFrom: Int?
        /// PNG: the instant rendered, in seconds.
        public var instant: Fixed
        /// Output pixels per LED for the dot preview.
        public var scale: Int
        /// One pixel per LED instead of dots.
        public var raw: Bool
        /// A `--panel` description: frames go through that panel's driver and device model,
        /// and the output shows the model's picture. The panel sets the size.
        public var panel: PanelDescription?
        /// With a panel: where to write the bus trace.
        public var traceBus: String?

        /// Checks every value that does not need the effect to run; throws the first problem.
        public init(effect: EffectDescriptor, parameters: [String: String], size: PanelSize, supersampling: Supersampling,
                    seed: UInt64, output: String, seconds: Fixed, fps: Int, instant: Fixed, scale: Int, raw: Bool) throws {
            guard OfflineRender.gifFrameRates.contains(fps) else {
                throw RuntimeError.outOfRange(what: "a GIF's frame rate", allowed: "1...100 frames a second", got: "\(fps)")
            }
            try RuntimeError.checkScale(scale)
            self.format = try OfflineRender.format(of: output)
            try OfflineRender.checkWritable(output)
            self.effect = effect; self.parameters = parameters; self.size = size; self.supersampling = supersampling
            self.seed = seed; self.output = output; self.seconds = seconds; self.fps = fps; self.instant = instant
            self.scale = scale; self.raw = raw
            if format == .gif && fps > OfflineRender.gifFPSLimit {
                cappedFrom = fps
                self.fps = OfflineRender.gifFPSLimit
            }
            // Check parameters now, before any work.
            _ = try effect.makeScene(parameters: parameters, seed: seed, width: size.width, height: size.height)
            try checkGIFSize()
        }

        /// The request as the command line gives it: the effect by name, its parameters by
        /// name, the samples per LED along each axis (1, 2, 4 or 8), and spans in seconds;
        /// checked as the other initializer checks.
        public init(effectName: String, parameters: [String: String], size: PanelSize, samplesPerLED: Int, seed: UInt64, output: String,
                    seconds: Seconds, fps: Int, instant: Seconds, scale: Int, raw: Bool) throws {
            let supersampling = try RuntimeError.supersampling(samplesPerLED)
            try self.init(effect: try EffectCatalog.named(effectName), parameters: parameters, size: size,
                          supersampling: supersampling, seed: seed, output: output, seconds: seconds.value, fps: fps,
                          instant: instant.value, scale: scale, raw: raw)
        }

        /// Frames in the GIF: seconds × fps, rounded, at least 1.
        public var frameCount: Int { max(1, Int((Int64(seconds.raw) * Int64(fps) + 0x8000) >> 16)) }

        /// Refuses a GIF larger than 2^30 output pixels over the whole animation.
        func checkGIFSize() throws {
            guard format == .gif else { return }
            let perLED = Int64(raw ? 1 : scale * scale)
            let pixels = perLED * Int64(size.width * size.height) * Int64(frameCount)
            guard pixels <= 1 << 30 else {
                throw RuntimeError.unusable("a \(frameCount)-frame GIF of \(perLED) pixels per LED at \(size) is too large (\(pixels >> 20) Mpixels, limit 1024); "
                    + "make it shorter, at fewer frames a second or a smaller scale, or write one pixel per LED")
            }
        }
    }

    /// Output formats, chosen by the file name's extension.
    public enum Format: Sendable { case png, gif }

    /// The format for `path`, from its extension.
    static func format(of path: String) throws -> Format {
        let lower = path.lowercased()
        if lower.hasSuffix(".png") { return .png }
        if lower.hasSuffix(".gif") { return .gif }
        throw RuntimeError.badOutputPath(path: path, reason: "the name must end in .gif (animation) or .png (one frame)")
    }

    /// Fails early, before rendering, when the output's directory is missing or not writable
    /// (and, if `extensions` is given, when the name does not end in one of them).
    public static func checkWritable(_ path: String, extensions: [String]? = nil) throws {
        if let extensions, !extensions.contains(where: { path.lowercased().hasSuffix($0) }) {
            throw RuntimeError.badOutputPath(path: path, reason: "the name must end in \(extensions.joined(separator: " or "))")
        }
        let directory: String
        if let slash = path.lastIndex(of: "/") {
            directory = slash == path.startIndex ? "/" : String(path[..<slash])
        } else {
            directory = "."
        }
        switch directoryState(directory) {
        case .missing:
            throw RuntimeError.badOutputPath(path: path, reason: "directory '\(directory)' does not exist; create it first or write elsewhere")
        case .notDirectory:
            throw RuntimeError.badOutputPath(path: path, reason: "'\(directory)' is a file, not a directory; write elsewhere")
        case .notWritable:
            throw RuntimeError.badOutputPath(path: path, reason: "directory '\(directory)' is not writable; write elsewhere")
        case .writable:
            break
        }
        if FileSystem.kind(of: path) == .directory {
            throw RuntimeError.badOutputPath(path: path, reason: "it is a directory; give a file name")
        }
    }

    /// Fails when `directory` is missing, not a directory, or not writable.
    static func checkDirectory(_ directory: String) throws {
        switch directoryState(directory) {
        case .missing, .notDirectory:
            throw RuntimeError.badOutputPath(path: directory, reason: "the frames need an existing directory; create it first")
        case .notWritable:
            throw RuntimeError.badOutputPath(path: directory, reason: "the directory is not writable; write the frames elsewhere")
        case .writable:
            break
        }
    }

    /// What writing into `directory` would meet.
    enum DirectoryState { case missing, notDirectory, notWritable, writable }

    static func directoryState(_ directory: String) -> DirectoryState {
        switch FileSystem.kind(of: directory) {
        case .missing: return .missing
        case .directory: return FileSystem.isWritable(directory) ? .writable : .notWritable
        case .file, .other: return .notDirectory
        }
    }


    /// Renders as `run(_:progress:)` does; `showsProgress` times the progress bar on the
    /// machine's clock (the command line asks for it only when standard error is a terminal).
    public static func run(_ request: Request, showsProgress: Bool) throws -> String {
        try run(request, progress: showsProgress ? MonotonicClock() : nil)
    }

    /// Renders through a `Session` — the effect as its content, on device models and the
    /// virtual clock — and writes the file; returns a one-line summary. With a `progress` clock
    /// (the real one; the CLI gives it only on a terminal), a GIF that takes more than a second
    /// shows a progress bar timed on it.
    public static func run(_ request: Request, progress: (any Clock)? = nil) throws -> String {
        var request = request
        guard request.panel != nil || request.traceBus == nil else {
            throw RuntimeError.needs(what: "a bus trace", needs: "a panel", why: "the trace is that panel's bus traffic")
        }
        let file: any FrameOutput, frameClock: any FrameClock
        switch request.format {
        case .png:
            // One frame, at the instant asked for: a one-frame clock that starts there.
            file = PNGStillOutput(path: request.output, raw: request.raw, scale: request.scale)
            frameClock = SingleInstantClock(at: .seconds(request.instant))
        case .gif:
            let look = GIFRecorder.Look.style(request.raw ? .raw : .dots(scale: request.scale))
            file = GIFFileOutput(path: request.output, recorder: GIFRecorder(fps: request.fps, look: look, mergesRepeats: false))
            frameClock = VirtualFrameClock(framesPerSecond: request.fps)
        }
        let setup = Setup(panel: request.panel, size: request.size,
                          fps: request.format == .gif ? request.fps : 1, seed: request.seed, statePath: nil)
        var options = Session.Options()
        options.traceBus = request.traceBus
        // The session builds the panel once; its size, when there is one, is the frames' size,
        // checked (the GIF's size, the effect's parameters) before anything is rendered.
        let session = try Session(setup: setup, buses: .simulated(network: SimulatedNetwork()), clock: nil, options: options, content: .frames { width, height in
            if request.panel != nil {
                request.size = try PanelSize(width: width, height: height)
                try request.checkGIFSize()
            }
            let scene = try request.effect.makeScene(parameters: request.parameters, seed: request.seed, width: width, height: height)
            return EffectSource(scene: scene, size: request.size, supersampling: request.supersampling)
        })
        let length: FrameTime = request.format == .png ? .seconds(request.instant) : .frame(request.frameCount - 1, fps: request.fps)
        // A GIF that takes more than a second shows a progress bar (the CLI asks only on a terminal).
        let bar: [any FrameOutput] = request.format == .gif ? progress.map { [ProgressBarOutput(total: request.frameCount, clock: $0)] } ?? [] : []
        try session.run(viewers: [file] + bar, length: length, frameClock: frameClock)
        switch request.format {
        case .png: return "wrote \(request.output): \(request.effect.name) at \(request.instant)s, \(request.size) LEDs"
        case .gif:
            let cap = request.cappedFrom.map { " (not \($0): browsers play GIF frames shorter than 2/100 s slowly, so GIFs stop at \(OfflineRender.gifFPSLimit) fps)" } ?? ""
            return "wrote \(request.output): \(request.effect.name), \(request.frameCount) frames at \(request.fps) fps\(cap), \(request.size) LEDs"
        }
    }
}

/// A frame clock whose first tick is at `instant` and every later one just after it: a still
/// frame through the frame loop, which ends it with a length of `instant`.
struct SingleInstantClock: FrameClock {
    let instant: FrameTime
    let framesPerSecond = 1
    private var index: Int64 = 0
    init(at instant: FrameTime) { self.instant = instant }
    mutating func nextTick() -> FrameTick {
        defer { index += 1 }
        let t = index == 0 ? instant : instant + FrameTime(nanoseconds: 1)
        return FrameTick(index: index, timestamp: t, targetTimestamp: t, duration: .zero, missedFrames: 0)
    }
}
