import PixelCore
import PixelPanels
import PixelSystem
#if os(Linux)
import PixelLinux
#endif

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
        /// `scripts/count-allocations.sh`); nil otherwise.
        public var allocationsPerIteration: Double?
    }

    /// A GPIO port that drives nothing: measures the refresh loop's own cost.
    final class NullGPIOLines: GPIOLines {
        let name = "null"
        let outputMask: UInt64 = (1 << 28) - 1
        private(set) var writes = 0
        func write(set: UInt64, clear: UInt64) throws(BusError) { writes &+= 1 }
        func hold(nanoseconds: Int) {}
    }

    #if os(Linux)
    /// GPIO registers in memory that count the stores.
    final class CountingRegisterFile: GPIORegisterFile {
        private(set) var stores = 0
        private var words = [UInt32](repeating: 0, count: 64)
        func write(_ value: UInt32, at offset: Int) {
            stores &+= 1
            words[offset / 4] = value
        }
    }
    #endif

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

    static func measure(_ label: String, iterations: Int, output: String, _ body: () throws -> Void) rethrows -> Row {
        for _ in 0..<min(10, iterations) { try body() }
        var times: [Int64] = []
        times.reserveCapacity(iterations)
        let allocationsBefore = AllocationCounter.count()
        for _ in 0..<iterations {
            let t0 = MonotonicClock.nanoseconds()
            try body()
            times.append(MonotonicClock.nanoseconds() - t0)
        }
        // The times array was reserved up front, so the loop itself allocates nothing.
        let allocations = allocationsBefore.map { before in Double(AllocationCounter.count()! - before) / Double(iterations) }
        return Row(label: label, iterations: iterations, median: Benchmark.percentile(times, 50),
                   p99: Benchmark.percentile(times, 99), output: output, allocationsPerIteration: allocations)
    }

    /// Runs every encode row.
    public static func run(iterations: Int) throws -> [Row] {
        var rows: [Row] = []
        for (cols, rows_) in [(64, 32), (128, 64)] {
            var options = PanelOptions(type: "hub75", values: ["rows": String(rows_), "cols": String(cols), "pwm-bits": "11"])
            let configuration = try HUB75Configuration(options: &options)
            let encoder = HUB75Encoder(configuration: configuration)
            let planes = encoder.makePlanes()
            let f = frame(cols, rows_)
            rows.append(measure("HUB75 \(cols)x\(rows_) 11-bit → bit planes", iterations: iterations, output: "\(planes.count) words") {
                encoder.encode(f, into: planes)
            })
            let panel = HUB75Panel(configuration: configuration)
            let port = NullGPIOLines()
            let refresher = try panel.makeRefresher(lines: port)
            try panel.show(f)
            try refresher.refreshOnce()
            let before = port.writes
            try refresher.refreshOnce()
            let writes = port.writes - before
            rows.append(try measure("HUB75 \(cols)x\(rows_) 11-bit refresh (null port)", iterations: max(1, iterations / 4),
                                    output: "\(writes) pin writes") {
                try refresher.refreshOnce()
            })
            #if os(Linux)
            // The gpiomem fast path: each pin write becomes stores to GPSET0/GPCLR0, here into a
            // register file in memory (the same code as /dev/gpiomem, minus the bus to the SoC).
            let registers = CountingRegisterFile()
            let gpiomem = try GPIOMemLines(registers: registers, outputMask: configuration.drivenLines)
            let fast = try panel.makeRefresher(lines: gpiomem)
            try fast.refreshOnce()
            let stores = registers.stores
            try fast.refreshOnce()
            rows.append(try measure("HUB75 \(cols)x\(rows_) 11-bit refresh (gpiomem registers)", iterations: max(1, iterations / 4),
                                    output: "\(registers.stores - stores) register writes") {
                try fast.refreshOnce()
            })
            #endif
        }
        for side in [16, 32] {
            var options = PanelOptions(type: "ws2812", values: ["width": String(side), "height": String(side), "serpentine": "true"])
            var encoder = WS2812Encoder(configuration: try WS2812Configuration(options: &options))
            let f = frame(side, side)
            let bytes = encoder.encode(f).count
            rows.append(measure("WS2812 \(side)x\(side) → SPI bytes", iterations: iterations, output: "\(bytes) bytes") {
                _ = encoder.encode(f)
            })
        }
        do {
            var options = PanelOptions(type: "apa102", values: ["width": "16", "height": "16"])
            var encoder = APA102Encoder(configuration: try APA102Configuration(options: &options))
            let f = frame(16, 16)
            let bytes = encoder.encode(f).count
            rows.append(measure("APA102 16x16 → SPI bytes", iterations: iterations, output: "\(bytes) bytes") { _ = encoder.encode(f) })
        }
        do {
            let encoder = MAX7219Encoder(configuration: MAX7219Configuration(chips: 4))
            let f = frame(32, 8)
            let bytes = encoder.transactions(for: f).reduce(0) { $0 + $1.count }
            rows.append(measure("MAX7219 ×4 → transactions", iterations: iterations, output: "\(bytes) bytes") { _ = encoder.transactions(for: f) })
        }
        do {
            let encoder = HT16K33Encoder(configuration: HT16K33Configuration())
            let f = frame(8, 8)
            let bytes = encoder.transactions(for: f).reduce(0) { $0 + $1.count }
            rows.append(measure("HT16K33 8x8 → transactions", iterations: iterations, output: "\(bytes) bytes") { _ = encoder.transactions(for: f) })
        }
        return rows
    }

    /// The rows as a table, times in ms.
    public static func table(_ rows: [Row]) -> String {
        let header = ["encode", "iterations", "median", "p99", "output", "allocs/iter"]
        let body = rows.map { r in
            [r.label, String(r.iterations), Benchmark.ms(r.median), Benchmark.ms(r.p99), r.output,
             r.allocationsPerIteration.map { a in a == a.rounded() ? String(Int(a)) : String(Int((a * 10).rounded())) + "/10" } ?? "n/a"]
        }
        return TextTable.render(header: header, rows: body, leftAligned: [0, 4])
            + "\n(times in ms; allocs/iter needs scripts/count-allocations.sh, n/a otherwise)"
    }
}
