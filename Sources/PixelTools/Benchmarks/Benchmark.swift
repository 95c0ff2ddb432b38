import PixelRuntime
import PixelInputs
import PixelCore
import PixelEffects
import PixelImages
import PixelPanels
import PixelSystem
import PixelSimulator
import PixelUI

/// `pixelwheel bench`: times every effect at several panel sizes on the virtual clock.
public enum Benchmark {
    /// One thing to measure: an effect with parameters, at a size.
    public struct Case: Sendable {
        /// The row's name, e.g. "starfield shader".
        public var label: String
        /// The effect's command-line name.
        public var effect: String
        /// Its parameters, name → value.
        public var parameters: [String: String]
        /// The panel size measured.
        public var size: PanelSize
    }

    /// One measured row.
    public struct Row: Sendable {
        /// The case's name.
        public var label: String
        /// The panel size measured.
        public var size: PanelSize
        /// Samples per LED along each axis.
        public var supersampling: Supersampling
        /// Frames measured.
        public var frames: Int
        /// Median and 99th percentile, nanoseconds.
        public var renderMedian: Int64, renderP99: Int64
        /// Downsampling (box filter) median and 99th percentile, nanoseconds.
        public var downsampleMedian: Int64, downsampleP99: Int64
        /// Colour encode (linear light → 8-bit sRGB preview image) median and 99th percentile, nanoseconds.
        public var colourMedian: Int64, colourP99: Int64
        /// Whole frame (render and downsample) median and 99th percentile, nanoseconds.
        public var totalMedian: Int64, totalP99: Int64
        /// Peak resident memory of the process during the row, in KiB (nil where the OS does not say).
        public var peakResidentKiB: Int?

        /// The row as `bench --json` writes it.
        var json: JSONValue {
            .object([
                ("effect", .string(label)), ("width", .int(Int64(size.width))), ("height", .int(Int64(size.height))),
                ("supersampling", .int(Int64(supersampling.rawValue))), ("frames", .int(Int64(frames))),
                ("render_median_ns", .int(renderMedian)), ("render_p99_ns", .int(renderP99)),
                ("downsample_median_ns", .int(downsampleMedian)), ("downsample_p99_ns", .int(downsampleP99)),
                ("colour_median_ns", .int(colourMedian)), ("colour_p99_ns", .int(colourP99)),
                ("frame_median_ns", .int(totalMedian)), ("frame_p99_ns", .int(totalP99)),
                ("peak_rss_kib", peakResidentKiB.map { .int(Int64($0)) } ?? .null),
            ])
        }
    }

    /// Sizes measured by default.
    public static let defaultSizes: [PanelSize] = [
        try! PanelSize(width: 64, height: 32), try! PanelSize(width: 128, height: 64), try! PanelSize(width: 256, height: 128),
    ]

    /// Every effect (both starfield modes) at every size in `sizes`: the seed effects, then the
    /// rest of the catalog with its defaults.
    public static func defaultCases(sizes: [PanelSize] = defaultSizes) -> [Case] {
        let effects: [(String, String, [String: String])] = [
            ("bounce", "bounce", [:]),
            ("starfield objects", "starfield", ["mode": "objects"]),
            ("starfield shader", "starfield", ["mode": "shader"]),
            ("rain", "rain", [:]),
            ("fan", "fan", [:]),
        ] + EffectCatalog.all.filter { $0.family != .classic }.map { ($0.name, $0.name, [:]) }
        return effects.flatMap { label, effect, params in
            sizes.map { Case(label: label, effect: effect, parameters: params, size: $0) }
        }
    }

