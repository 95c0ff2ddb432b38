import PixelRuntime
import PixelBus
import PixelCore
import PixelPanels
import PixelSimulator
import PixelSystem

/// The encode rows of `pixelwheel bench`: frame → bytes or bit planes for each panel type,
/// without a bus, and one HUB75 refresh through a port that drives nothing.
public enum EncodeBenchmark {
    /// One measured row.
    public struct Row: Sendable {
        /// What was encoded, e.g. "WS2812 16x16 → SPI bytes".
        public var label: String
        /// Iterations measured.
        public var iterations: Int
        /// Median time per iteration, nanoseconds.
        public var median: Int64
        /// 99th-percentile time per iteration, nanoseconds.
        public var p99: Int64
        /// Bytes (or pin-word writes, for the refresh) per frame.
        public var output: String
        /// Heap allocations per iteration, when the allocation counter is loaded (see
        /// `scripts/bench/count-allocations.sh`); nil otherwise.
        public var allocationsPerIteration: Double?

        /// The row as `bench --json` writes it.
        var json: JSONValue {
            .object([
                ("encode", .string(label)), ("median_ns", .int(median)), ("p99_ns", .int(p99)),
                ("allocations_per_iteration", allocationsPerIteration.map { .double($0) } ?? .null),
            ])
        }
    }

    /// A GPIO port that drives nothing: measures the refresh loop's own cost.
    final class NullGPIOLines: GPIOLines {
        let name = "null"
        let outputMask: UInt64 = (1 << 28) - 1
        private(set) var writes = 0
        func write(set: UInt64, clear: UInt64) throws(BusError) { writes &+= 1 }
        func hold(nanoseconds: Int) {}
    }

    /// A register-level GPIO path to measure the HUB75 refresh through as well (on Linux, the
    /// `/dev/gpiomem` and RP1 code paths, storing into registers in memory).
    public struct RegisterPath {
        /// The row's name for the path, e.g. "gpiomem registers, Pi 1–4".
        public var name: String
        /// Lines for an output mask, and a count of the register stores made so far.
        public var open: (UInt64) throws -> (lines: any GPIOLines, stores: () -> Int)
        /// For RP1's path: lines for an output mask that store into the register window given.
        /// `bench` gives them `RP1WindowModel`, whose stores take 50 ns each, and estimates the
        /// refresh rate from the virtual time a refresh takes; nil for a path with no model.
        public var overRP1Window: ((UInt64, any GPIORegisterFile) throws -> any GPIOLines)?
        /// Stores per refresh that hzeller's library makes for the same panel, as measured by
        /// `scripts/bench/hzeller-stores/count-hzeller-stores.sh` (keyed "64x32"), shown beside the count.
        public var reference: [String: Int]

        /// A path called `name`, opened by `open`.
        public init(name: String, reference: [String: Int] = [:],
                    overRP1Window: ((UInt64, any GPIORegisterFile) throws -> any GPIOLines)? = nil,
                    open: @escaping (UInt64) throws -> (lines: any GPIOLines, stores: () -> Int)) {
            self.name = name
            self.open = open
            self.overRP1Window = overRP1Window
            self.reference = reference
        }
    }

    /// Whether `configuration` is the set-up hzeller's counts were made with: one panel of the
    /// size, 11 bits at 130 ns, direct row addresses, plain chips, no multiplexing or dithering.
    static func isHzellersMeasuredSetUp(_ configuration: HUB75Configuration) -> Bool {
        let g = configuration.geometry
        return g.chain == 1 && g.parallel == 1 && configuration.pwmBits == 11 && configuration.lsbNanoseconds == 130
            && configuration.rowAddressing == .direct && configuration.driverChip == .plain && configuration.multiplexing == nil
            && configuration.ditherBits == 0 && configuration.slowdown == 0
    }

