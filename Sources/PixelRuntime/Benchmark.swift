import PixelCore
import PixelEffects
import PixelSystem
import PixelUI
import PixelPanels

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
        /// Whole frame median and 99th percentile, nanoseconds.
        public var totalMedian: Int64, totalP99: Int64
        /// Peak resident memory of the process during the row, in KiB (nil where the OS does not say).
        public var peakResidentKiB: Int?
    }

    /// Sizes measured by default.
    public static let defaultSizes: [PanelSize] = [
        try! PanelSize(width: 64, height: 32), try! PanelSize(width: 128, height: 64), try! PanelSize(width: 256, height: 128),
    ]

    /// Every effect (both starfield modes) at every size in `sizes`.
    public static func defaultCases(sizes: [PanelSize] = defaultSizes) -> [Case] {
        let effects: [(String, String, [String: String])] = [
            ("bounce", "bounce", [:]),
            ("starfield objects", "starfield", ["mode": "objects"]),
            ("starfield shader", "starfield", ["mode": "shader"]),
            ("rain", "rain", [:]),
            ("fan", "fan", [:]),
        ]
        return effects.flatMap { label, effect, params in
            sizes.map { Case(label: label, effect: effect, parameters: params, size: $0) }
        }
    }

    /// Runs `cases`, each for `frames` frames at 60 fps virtual time after a short warm-up.
    public static func run(cases: [Case], supersampling: Supersampling, frames: Int, seed: UInt64 = 1,
                           progress: (Row) -> Void = { _ in }) throws -> [Row] {
        var rows: [Row] = []
        for c in cases {
            let scene = try EffectCatalog.named(c.effect).makeScene(parameters: c.parameters, seed: seed,
                                                                       width: c.size.width, height: c.size.height)
            // Through the frame loop on the virtual clock at 60 fps: 10 warm-up frames, then `frames` timed.
            let source = TimedEffectSource(scene: scene, size: c.size, supersampling: supersampling)
            try FrameLoop(source: source, clock: VirtualFrameClock(framesPerSecond: 60), outputs: [],
                          length: .frame(9, fps: 60)).run()
            ProcessMemory.resetPeak()
            source.reset(capacity: frames)
            try FrameLoop(source: source, clock: VirtualFrameClock(framesPerSecond: 60, startFrame: 10), outputs: [],
                          length: .frame(9 + frames, fps: 60)).run()
            let render = source.renderTimes, down = source.downsampleTimes
            let total = zip(render, down).map { $0 + $1 }
            let row = Row(label: c.label, size: c.size, supersampling: supersampling, frames: frames,
                          renderMedian: percentile(render, 50), renderP99: percentile(render, 99),
                          downsampleMedian: percentile(down, 50), downsampleP99: percentile(down, 99),
                          totalMedian: percentile(total, 50), totalP99: percentile(total, 99),
                          peakResidentKiB: ProcessMemory.peakResidentKiB())
            progress(row)
            rows.append(row)
        }
        return rows
    }

    /// The `p`-th percentile (nearest rank) of `values`.
    public static func percentile(_ values: [Int64], _ p: Int) -> Int64 {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = max(1, (p * sorted.count + 99) / 100)
        return sorted[min(rank, sorted.count) - 1]
    }

    /// The rows as an aligned text table, times in milliseconds.
    public static func table(_ rows: [Row]) -> String {
        let header = ["effect", "size", "S", "frames", "render med", "render p99", "downsample med", "downsample p99",
                      "frame med", "frame p99", "peak RSS"]
        let body = rows.map { r in
            [r.label, r.size.description, r.supersampling.description, String(r.frames),
             ms(r.renderMedian), ms(r.renderP99), ms(r.downsampleMedian), ms(r.downsampleP99),
             ms(r.totalMedian), ms(r.totalP99), r.peakResidentKiB.map { mib($0) } ?? "n/a"]
        }
        return TextTable.render(header: header, rows: body, leftAligned: [0, 1])
            + "\n(times in ms; median and 99th percentile per frame; peak RSS of the whole process)"
    }

    /// The rows as a JSON array (times in nanoseconds).
    public static func json(_ rows: [Row]) -> String {
        let objects = rows.map { r in
            "{\"effect\":\"\(r.label)\",\"width\":\(r.size.width),\"height\":\(r.size.height),\"supersampling\":\(r.supersampling.rawValue),"
                + "\"frames\":\(r.frames),\"render_median_ns\":\(r.renderMedian),\"render_p99_ns\":\(r.renderP99),"
                + "\"downsample_median_ns\":\(r.downsampleMedian),\"downsample_p99_ns\":\(r.downsampleP99),"
                + "\"frame_median_ns\":\(r.totalMedian),\"frame_p99_ns\":\(r.totalP99),"
                + "\"peak_rss_kib\":\(r.peakResidentKiB.map(String.init) ?? "null")}"
        }
        return "[\n  " + objects.joined(separator: ",\n  ") + "\n]"
    }

    static func ms(_ ns: Int64) -> String {
        let us = (ns + 500) / 1000
        let frac = String(us % 1000)
        return "\(us / 1000).\(String(repeating: "0", count: 3 - frac.count))\(frac)"
    }

    static func mib(_ kib: Int) -> String {
        let tenths = (kib * 10 + 512) / 1024
        return "\(tenths / 10).\(tenths % 10) MiB"
    }
}

/// An effect as the frame loop's source, timing the render and downsample halves of each
/// frame on the monotonic clock: what `pixelwheel bench` measures.
final class TimedEffectSource: FrameSource {
    private var player: EffectPlayer
    /// Nanoseconds per frame spent drawing, since the last `reset`.
    private(set) var renderTimes: [Int64] = []
    /// Nanoseconds per frame spent downsampling, since the last `reset`.
    private(set) var downsampleTimes: [Int64] = []

    init(scene: any Scene, size: PanelSize, supersampling: Supersampling) {
        player = EffectPlayer(scene: scene, size: size, supersampling: supersampling)
    }

    /// Forgets the times measured so far and makes room for `capacity` more.
    func reset(capacity: Int) {
        renderTimes = []; downsampleTimes = []
        renderTimes.reserveCapacity(capacity); downsampleTimes.reserveCapacity(capacity)
    }

    func handle(_ event: InputEvent) {}

    func render(at time: FrameTime) -> Frame {
        let t0 = MonotonicClock.nanoseconds()
        player.draw(at: time)
        let t1 = MonotonicClock.nanoseconds()
        player.downsample()
        let t2 = MonotonicClock.nanoseconds()
        renderTimes.append(t1 - t0)
        downsampleTimes.append(t2 - t1)
        return player.frame
    }

    var brightnessPercent: Int { 100 }
}