    /// The default cases for `effect`, a label (`starfield shader`) or an effect name
    /// (`starfield`, both modes); all of them when `effect` is nil.
    public static func cases(effect: String?, sizes: [PanelSize] = defaultSizes) throws -> [Case] {
        let all = defaultCases(sizes: sizes)
        guard let effect else { return all }
        let chosen = all.filter { $0.label == effect || $0.effect == effect }
        guard !chosen.isEmpty else {
            let names = Set(all.flatMap { [$0.label, $0.effect] }).sorted()
            throw RuntimeError.unusable("effect '\(effect)' is not measured; use one of: \(names.joined(separator: ", "))")
        }
        return chosen
    }

    /// Runs `cases`, each for `frames` frames at 60 fps virtual time after a short warm-up,
    /// timing each stage on `stopwatch` (the machine's monotonic clock).
    public static func run(cases: [Case], supersampling: Supersampling, frames: Int, seed: UInt64 = 1, stopwatch: any Clock,
                           progress: (Row) -> Void = { _ in }) throws -> [Row] {
        var rows: [Row] = []
        for c in cases {
            let scene = try EffectCatalog.named(c.effect).makeScene(parameters: c.parameters, seed: seed,
                                                                       width: c.size.width, height: c.size.height)
            // Through the frame loop on the virtual clock at 60 fps: 10 warm-up frames, then `frames` timed.
            let source = TimedEffectSource(scene: scene, size: c.size, supersampling: supersampling, stopwatch: stopwatch)
            let time = VirtualTime()
            try FrameLoop(source: source, clock: time, framesPerSecond: 60, outputs: [],
                          length: .frame(9, fps: 60)).run()
            ProcessMemory.resetPeak()
            source.reset(capacity: frames)
            try FrameLoop(source: source, clock: time, framesPerSecond: 60, startFrame: 10, outputs: [],
                          length: .frame(9 + frames, fps: 60)).run()
            let render = source.renderTimes, down = source.downsampleTimes, colour = source.colourTimes
            let total = zip(render, down).map { $0 + $1 }
            let row = Row(label: c.label, size: c.size, supersampling: supersampling, frames: frames,
                          renderMedian: percentile(render, 50), renderP99: percentile(render, 99),
                          downsampleMedian: percentile(down, 50), downsampleP99: percentile(down, 99),
                          colourMedian: percentile(colour, 50), colourP99: percentile(colour, 99),
                          totalMedian: percentile(total, 50), totalP99: percentile(total, 99),
                          peakResidentKiB: ProcessMemory.peakResidentKiB())
            progress(row)
            rows.append(row)
        }
        return rows
    }

    // The stages of a frame, kept out of line so that `scripts/bench/frame-cost.sh` can read each
    // one's inclusive instruction count from callgrind.

    /// Clears the canvas and draws the scene.
    @inline(never) static func renderStage(_ player: inout EffectPlayer, at time: FrameTime) { player.draw(at: time) }

    /// Box-filters the canvas into the frame.
    @inline(never) static func downsampleStage(_ player: inout EffectPlayer) { player.downsample() }

    /// Converts the frame to an 8-bit sRGB image, one pixel per LED (what previews and GIFs start from).
    @inline(never) static func colourStage(_ frame: Frame) { _ = PanelPreview.raw(frame) }

    /// The `p`-th percentile (nearest rank) of `values`.
    public static func percentile(_ values: [Int64], _ p: Int) -> Int64 { Percentile.of(values, p) }

    /// The rows as an aligned text table, times in milliseconds.
    public static func table(_ rows: [Row]) -> String {
        let header = ["effect", "size", "S", "frames", "render med", "render p99", "downsample med", "downsample p99",
                      "colour med", "colour p99", "frame med", "frame p99", "peak RSS"]
        let body = rows.map { r in
            [r.label, r.size.description, r.supersampling.description, String(r.frames),
             ms(r.renderMedian), ms(r.renderP99), ms(r.downsampleMedian), ms(r.downsampleP99),
             ms(r.colourMedian), ms(r.colourP99), ms(r.totalMedian), ms(r.totalP99), r.peakResidentKiB.map { mib($0) } ?? "n/a"]
        }
        return TextTable.render(header: header, rows: body, leftAligned: [0, 1])
            + "\n(times in ms; median and 99th percentile per frame; frame = render + downsample; colour = linear → 8-bit sRGB"
            + " preview; peak RSS of the whole process)"
    }

