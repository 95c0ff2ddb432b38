import PixelBus

/// Which Raspberry Pi GPIO line drives which HUB75 signal: one adapter board or hand wiring.
///
/// All numbers are BCM GPIO numbers (bit n of a `GPIOLines` word is GPIO n), never header
/// pin numbers. The built-in wirings (`HUB75PinMap.all`) are generated from
/// `hardware/hub75-pinmaps.tsv` by `scripts/build/generate-tables.py` into `HUB75PinMapTable.swift`.
public struct HUB75PinMap: Hashable, Sendable {
    /// The six colour lines of one parallel chain: R1 G1 B1 drive the upper half of each
    /// panel, R2 G2 B2 the lower half.
    public struct ChainPins: Hashable, Sendable {
        /// Red, upper half (BCM GPIO number).
        public var r1: Int
        /// Green, upper half.
        public var g1: Int
        /// Blue, upper half.
        public var b1: Int
        /// Red, lower half.
        public var r2: Int
        /// Green, lower half.
        public var g2: Int
        /// Blue, lower half.
        public var b2: Int

        /// The lines of one chain, BCM GPIO numbers.
        public init(r1: Int, g1: Int, b1: Int, r2: Int, g2: Int, b2: Int) {
            self.r1 = r1; self.g1 = g1; self.b1 = b1
            self.r2 = r2; self.g2 = g2; self.b2 = b2
        }

        /// The lines in signal order: R1 G1 B1 R2 G2 B2 (half 0 red, green, blue; half 1 …).
        public var lines: [Int] { [r1, g1, b1, r2, g2, b2] }
    }

    /// The wiring's name, as given in `--panel hub75:wiring=NAME`.
    public let name: String
    /// OE, output enable, active low: the LEDs may light only while it is low.
    public let outputEnable: Int
    /// CLK: the shift registers take one bit per colour line on each rising edge.
    public let clock: Int
    /// LAT (also STB, strobe): copies the shift registers into the output latches.
    public let latch: Int
    /// Row address lines A, B, C, D and, where wired, E (bit 0 first). 1/32-scan panels need
    /// all five; a map may list four when E is not wired.
    public let address: [Int]
    /// Colour lines of each parallel chain, chain 1 first (1 to 3 chains).
    public let chains: [ChainPins]

    /// A wiring from its lines. No line may appear twice; the generator checks that for the
    /// built-in maps, and `HUB75PinMapTests` checks them again.
    public init(name: String, outputEnable: Int, clock: Int, latch: Int, address: [Int], chains: [ChainPins]) {
        self.name = name
        self.outputEnable = outputEnable
        self.clock = clock
        self.latch = latch
        self.address = address
        self.chains = chains
    }

    /// Every line the map names, shared lines first, then each chain's colour lines.
    public var allLines: [Int] {
        [outputEnable, clock, latch] + address + chains.flatMap(\.lines)
    }

    /// The built-in wiring called `name`, if any.
    public static func named(_ name: String) -> HUB75PinMap? {
        all.first { $0.name == name }
    }
}
