/// How WS2812B/SK6812 data bits are drawn on SPI MOSI: each data bit becomes a short run of
/// SPI bits (a symbol) that starts high, so the LED sees a high pulse of the right length.
///
/// | symbols | SPI bit | 0 bit (high, low) | 1 bit (high, low) | fits |
/// |---|---|---|---|---|
/// | `spi2400kHz`: `100` / `110` | 416.7 ns | 417, 833 ns | 833, 417 ns | WS2812B (T0H 250–550, T1H 650–950 ns) |
/// | `spi3200kHz`: `1000` / `1110` | 312.5 ns | 313, 938 ns | 938, 313 ns | WS2812B, and WS2812B-V5 (T0H 220–380, T1H 580–1000 ns) |
/// | `spi3200kHzSK6812`: `1000` / `1100` | 312.5 ns | 313, 938 ns | 625, 625 ns | SK6812 (T0H 150–450, T1H 450–750 ns) |
///
/// Data sheets: WS2812B (Worldsemi) T0H 0.4 µs, T1H 0.8 µs, T0L 0.85 µs, T1L 0.45 µs, each
/// ±150 ns; SK6812 T0H 0.3 µs, T1H 0.6 µs, T0L 0.9 µs, T1L 0.6 µs, each ±150 ns. The 2.4 MHz
/// `110` one (833 ns high) and the 3.2 MHz `1110` one (938 ns) are both longer than SK6812's
/// T1H maximum of 750 ns, which is why RGBW (SK6812) panels use `spi3200kHzSK6812`.
public struct WS2812SPISymbols: Hashable, Sendable {
    /// The SPI clock the symbols are timed for, in Hz.
    public let speedHz: Int
    /// SPI bits per data bit.
    public let bitsPerSymbol: Int
    /// The symbol for a 0 bit, in the low `bitsPerSymbol` bits, sent MSB first.
    public let zero: UInt8
    /// The symbol for a 1 bit.
    public let one: UInt8

    /// Symbols of `bitsPerSymbol` SPI bits at `speedHz`. Both must start with a 1 and end with a 0.
    public init(speedHz: Int, bitsPerSymbol: Int, zero: UInt8, one: UInt8) {
        precondition((2...8).contains(bitsPerSymbol), "a symbol is 2...8 SPI bits")
        let top = UInt8(1) << (bitsPerSymbol - 1)
        precondition(zero & top != 0 && one & top != 0 && zero & 1 == 0 && one & 1 == 0,
                     "symbols start high and end low")
        self.speedHz = speedHz; self.bitsPerSymbol = bitsPerSymbol; self.zero = zero; self.one = one
    }

    /// 2.4 MHz, `100` for 0 and `110` for 1: 3 bytes per data byte.
    public static let spi2400kHz = WS2812SPISymbols(speedHz: 2_400_000, bitsPerSymbol: 3, zero: 0b100, one: 0b110)
    /// 3.2 MHz, `1000` for 0 and `1110` for 1: 4 bytes per data byte.
    public static let spi3200kHz = WS2812SPISymbols(speedHz: 3_200_000, bitsPerSymbol: 4, zero: 0b1000, one: 0b1110)
    /// 3.2 MHz, `1000` for 0 and `1100` for 1 (625 ns high): within SK6812's T1H window.
    public static let spi3200kHzSK6812 = WS2812SPISymbols(speedHz: 3_200_000, bitsPerSymbol: 4, zero: 0b1000, one: 0b1100)

    /// SPI bytes per data byte (8 symbols).
    public var bytesPerDataByte: Int { bitsPerSymbol }

    /// The high time of a 0 bit, in ns, rounded.
    public var zeroHighNanoseconds: Int { highNanoseconds(zero) }
    /// The high time of a 1 bit, in ns, rounded.
    public var oneHighNanoseconds: Int { highNanoseconds(one) }

    private func highNanoseconds(_ symbol: UInt8) -> Int {
        let ones = symbol.nonzeroBitCount  // the symbol is a run of ones then zeros
        return (ones * 1_000_000_000 + speedHz / 2) / speedHz
    }

    /// The `8 × bitsPerSymbol` SPI bits for data byte `byte`, right-aligned, first bit highest.
    public func expand(_ byte: UInt8) -> UInt32 {
        var bits: UInt32 = 0
        for i in stride(from: 7, through: 0, by: -1) {
            bits = bits << UInt32(bitsPerSymbol) | UInt32((byte >> UInt8(i)) & 1 == 1 ? one : zero)
        }
        return bits
    }

    /// Whole zero bytes that keep MOSI low for at least `microseconds` µs at `speedHz`.
    public func resetBytes(microseconds: Int) -> Int {
        let bits = (microseconds * speedHz + 999_999) / 1_000_000
        return (bits + 7) / 8
    }
}
