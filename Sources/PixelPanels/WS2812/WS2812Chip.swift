/// Which generation of one-wire LED chip a `ws2812:` panel is built from (`chip=`). It picks the
/// pulse windows the simulator's model accepts and, where the default SPI symbols do not fit the
/// part, the symbols and reset gap the driver sends.
///
/// | `chip=` | 0 high | 1 high | source |
/// |---|---|---|---|
/// | `any` (default) | 150–500 ns | 550–1000 ns | tolerant: what any of the generations below takes |
/// | `ws2812` | 200–500 ns | 550–850 ns | WS2812: T0H 0.35 µs, T1H 0.7 µs, ±150 ns |
/// | `ws2812b` | 250–550 ns | 650–950 ns | WS2812B: T0H 0.4 µs, T1H 0.8 µs, ±150 ns |
/// | `ws2812b-v5` | 220–380 ns | 580–1000 ns | WS2812B-V5 and other newer parts |
/// | `sk6812` | 150–450 ns | 450–750 ns | SK6812: T0H 0.3 µs, T1H 0.6 µs, ±150 ns |
public enum WS2812Chip: String, CaseIterable, Hashable, Sendable {
    /// Tolerant: a 0 is a high of 150–500 ns and a 1 one of 550–1000 ns, as real parts of every
    /// generation take in practice (Adafruit NeoPixel_SPI's 625 ns one included).
    case any
    /// The original WS2812.
    case ws2812
    /// The original WS2812B.
    case ws2812b
    /// WS2812B-V5 and other newer parts (shorter 0, longer reset).
    case ws2812bV5 = "ws2812b-v5"
    /// SK6812 (RGB and RGBW).
    case sk6812

    /// The low time that ends a frame, in µs, that the part needs at least: 280 for
    /// WS2812B-V5, 80 for SK6812, 50 otherwise.
    public var resetMicroseconds: Int {
        switch self {
        case .ws2812bV5: 280
        case .sk6812: 80
        case .any, .ws2812, .ws2812b: 50
        }
    }

    /// True when a one must be shorter than the default 3.2 MHz `1110` symbol's 938 ns
    /// (WS2812's T1H ends at 850 ns, SK6812's at 750 ns): the driver sends `1100` (625 ns).
    public var needsShortOne: Bool { self == .ws2812 || self == .sk6812 }
}