    /// The rows as a JSON array (times in nanoseconds), one row a line.
    public static func json(_ rows: [Row]) -> String {
        "[\n  " + rows.map(\.json.text).joined(separator: ",\n  ") + "\n]"
    }

    /// The whole `bench --json` document: `{"effects":[…],` (one effect row a line, as
    /// `json(_:)` writes them), then `"encode":[…],`, `"network":[…]`, `"input_latency":{…}`
    /// and `"stream_latency":{…}` (or `null`), `"socket_rates":[…]` and `"game_latency":{…}`
    /// (Brick's paddle, or `null`), each on a line of its own.
    public static func jsonDocument(effects: [Row], encode: [EncodeBenchmark.Row], network: [EncodeBenchmark.Row] = [],
                                    inputLatency: InputLatencyBenchmark.Result?, streamLatency: InputLatencyBenchmark.Result? = nil,
                                    socketRates: [SocketRateBenchmark.Result] = [], gameLatency: InputLatencyBenchmark.Result? = nil) -> String {
        "{\"effects\":" + json(effects)
            + ",\n\"encode\":" + JSONValue.array(encode.map(\.json)).text
            + ",\n\"network\":" + JSONValue.array(network.map(\.json)).text
            + ",\n\"input_latency\":" + (inputLatency?.json ?? .null).text
            + ",\n\"stream_latency\":" + (streamLatency?.json ?? .null).text
            + ",\n\"socket_rates\":" + JSONValue.array(socketRates.map(\.json)).text
            + ",\n\"game_latency\":" + (gameLatency?.json ?? .null).text + "}"
    }

    static func ms(_ ns: Int64) -> String { Percentile.milliseconds(ns) }

    static func mib(_ kib: Int) -> String {
        let tenths = (kib * 10 + 512) / 1024
        return "\(tenths / 10).\(tenths % 10) MiB"
    }
}

/// An effect as the frame loop's source, timing each stage of a frame on the monotonic clock:
/// what `pixelwheel bench` measures. The stages are `Benchmark`'s out-of-line functions, whose
/// instruction counts `scripts/bench/frame-cost.sh` reads from callgrind.
final class TimedEffectSource: FrameSource {
    private var player: EffectPlayer
    /// Nanoseconds per frame spent drawing, downsampling and converting to sRGB, since `reset`.
    private(set) var renderTimes: [Int64] = [], downsampleTimes: [Int64] = [], colourTimes: [Int64] = []
    private let stopwatch: any Clock

    init(scene: any Scene, size: PanelSize, supersampling: Supersampling, stopwatch: any Clock) {
        player = EffectPlayer(scene: scene, size: size, supersampling: supersampling)
        self.stopwatch = stopwatch
    }

    /// Forgets the times measured so far and makes room for `capacity` more.
    func reset(capacity: Int) {
        renderTimes = []; downsampleTimes = []; colourTimes = []
        renderTimes.reserveCapacity(capacity); downsampleTimes.reserveCapacity(capacity); colourTimes.reserveCapacity(capacity)
    }

    func handle(_ event: InputEvent) {}

    func render(at time: FrameTime) -> Frame {
        let t0 = stopwatch.now()
        Benchmark.renderStage(&player, at: time)
        let t1 = stopwatch.now()
        Benchmark.downsampleStage(&player)
        let t2 = stopwatch.now()
        Benchmark.colourStage(player.frame)
        let t3 = stopwatch.now()
        renderTimes.append(t1 - t0)
        downsampleTimes.append(t2 - t1)
        colourTimes.append(t3 - t2)
        return player.frame
    }

    var brightnessPercent: Int? { 100 }
}
