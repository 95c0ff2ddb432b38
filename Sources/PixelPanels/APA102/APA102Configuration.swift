/// Everything an APA102/SK9822 panel needs: wiring, colour and the SPI clock.
public struct APA102Configuration: Hashable, Sendable {
    /// Logical picture → LED of the chain.
    public var mapper: PixelMapper
    /// Brightness, correction, channel order (BGR for APA102 and SK9822), dithering, power
    /// limit, and the output depth: `.pwm8` sends every LED at global level 31;
    /// `.pwm8WithGlobal5` uses the 5-bit global level per LED for dim colours. The curve is
    /// `linear`: both the 8-bit PWM and the global level are linear in light.
    public var color: ColorPipelineConfiguration
    /// SPI clock in Hz.
    public var speedHz: Int

    /// A configuration; `color` defaults to BGR, linear, rounded, no limit, 8-bit.
    public init(mapper: PixelMapper, color: ColorPipelineConfiguration = ColorPipelineConfiguration(order: .bgr),
                speedHz: Int = 4_000_000) {
        precondition(!color.white, "APA102 has no white channel")
        self.mapper = mapper; self.color = color; self.speedHz = speedHz
    }

    /// Reads an `apa102:` description: the wiring keys of `PixelMapper`, the colour keys of
    /// `ColorPipelineConfiguration` (`order` default `bgr`), and:
    ///
    /// | key | meaning | default |
    /// |---|---|---|
    /// | `hdr` | use the 5-bit global level per LED: about 13 bits at low levels instead of 8 | off |
    /// | `speed` | SPI clock in Hz, 100000...32000000 (long chains may need less) | `4000000` |
    ///
    /// With `hdr`, `dither` has no effect. APA102 (not SK9822) makes its global level with a
    /// slower second PWM, which some cameras see as flicker at low global levels. Unknown keys
    /// are left for the caller's `finish()`.
    public init(options: inout PanelOptions) throws(PanelConfigurationError) {
        let mapper = try PixelMapper(options: &options)
        let hdr = try options.flag("hdr")
        let speed = try options.integer("speed", in: 100_000...32_000_000, default: 4_000_000)
        let color = try ColorPipelineConfiguration(options: &options, defaultOrder: .bgr,
                                                   output: hdr ? .pwm8WithGlobal5 : .pwm8)
        self.init(mapper: mapper, color: color, speedHz: speed)
    }

    /// Zero bytes after the last LED for a chain of `ledCount` LEDs: `4 + ⌈ledCount / 16⌉`.
    ///
    /// Each LED passes the data on half a clock cycle late, so the last of n LEDs gets its
    /// final bit about n/2 clock cycles after it was sent: the end frame must supply at least
    /// ⌈n/2⌉ more clocks, ⌈n/16⌉ bytes. SK9822 shows the data it holds only when it next sees
    /// a 32-bit zero frame (the start frame of the following transfer otherwise, one frame
    /// late), and that frame too reaches the last LED n/2 clocks late: 32 zero bits plus the
    /// ⌈n/16⌉ bytes. Zeros, not the ones of the APA102 data sheet, because a zero word cannot
    /// start an LED frame (those start with `111`), so no chip — nor an LED past the end of
    /// the data — takes the end frame as its colour.
    public static func endFrameBytes(ledCount: Int) -> Int {
        4 + (ledCount + 15) / 16
    }

    /// Bytes in one frame's transfer: start frame, 4 bytes per LED, end frame.
    public var transferBytes: Int {
        4 + 4 * mapper.ledCount + Self.endFrameBytes(ledCount: mapper.ledCount)
    }
}
