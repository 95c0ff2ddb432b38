import ArgumentParser
import PixelPanels
import PixelRuntime
import PixelTools

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render an effect offline to an animated GIF, or one frame to a PNG.",
        discussion: """
            The output looks like the panel: each LED a round dot on black, --scale pixels apart; \
            --raw writes one pixel per LED instead. The file is written whole or not at all.

            Examples:
              pixelwheel render bounce --size 64x32 --seconds 5 --fps 30 --out dvd.gif
              pixelwheel render starfield --param mode=shader --at 2.5 --out stars.png
              pixelwheel render fan --raw --out fan.png
            """)

    @Argument(help: "The effect: any name 'pixelwheel list' shows, such as plasma, fire or bounce.")
    var effect: String

    @OptionGroup var rendering: RenderingOptions

    @Option(name: .long, help: "Output file: .gif for an animation, .png for one frame.")
    var out: String

    @Option(name: .long, parsing: .unconditional, help: "GIF length in seconds (0.1...600).")
    var seconds: Seconds = "5"

    @Option(name: .long, parsing: .unconditional, help: "GIF frames per second (1...100).")
    var fps: Int = 30

    @Option(name: .long, parsing: .unconditional, help: "PNG: the instant to render, in seconds.")
    var at: Seconds = "0"

    @Option(name: .long, parsing: .unconditional, help: "Output pixels per LED for the dot preview (1...64).")
    var scale: Int = 8

    @Flag(name: .long, help: "Write one pixel per LED instead of the dot preview.")
    var raw = false

    @Option(name: .long, help: ArgumentHelp("Render through a panel's driver and device model, e.g. hub75:rows=32,cols=64 (the panel sets the size).", valueName: "TYPE:key=value,…"),
            transform: parsePanel)
    var panel: PanelDescription?

    @Option(name: .long, help: "With --panel: write every bus transaction to FILE.jsonl.")
    var traceBus: String?

    func validate() throws {
        try seconds.check("--seconds", in: "0.1"..."600")
        try at.check("--at", in: "0"..."32767")
        try OptionError.checkFrameRate(fps, in: OfflineRender.gifFrameRates)
        try OptionError.checkScale(scale)
        try OptionError.checkSupersample(rendering.supersample)
        guard traceBus == nil || panel != nil else {
            throw OptionError.needs(option: "--trace-bus", what: "--panel", why: "the trace is that panel's bus traffic")
        }
    }

    func run() throws {
        var request = try OfflineRender.Request(
            effectName: effect, parameters: rendering.param.byName, size: rendering.size, samplesPerLED: rendering.supersample,
            seed: rendering.seed, output: out, seconds: seconds, fps: fps, instant: at, scale: scale, raw: raw)
        request.panel = panel
        request.traceBus = traceBus
        let summary = try OfflineRender.run(request, showsProgress: Console.errorIsTerminal)
        print(summary)
    }
}

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time every effect at 64x32, 128x64 and 256x128 (render, downsample, peak memory).",
        discussion: "Build with -c release for meaningful numbers ('make bench'). Medians are robust to a noisy machine; p99 is not.")

    @Option(name: .long, parsing: .unconditional, help: "Frames measured per effect and size.")
    var frames: Int = 300

    @Option(name: .long, parsing: .unconditional, help: "Samples per LED along each axis: 1, 2, 4 or 8.")
    var supersample: Int = 4

    @Option(name: .long, parsing: .upToNextOption, help: "Sizes to measure, WIDTHxHEIGHT (default 64x32 128x64 256x128).")
    var sizes: [PanelSize] = []

    @Flag(name: .long, help: "Print JSON instead of a table.")
    var json = false

    @Option(name: .long, parsing: .unconditional, help: "Wheel turns for the input-latency row (0 skips it; skipped by default with --effect or --panel).")
    var latencyEvents: Int?

    @Option(name: .long, help: ArgumentHelp("Measure only this effect: any name 'pixelwheel list' shows (starfield is both modes), or 'starfield objects' or 'starfield shader'. Without --panel, no encode rows.", valueName: "NAME"))
    var effect: String?

    @Option(name: .long, help: ArgumentHelp("Measure only this panel's encoder: a type (hub75) for its default rows, or a description (hub75:rows=64,cols=128). Without --effect, no effect rows.", valueName: "TYPE:key=value,…"),
            transform: { text in try EncodeBenchmark.PanelFilter(parsing: text) })
    var panel: EncodeBenchmark.PanelFilter?

    @Flag(name: .long, help: "Measure only the network rows: parsing each stream protocol's packet, receiving a 128x64 frame over E1.31 and DDP, and the highest frame rate over loopback sockets.")
    var network = false

    @Option(name: .long, help: ArgumentHelp("With --network (implied): only the rows whose label contains this text, e.g. 'E1.31 data'.", valueName: "TEXT"))
    var networkRow: String?

    func validate() throws {
        try OptionError.checkSupersample(supersample)
        guard BenchmarkRun.frameCounts.contains(frames) else {
            throw OptionError.outOfRange(option: "--frames", allowed: "1...100000", got: "\(frames)")
        }
    }

    func run() throws {
        var bench = BenchmarkRun()
        bench.network = network || networkRow != nil
        bench.networkRow = networkRow
        bench.frames = frames; bench.samplesPerLED = supersample; bench.sizes = sizes
        bench.effect = effect; bench.panel = panel; bench.latencyEvents = latencyEvents
        bench.registerPaths = registerBenchmarks()
        print(try bench.report(json: json))
    }
}