    /// The refresh rate `configuration` would reach through `path`'s register model showing a
    /// full-white frame, from the virtual time a refresh takes (the mean over a dither cycle):
    /// an estimate, resting on the model's store time.
    static func estimatedRefreshHertz(_ configuration: HUB75Configuration, path: RegisterPath) throws -> Int? {
        guard let open = path.overRP1Window else { return nil }
        let pins = SimulatedGPIOLines()
        let panel = HUB75Panel(configuration: configuration)
        let refresher = try panel.makeRefresher(lines: try open(configuration.drivenLines, RP1WindowModel(pins: pins)))
        var white = Frame(width: panel.width, height: panel.height)
        for y in 0..<white.height { for x in 0..<white.width { white[x, y] = LinearColor(red: 65535, green: 65535, blue: 65535) } }
        try panel.show(white)
        let cycle = configuration.refreshesPerDitherCycle
        for _ in 0..<cycle { try refresher.refreshOnce() }
        let start = pins.nanoseconds
        for _ in 0..<cycle { try refresher.refreshOnce() }
        let perRefresh = (pins.nanoseconds - start) / Int64(cycle)
        return perRefresh > 0 ? Int(1_000_000_000 / perRefresh) : nil
    }

    /// A colourful test frame.
    static func frame(_ width: Int, _ height: Int) -> Frame {
        var f = Frame(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                f[x, y] = LinearColor(red: UInt16(x * 65535 / width), green: UInt16(y * 65535 / height), blue: UInt16((x * y) & 0xFFFF))
            }
        }
        return f
    }

    /// Which out-of-line stage a measured body runs in, for `scripts/bench/frame-cost.sh` to count.
    enum Stage { case encode, refresh, parse }

    static func measure(_ label: String, iterations: Int, stopwatch: any Clock, output: String, stage: Stage = .encode,
                        _ body: () throws -> Void) rethrows -> Row {
        for _ in 0..<min(10, iterations) { try body() }
        var times: [Int64] = []
        times.reserveCapacity(iterations)
        let allocationsBefore = AllocationCounter.count()
        for _ in 0..<iterations {
            let t0 = stopwatch.now()
            switch stage {
            case .encode: try encodeStage(body)
            case .refresh: try refreshStage(body)
            case .parse: try parseStage(body)
            }
            times.append(stopwatch.now() - t0)
        }
        // The times array was reserved up front, so the loop itself allocates nothing.
        let allocations = allocationsBefore.map { before in Double(AllocationCounter.count()! - before) / Double(iterations) }
        return Row(label: label, iterations: iterations, median: Benchmark.percentile(times, 50),
                   p99: Benchmark.percentile(times, 99), output: output, allocationsPerIteration: allocations)
    }

    /// One encode, kept out of line so `scripts/bench/frame-cost.sh` can read its inclusive cost.
    @inline(never) static func encodeStage(_ body: () throws -> Void) rethrows { try body() }

    /// One HUB75 refresh, kept out of line for the same reason.
    @inline(never) static func refreshStage(_ body: () throws -> Void) rethrows { try body() }

    /// One network packet parsed or frame received, kept out of line for the same reason.
    @inline(never) static func parseStage(_ body: () throws -> Void) rethrows { try body() }

    /// The panels measured by default, as `--panel` descriptions.
    public static let defaultPanels = [
        "hub75:rows=32,cols=64,pwm-bits=11", "hub75:rows=64,cols=128,pwm-bits=11",
        "ws2812:width=16,height=16,serpentine", "ws2812:width=32,height=32,serpentine",
        "apa102:width=16,height=16", "max7219:chips=4", "ht16k33", "is31fl3731",
    ]

    /// What `bench --panel` selects, parsed once: a bare type (`hub75`) picks that type's
    /// default rows, a description with options (`hub75:rows=64,cols=128`) is measured as given.
    public enum PanelFilter: Sendable {
        /// A type among the default rows'.
        case type(String)
        /// One panel, measured as described.
        case panel(PanelDescription)

        /// The filter `text` names: a description when it has options, else a type that has
        /// default rows; otherwise the panels' own error, or one listing the types.
        public init(parsing text: String) throws {
            if text.contains(":") {
                self = .panel(try PanelDescription(parsing: text))
                return
            }
            let type = try PanelOptions(parsing: text).type
            guard EncodeBenchmark.defaultPanels.contains(where: { $0 == type || $0.hasPrefix(type + ":") }) else {
                let types = Set(EncodeBenchmark.defaultPanels.map { String($0.prefix { $0 != ":" }) }).sorted()
                throw RuntimeError.unusable("no encode row for panel type '\(text)'; use one of \(types.joined(separator: ", "))")
            }
            self = .type(type)
        }
    }

    /// The panels `filter` selects (nil: every default row).
    public static func panels(matching filter: PanelFilter?) throws -> [PanelDescription] {
        switch filter {
        case let .panel(description)?: return [description]
        case let .type(type)?: return try defaultPanels.filter { $0 == type || $0.hasPrefix(type + ":") }.map { try PanelDescription(parsing: $0) }
        case nil: return try defaultPanels.map { try PanelDescription(parsing: $0) }
        }
    }

    /// Runs the encode rows of `panels`.
    public static func run(iterations: Int, stopwatch: any Clock, panels: [PanelDescription], registerPaths: [RegisterPath] = []) throws -> [Row] {
        try panels.flatMap { try rows(for: $0, iterations: iterations, stopwatch: stopwatch, registerPaths: registerPaths) }
    }

    /// The encode rows of one panel (HUB75 adds a refresh row). Every key a description takes
    /// (the mounting too) is accepted; what is timed is the chip's encoder.
    static func rows(for description: PanelDescription, iterations: Int, stopwatch: any Clock, registerPaths: [RegisterPath] = []) throws -> [Row] {
        switch description.kind {
        case let .hub75(configuration):
            let g = configuration.geometry, bits = configuration.pwmBits
            let encoder = HUB75Encoder(configuration: configuration)
            let planes = encoder.makePlanes()
            let f = frame(g.width, g.height)
            let encode = measure("HUB75 \(g.width)x\(g.height) \(bits)-bit → bit planes", iterations: iterations, stopwatch: stopwatch,
                                 output: "\(planes.count) words") {
                encoder.encode(f, into: planes)
            }
            let panel = HUB75Panel(configuration: configuration)
            let port = NullGPIOLines()
            let refresher = try panel.makeRefresher(lines: port)
            try panel.show(frame(panel.width, panel.height))
            try refresher.refreshOnce()
            let before = port.writes
            try refresher.refreshOnce()
            let writes = port.writes - before
            let refresh = try measure("HUB75 \(g.width)x\(g.height) \(bits)-bit refresh (null port)",
                                      iterations: max(1, iterations / 4), stopwatch: stopwatch, output: "\(writes) pin writes", stage: .refresh) {
                try refresher.refreshOnce()
            }
            // The register paths: each pin write becomes register stores (GPSET0/GPCLR0 on a
            // Pi 1–4, RIO's OUT SET/CLR aliases on a Pi 5), here into registers in memory — the
            // same code, minus the bus to the SoC. The store count is what the hardware must take.
            let registerRows = try registerPaths.map { path in
                let registers = try path.open(configuration.drivenLines)
                let fast = try panel.makeRefresher(lines: registers.lines)
                try fast.refreshOnce()
                let stores = registers.stores()
                try fast.refreshOnce()
                var output = "\(registers.stores() - stores) register writes"
                if let theirs = path.reference["\(g.width)x\(g.height)"], isHzellersMeasuredSetUp(configuration) {
                    output += " (hzeller's: \(theirs))"
                }
                if let hertz = try estimatedRefreshHertz(configuration, path: path) {
                    // The other dither setting, where the panel allows it (pwm-dither-bits < pwm-bits).
                    let other = try (try? configuration.withDitherBits(configuration.ditherBits == 0 ? 1 : 0)).flatMap { dithered in
                        try estimatedRefreshHertz(dithered, path: path).map { ", \($0) Hz with pwm-dither-bits=\(dithered.ditherBits)" }
                    } ?? ""
                    output += "; full white ≈ \(hertz) Hz\(other) (estimate)"
                }
                return try measure("HUB75 \(g.width)x\(g.height) \(bits)-bit refresh (\(path.name))",
                                   iterations: max(1, iterations / 4), stopwatch: stopwatch, output: output, stage: .refresh) {
                    try fast.refreshOnce()
                }
            }
            return [encode, refresh] + registerRows
        case let .ws2812(configuration):
            var encoder = WS2812Encoder(configuration: configuration)
            let mapper = encoder.configuration.mapper
            return [bytesRow("WS2812", frame(mapper.width, mapper.height), "SPI bytes", iterations: iterations, stopwatch: stopwatch, bytes: \.count) { encoder.encode($0) }]
        case let .apa102(configuration, _):
            var encoder = APA102Encoder(configuration: configuration)
            let mapper = encoder.configuration.mapper
            return [bytesRow("APA102", frame(mapper.width, mapper.height), "SPI bytes", iterations: iterations, stopwatch: stopwatch, bytes: \.count) { encoder.encode($0) }]
        case let .max7219(configuration):
            let encoder = MAX7219Encoder(configuration: configuration)
            return [bytesRow("MAX7219", frame(configuration.width, configuration.height), "transactions", iterations: iterations, stopwatch: stopwatch, bytes: byteCount) {
                encoder.transactions(for: $0)
            }]
        case let .ht16k33(configuration):
            let encoder = HT16K33Encoder(configuration: configuration)
            return [bytesRow("HT16K33", frame(configuration.width, configuration.height), "transactions", iterations: iterations, stopwatch: stopwatch, bytes: byteCount) {
                encoder.transactions(for: $0)
            }]
        case let .is31fl3731(configuration):
            let encoder = IS31FL3731Encoder(configuration: configuration)
            return [bytesRow("IS31FL3731", frame(configuration.width, configuration.height), "transactions", iterations: iterations, stopwatch: stopwatch, bytes: byteCount) {
                encoder.transactions(for: $0)
            }]
        case let .network(configuration):
            let link = CountingDatagramLink()
            let panel = NetworkSenderPanel(links: configuration.tiles.map { _ in link }, configuration: configuration)
            let name = PanelDescription.Bus.network.rawValue + " " + configuration.destination
            return [bytesRow(name, frame(panel.width, panel.height), "datagrams", iterations: iterations, stopwatch: stopwatch, bytes: { $0 }) {
                try? panel.show($0)
                return link.bytes
            }]
        }
    }

    /// A link that only counts what a sending panel would put on the wire.
    final class CountingDatagramLink: DatagramLink {
        let name = "benchmark"
        var bytes = 0
        func send(_ datagram: [UInt8]) throws(BusError) { bytes += datagram.count }
    }

    /// A row for an encoder that turns a frame into bytes (`encode` is what is timed).
    static func bytesRow<Output>(_ chip: String, _ f: Frame, _ what: String, iterations: Int, stopwatch: any Clock,
                                 bytes count: (Output) -> Int, _ encode: (Frame) -> Output) -> Row {
        let bytes = count(encode(f))
        return measure("\(chip) \(f.width)x\(f.height) → \(what)", iterations: iterations, stopwatch: stopwatch, output: "\(bytes) bytes") {
            _ = encode(f)
        }
    }

    /// Bytes in a list of bus transactions.
    static func byteCount(_ transactions: [[UInt8]]) -> Int { transactions.reduce(0) { $0 + $1.count } }

    /// The rows as a table, times in ms.
    public static func table(_ rows: [Row], firstColumn: String = "encode") -> String {
        let header = [firstColumn, "iterations", "median", "p99", "output", "allocs/iter"]
        let body = rows.map { r in
            [r.label, String(r.iterations), Benchmark.ms(r.median), Benchmark.ms(r.p99), r.output,
             r.allocationsPerIteration.map { a in a == a.rounded() ? String(Int(a)) : String(Int((a * 10).rounded())) + "/10" } ?? "n/a"]
        }
        return TextTable.render(header: header, rows: body, leftAligned: [0, 4])
            + "\n(times in ms; allocs/iter needs scripts/bench/count-allocations.sh, n/a otherwise)"
    }
}
