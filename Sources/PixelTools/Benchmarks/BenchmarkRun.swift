import PixelCore
import PixelRuntime
import PixelSystem

/// `pixelwheel bench`: which measurements to take, taken on the machine's clock, and the report.
public struct BenchmarkRun {
    /// The frames a row may measure.
    public static let frameCounts = 1...100_000
    /// Frames (and encode iterations) measured per case.
    public var frames = 300
    /// Samples per LED along each axis: 1, 2, 4 or 8.
    public var samplesPerLED = 4
    /// The effects' sizes (empty: `Benchmark.defaultSizes`).
    public var sizes: [PanelSize] = []
    /// Only this effect (see `Benchmark.cases(effect:sizes:)`); with no panel, no encode rows.
    public var effect: String?
    /// Only this panel's encoder (see `EncodeBenchmark.panels(matching:)`); with no effect, no effect rows.
    public var panel: EncodeBenchmark.PanelFilter?
    /// Wheel turns for the input-latency row; nil: 120, or none with `effect` or `panel`.
    public var latencyEvents: Int?
    /// Only the network rows (parsing and receiving streams); they are also measured when no
    /// effect or panel is chosen.
    public var network = false
    /// With `network`: only the network rows whose label contains this text (e.g. "E1.31 data"),
    /// for `scripts/bench/frame-cost.sh` to count one row's instructions.
    public var networkRow: String?
    /// The register paths for the HUB75 refresh rows (gpiomem and RP1, on Linux).
    public var registerPaths: [EncodeBenchmark.RegisterPath] = []

    /// Everything, at the default sizes.
    public init() {}

    /// Measures, then reports as tables, or as one JSON document.
    public func report(json: Bool) throws -> String {
        let supersampling = try RuntimeError.supersampling(samplesPerLED)
        guard Self.frameCounts.contains(frames) else {
            throw RuntimeError.outOfRange(what: "the frames measured", allowed: "1...100000", got: "\(frames)")
        }
        let filtered = effect != nil || panel != nil || network
        let cases = effect == nil && filtered ? [] : try Benchmark.cases(effect: effect, sizes: sizes.isEmpty ? Benchmark.defaultSizes : sizes)
        let panels = panel == nil && filtered ? [] : try EncodeBenchmark.panels(matching: panel)
        let turns = latencyEvents ?? (filtered ? 0 : 120)
        let stopwatch = MonotonicClock()
        let rows = try Benchmark.run(cases: cases, supersampling: supersampling, frames: frames, stopwatch: stopwatch)
        let encodeRows = try EncodeBenchmark.run(iterations: frames, stopwatch: stopwatch, panels: panels, registerPaths: registerPaths)
        let networkRows = network || !filtered
            ? try NetworkBenchmark.run(iterations: frames, stopwatch: stopwatch, matching: networkRow) : []
        let streamLatency = (network && networkRow == nil) || !filtered ? try StreamLatencyBenchmark.run(clock: stopwatch) : nil
        let socketRates = (network && networkRow == nil) || !filtered ? try SocketRateBenchmark.run(clock: stopwatch) : []
        let latency = turns > 0
            ? try InputLatencyBenchmark.run(size: try PanelSize(width: 64, height: 32), fps: 60, events: turns, clock: stopwatch) : nil
        // A detent must reach Brick's paddle in the next frame, as it reaches the highlight.
        let gameLatency = turns > 0
            ? try InputLatencyBenchmark.run(size: try PanelSize(width: 64, height: 32), fps: 60, events: turns,
                                            opening: InputLatencyBenchmark.openBrick, screen: "Brick", clock: stopwatch) : nil
        if json { return Benchmark.jsonDocument(effects: rows, encode: encodeRows, network: networkRows, inputLatency: latency, streamLatency: streamLatency,
                                                           socketRates: socketRates, gameLatency: gameLatency) }
        var parts: [String] = []
        if !rows.isEmpty { parts.append(Benchmark.table(rows)) }
        if !encodeRows.isEmpty { parts.append(EncodeBenchmark.table(encodeRows)) }
        if !networkRows.isEmpty { parts.append(EncodeBenchmark.table(networkRows, firstColumn: "network")) }
        if let latency { parts.append(InputLatencyBenchmark.describe(latency)) }
        if let gameLatency { parts.append(InputLatencyBenchmark.describe(gameLatency)) }
        if let streamLatency { parts.append(StreamLatencyBenchmark.describe(streamLatency)) }
        if !socketRates.isEmpty { parts.append(SocketRateBenchmark.describe(socketRates)) }
        return parts.joined(separator: "\n\n")
    }
}
