/// Everything a WS2812B/SK6812 panel needs: wiring, colour, SPI symbols and the reset gap.
public struct WS2812Configuration: Hashable, Sendable {
    /// Logical picture → LED of the chain.
    public var mapper: PixelMapper
    /// Brightness, correction, channel order (GRB for WS2812B and SK6812), white channel,
    /// dithering and power limit. The curve is `linear`: WS2812 PWM is linear in light.
    public var color: ColorPipelineConfiguration
    /// How data bits become SPI bits, and the SPI clock.
    public var symbols: WS2812SPISymbols
    /// The low time that ends a frame, in µs: ≥ 50 for WS2812B, ≥ 80 for SK6812, ≥ 280 for
    /// WS2812B-V5 and other newer parts.
    public var resetMicroseconds: Int
    /// The chip generation (`chip=`): the pulse windows the simulator's model accepts.
    public var chip: WS2812Chip

    /// A configuration; `color` defaults to GRB, linear, rounded, no limit.
    public init(mapper: PixelMapper, color: ColorPipelineConfiguration = ColorPipelineConfiguration(order: .grb),
                symbols: WS2812SPISymbols = .spi3200kHz, resetMicroseconds: Int = 50, chip: WS2812Chip = .any) {
        precondition(resetMicroseconds > 0, "the reset gap must be positive")
        self.mapper = mapper; self.color = color; self.symbols = symbols; self.resetMicroseconds = resetMicroseconds
        self.chip = chip
    }

    /// Reads a `ws2812:` description: the wiring keys of `PixelMapper` (`length` or `width`,
    /// `height`, `serpentine`, …), the colour keys of `ColorPipelineConfiguration`
    /// (`order` default `grb`, `brightness`, `max-ma`, …), and:
    ///
    /// | key | meaning | default |
    /// |---|---|---|
    /// | `rgbw` | SK6812 RGBW: 32 bits per LED, G R B W, white = min(r, g, b) | off |
    /// | `chip` | `any`, `ws2812`, `ws2812b`, `ws2812b-v5`, `sk6812` (see `WS2812Chip`) | `any` |
    /// | `speed` | SPI clock, `2400000` (3 SPI bits per bit) or `3200000` (4) | `3200000` |
    /// | `reset-us` | low time after the frame, µs | the chip's (50; 80 with `rgbw` or `sk6812`; 280 for `ws2812b-v5`) |
    ///
    /// 3.2 MHz is the default because its pulses fit both WS2812B data sheets (the 2.4 MHz
    /// 0 bit, 417 ns high, is longer than WS2812B-V5's 380 ns maximum); with `rgbw` the
    /// 3.2 MHz 1 bit is `1100` to fit SK6812 (see `WS2812SPISymbols`), and so it is with
    /// `chip=ws2812` or `chip=sk6812`, whose T1H ends before 938 ns. Unknown keys are left for
    /// the caller's `finish()`.
    public init(options: inout PanelOptions) throws(PanelConfigurationError) {
        let mapper = try PixelMapper(options: &options)
        let rgbw = try options.flag("rgbw")
        let chip = WS2812Chip(rawValue: try options.choice("chip", WS2812Chip.allCases.map(\.rawValue), default: "any"))!
        let speed = Int(try options.choice("speed", ["2400000", "3200000"], default: "3200000"))!
        let reset = try options.integer("reset-us", in: 50...10_000, default: max(chip.resetMicroseconds, rgbw ? 80 : 50))
        let color = try ColorPipelineConfiguration(options: &options, defaultOrder: .grb, white: rgbw)
        let symbols: WS2812SPISymbols = speed == 2_400_000 ? .spi2400kHz
            : rgbw || chip.needsShortOne ? .spi3200kHzSK6812 : .spi3200kHz
        self.init(mapper: mapper, color: color, symbols: symbols, resetMicroseconds: reset, chip: chip)
    }

    /// Zero bytes appended after the LED data for the reset gap.
    public var resetBytes: Int { symbols.resetBytes(microseconds: resetMicroseconds) }

    /// Bytes in one frame's transfer: every LED's bits, then the reset gap.
    public var transferBytes: Int {
        mapper.ledCount * color.channelsPerLED * symbols.bytesPerDataByte + resetBytes
    }
}
