import Foundation
import Testing
import PixelUI
import PixelPanels
import PixelSystem
import PixelInputs
import PixelImages
import PixelCore
import PixelEffects
import PixelSimulator
#if os(Linux)
import PixelLinux
#endif
import PixelRuntime
@testable import PixelTools

struct BenchmarkTests {
    @Test func benchmarkMeasuresEveryEffectAndSize() throws {
        let sizes = [try PanelSize(width: 16, height: 8), try PanelSize(width: 32, height: 16)]
        let rows = try Benchmark.run(cases: Benchmark.defaultCases(sizes: sizes), supersampling: .x2, frames: 3, stopwatch: MonotonicClock())
        let library = EffectCatalog.all.filter { $0.family != .classic }.map(\.name)
        #expect(rows.count == 2 * (5 + library.count))
        #expect(rows.map(\.label) == (["bounce", "starfield objects", "starfield shader", "rain", "fan"] + library).flatMap { [$0, $0] })
        #expect(rows.map(\.size.width) == Array(repeating: [16, 32], count: rows.count / 2).flatMap { $0 })
        #expect(rows.allSatisfy { $0.frames == 3 && $0.renderMedian > 0 && $0.downsampleMedian > 0 && $0.peakResidentKiB != nil })
        let table = Benchmark.table(rows)
        #expect(table.contains("starfield shader") && table.contains("32x16"))
        #expect(Benchmark.json(rows).hasPrefix("[\n  {\"effect\":\"bounce\""))
    }

    @Test func effectFilterPicksALabelOrEveryModeOfAnEffect() throws {
        let sizes = [try PanelSize(width: 16, height: 8)]
        #expect(try Benchmark.cases(effect: "starfield", sizes: sizes).map(\.label) == ["starfield objects", "starfield shader"])
        #expect(try Benchmark.cases(effect: "starfield shader", sizes: sizes).map(\.parameters) == [["mode": "shader"]])
        #expect(try Benchmark.cases(effect: nil, sizes: sizes).count == 5 + EffectCatalog.all.count - 4)
        #expect(try Benchmark.cases(effect: "plasma", sizes: sizes).map(\.label) == ["plasma"])
        #expect(throws: RuntimeError.self) { try Benchmark.cases(effect: "plaid", sizes: sizes) }
        let rows = try Benchmark.run(cases: Benchmark.cases(effect: "fan", sizes: sizes), supersampling: .x2, frames: 2, stopwatch: MonotonicClock())
        #expect(rows.map(\.label) == ["fan"] && Benchmark.table(rows).contains("colour med"))
    }

    @Test func percentileIsNearestRank() {
        let values: [Int64] = Array(1...100)
        #expect(Benchmark.percentile(values, 50) == 50)
        #expect(Benchmark.percentile(values, 99) == 99)
        #expect(Benchmark.percentile([7], 99) == 7)
    }

    @Test func jsonDocumentIsOneEffectALineThenEncodeAndLatency() throws {
        let rows = [
            Benchmark.Row(label: "bounce", size: try PanelSize(width: 64, height: 32), supersampling: .x4, frames: 90,
                          renderMedian: 1, renderP99: 2, downsampleMedian: 3, downsampleP99: 4, colourMedian: 5, colourP99: 6,
                          totalMedian: 7, totalP99: 8, peakResidentKiB: 9),
            Benchmark.Row(label: "starfield shader", size: try PanelSize(width: 8, height: 4), supersampling: .x1, frames: 2,
                          renderMedian: 10, renderP99: 20, downsampleMedian: 30, downsampleP99: 40, colourMedian: 50, colourP99: 60,
                          totalMedian: 70, totalP99: 80, peakResidentKiB: nil),
        ]
        let encode = [
            EncodeBenchmark.Row(label: "WS2812 16x16 → SPI bytes", iterations: 3, median: 100, p99: 200, output: "", allocationsPerIteration: nil),
            EncodeBenchmark.Row(label: "HT16K33", iterations: 3, median: 300, p99: 400, output: "", allocationsPerIteration: 2.5),
        ]
        let latency = InputLatencyBenchmark.Result(samples: 4, median: 1000, p99: 2000, maximum: 3000, framePeriod: 16_666_667,
                                                   fps: 60, size: try PanelSize(width: 64, height: 32))
        var paddle = latency
        paddle.median = 1500
        #expect(Benchmark.jsonDocument(effects: rows, encode: encode, inputLatency: latency, gameLatency: paddle) == """
            {"effects":[
              {"effect":"bounce","width":64,"height":32,"supersampling":4,"frames":90,"render_median_ns":1,"render_p99_ns":2,\
            "downsample_median_ns":3,"downsample_p99_ns":4,"colour_median_ns":5,"colour_p99_ns":6,"frame_median_ns":7,"frame_p99_ns":8,\
            "peak_rss_kib":9},
              {"effect":"starfield shader","width":8,"height":4,"supersampling":1,"frames":2,"render_median_ns":10,"render_p99_ns":20,\
            "downsample_median_ns":30,"downsample_p99_ns":40,"colour_median_ns":50,"colour_p99_ns":60,"frame_median_ns":70,"frame_p99_ns":80,\
            "peak_rss_kib":null}
            ],
            "encode":[{"encode":"WS2812 16x16 → SPI bytes","median_ns":100,"p99_ns":200,"allocations_per_iteration":null},\
            {"encode":"HT16K33","median_ns":300,"p99_ns":400,"allocations_per_iteration":2.5}],
            "network":[],
            "input_latency":{"median_ns":1000,"p99_ns":2000,"max_ns":3000,"frame_period_ns":16666667},
            "stream_latency":null,
            "socket_rates":[],
            "game_latency":{"median_ns":1500,"p99_ns":2000,"max_ns":3000,"frame_period_ns":16666667}}
            """)
        #expect(Benchmark.jsonDocument(effects: [], encode: [], inputLatency: nil) == "{\"effects\":[\n  \n],\n\"encode\":[],\n\"network\":[],\n\"input_latency\":null,\n\"stream_latency\":null,\n\"socket_rates\":[],\n\"game_latency\":null}")
    }
}

struct InputLatencyBenchmarkTests {
    @Test func everyPostedTurnIsMeasuredOnTheFrameThatShowsIt() throws {
        let result = try InputLatencyBenchmark.run(size: try PanelSize(width: 32, height: 16), fps: 60, events: 6, clock: MonotonicClock())
        #expect(result.samples == 6)
        #expect(result.median > 0 && result.framePeriod == 16_666_666 && result.size.width == 32)
    }

    /// In Brick each detent moves the paddle, so every frame after a turn differs from the one
    /// before (the run checks it) and each turn is measured on the frame that shows it.
    @Test func brickPaddleTurnsAreMeasuredToo() throws {
        let result = try InputLatencyBenchmark.run(size: try PanelSize(width: 32, height: 16), fps: 60, events: 6,
                                                   opening: InputLatencyBenchmark.openBrick, screen: "Brick", clock: MonotonicClock())
        #expect(result.samples == 6)
        #expect(InputLatencyBenchmark.describe(result).hasPrefix("input latency (Brick, 32x16"))
    }
}

struct EncodeBenchmarkTests {
    /// The register paths `bench` measures on Linux: gpiomem's and RP1's code into registers in
    /// memory.
    var registerPaths: [EncodeBenchmark.RegisterPath] {
        #if os(Linux)
        return [EncodeBenchmark.RegisterPath(name: "gpiomem registers") { try GPIOMemLines.countingStores(outputMask: $0) },
                EncodeBenchmark.RegisterPath(name: "RP1 registers", reference: RP1Lines.hzellerStoresPerRefresh,
                                             overRP1Window: { try RP1Lines(registers: $1, outputMask: $0) }) { try RP1Lines.countingStores(outputMask: $0) }]
        #else
        return []
        #endif
    }

    @Test func everyPanelTypeHasAnEncodeRowAndTheRefreshWritesEveryPinWord() throws {
        let rows = try EncodeBenchmark.run(iterations: 2, stopwatch: MonotonicClock(), panels: EncodeBenchmark.panels(matching: nil), registerPaths: registerPaths)
        #if os(Linux)
        #expect(rows.count == 14)
        // Through the gpiomem registers each pin write is a GPSET0 and/or a GPCLR0 store.
        let stores = try #require(rows.first { $0.label == "HUB75 64x32 11-bit refresh (gpiomem registers)" }?.output)
        // 23232 pin writes, some setting and clearing lines at once: per plane the latch opens
        // in the write that selects the row, so 3 stores a column and about 4.2 a plane, against
        // 34,352 for hzeller's library at --led-slowdown-gpio=0 (plus 1,952 to its PWM pulser).
        #expect(stores == "34095 register writes")
        // RP1's XOR alias makes every write one store: two a column (22,528 for 176 planes of 64
        // columns), two a plane to latch through SET and CLR (352), one more to blank each of the
        // 79 planes whose on-time outlasts the next plane's shifting, and the last plane lit and
        // blanked in two: 22,961, against 23,153 for hzeller's RIO backend, run the same way.
        let rp1 = try #require(rows.first { $0.label == "HUB75 64x32 11-bit refresh (RP1 registers)" }?.output)
        // Beside it, hzeller's count and the refresh rate estimated through the RP1 model.
        #expect(rp1 == "22961 register writes (hzeller's: 23153); full white ≈ 209 Hz, 371 Hz with pwm-dither-bits=1 (estimate)")
        #else
        #expect(rows.count == 10)
        #endif
        #expect(rows.contains { $0.label == "IS31FL3731 16x9 → transactions" })
        #expect(rows.contains { $0.label.hasPrefix("HUB75 64x32 11-bit refresh (null") && $0.output == "23232 pin writes" })
        #expect(rows.contains { $0.label.hasPrefix("WS2812 16x16") && $0.output == "3092 bytes" })
        #expect(EncodeBenchmark.table(rows).contains("allocs/iter"))
    }

    /// hzeller's count is shown only for the set-up it was measured with, and the other dither
    /// setting only where the panel can take it.
    @Test func theRP1RowComparesWithHzellerOnlyWhereItWasMeasured() throws {
        #if os(Linux)
        func rp1(_ text: String) throws -> String {
            let rows = try EncodeBenchmark.run(iterations: 1, stopwatch: MonotonicClock(), panels: [try PanelDescription(parsing: text)],
                                               registerPaths: registerPaths)
            return try #require(rows.first { $0.label.contains("(RP1 registers)") }?.output)
        }
        #expect(try rp1("hub75:rows=32,cols=32,chain=2") == "22961 register writes; full white ≈ 209 Hz, 371 Hz with pwm-dither-bits=1 (estimate)")
        #expect(try rp1("hub75:rows=16,cols=32,pwm-bits=1").hasSuffix("register writes; full white ≈ 37593 Hz (estimate)"))
        #endif
    }

    @Test func panelFilterPicksATypesRowsOrOneDescription() throws {
        func chosen(_ text: String) throws -> [String] {
            try EncodeBenchmark.panels(matching: EncodeBenchmark.PanelFilter(parsing: text)).map(\.text)
        }
        let hub75Defaults = try ["hub75:rows=32,cols=64,pwm-bits=11", "hub75:rows=64,cols=128,pwm-bits=11"].map { try PanelDescription(parsing: $0).text }
        #expect(try chosen("hub75") == hub75Defaults)
        #expect(try chosen("HT16K33") == [try PanelDescription(parsing: "ht16k33").text])
        let rows = try EncodeBenchmark.run(iterations: 1, stopwatch: MonotonicClock(),
                                           panels: EncodeBenchmark.panels(matching: EncodeBenchmark.PanelFilter(parsing: "hub75:rows=16,cols=32,pwm-bits=8")),
                                           registerPaths: registerPaths)
        #expect(rows.map(\.label).prefix(2) == ["HUB75 32x16 8-bit → bit planes", "HUB75 32x16 8-bit refresh (null port)"])
        #if os(Linux)
        #expect(rows.map(\.label).suffix(2) == ["HUB75 32x16 8-bit refresh (gpiomem registers)", "HUB75 32x16 8-bit refresh (RP1 registers)"])
        #endif
        #expect(throws: RuntimeError.self) { try EncodeBenchmark.PanelFilter(parsing: "lcd") }
        #expect(throws: (any Error).self) { try EncodeBenchmark.PanelFilter(parsing: "ws2812:width=8,colour=red") }
    }
}

struct NetworkBenchmarkTests {
    @Test func everyParserAndBothFrameRowsAreMeasuredAndTheFramesComplete() throws {
        let rows = try NetworkBenchmark.run(iterations: 2, stopwatch: MonotonicClock())
        #expect(rows.map(\.label) == [
            "E1.31 data packet, 510 channels → parse", "ArtDmx packet, 510 channels → parse", "DDP packet, 1440 bytes → parse",
            "WLED DRGB packet, 489 LEDs → parse", "E1.31 128x64 frame, 49 universes → receiver", "DDP 128x64 frame, 18 packets → receiver",
            "OPC message, 170 pixels → parse", "TPM2.net packet, 170 pixels → parse", "Flaschen-Taschen PPM, 32x16 at an offset → parse",
        ])
        // The frame rows throw unless the receiver completed frames; their rate counts every packet.
        #expect(rows[4...5].allSatisfy { $0.output.contains(" frames/s, ") && $0.output.hasSuffix(" packets/s") })
        // A parse row throws when its packet does not parse; its rate is packets alone.
        #expect(rows.filter { $0.label.hasSuffix("→ parse") }.allSatisfy { !$0.output.contains("frames/s") && $0.output.hasSuffix(" packets/s") })
        #expect(EncodeBenchmark.table(rows, firstColumn: "network").hasPrefix("network"))
        let one = try NetworkBenchmark.run(iterations: 1, stopwatch: MonotonicClock(), matching: "ddp packet")
        #expect(one.map(\.label) == ["DDP packet, 1440 bytes → parse"])
        #expect(throws: RuntimeError.self) { try NetworkBenchmark.run(iterations: 1, stopwatch: MonotonicClock(), matching: "sacn") }
    }

    @Test func streamedFramesAreMeasuredFromTheirLastPacketToTheFrameThatShowsThem() throws {
        let result = try StreamLatencyBenchmark.run(frames: 12, fps: 60, clock: MonotonicClock())
        // Frames sent 20–80 ms apart are seen at 60 fps; one may be replaced before a poll when
        // the machine is loaded, as on a real display, but most must arrive.
        #expect(result.samples >= 6 && result.samples <= 12, "\(result.samples) of 12 frames seen")
        #expect(result.median > 0 && result.maximum >= result.median && result.framePeriod == 16_666_666)
    }

    @Test func framesOverLoopbackSocketsAreCountedSentAgainstAssembled() throws {
        let results = try SocketRateBenchmark.run(width: 32, height: 16, startRate: 20, maximumRate: 20,
                                                  refinements: 0, seconds: 0.5, clock: MonotonicClock())
        #expect(results.map(\.kind.flagName) == ["e131", "ddp"])
        #expect(results.map(\.packetsPerFrame) == [5, 2], "E1.31: 4 universes and a sync; DDP: 1536 bytes in 1440s")
        for result in results {
            let step = try #require(result.steps.first)
            #expect(result.steps.count == 1 && step.rate == 20 && step.sent == 10)
            #expect(step.assembled > 0 && step.assembled <= step.sent, "\(result.kind): \(step)")
        }
        let line = SocketRateBenchmark.describe(results)
        #expect(line.hasPrefix("E1.31 over loopback UDP, 32x16 (5 datagrams a frame): every frame assembled up to "), "\(line)")
    }
}
