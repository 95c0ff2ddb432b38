import PixelCore

/// Everything between a frame's linear light and a chip's PWM levels, for one panel.
///
/// The stages run in this order, all in integer arithmetic:
/// 1. **brightness × colour correction**, per channel, on linear light;
/// 2. **transfer curve** (`linear` for PWM chips; see `TransferCurve`);
/// 3. **white extraction** for RGBW chips: `w = min(r, g, b)` is taken out of each colour
///    channel and sent on the white channel, so the LED makes the same light with less
///    current;
/// 4. **power limit**: when the frame as sent would draw more than the budget, every duty
///    is scaled down by one common factor so it draws at most the budget;
/// 5. **channel order** for the wire;
/// 6. **quantisation** to the chip's levels, rounded to nearest or temporally dithered.
public struct ColorPipelineConfiguration: Hashable, Sendable {
    /// Global brightness as a fraction 0...1 of full light (`Fixed.one` leaves light as it is).
    /// Linear in light, like FastLED's `setBrightness`: 0.5 halves the current.
    public var brightness: Fixed
    /// White balance per channel.
    public var correction: ColorCorrection
    /// Linear light (or perceived level) to duty.
    public var curve: TransferCurve
    /// The chip's order of the colour channels on the wire.
    public var order: ChannelOrder
    /// Whether the chip has a fourth, white channel (SK6812 RGBW), sent after the colours.
    public var white: Bool
    /// Temporal dithering of the 16-bit duty down to the chip's 8-bit PWM (`OutputDepth.pwm8`
    /// only; `pwm8WithGlobal5` already resolves dim levels finely and rounds).
    public var dithering: Bool
    /// The chip's levels per channel.
    public var output: OutputDepth
    /// Current per channel and per LED, and the budget the limiter keeps to.
    public var power: PowerModel

    /// A configuration; the defaults pass linear light straight to 8-bit duty, rounded.
    public init(brightness: Fixed = .one, correction: ColorCorrection = .none, curve: TransferCurve = .linear,
                order: ChannelOrder = .rgb, white: Bool = false, dithering: Bool = false,
                output: OutputDepth = .pwm8, power: PowerModel = PowerModel()) {
        self.brightness = brightness.clamped(to: .zero ... .one)
        self.correction = correction; self.curve = curve; self.order = order; self.white = white
        self.dithering = dithering; self.output = output; self.power = power
    }

    /// Channels per LED on the wire: 3, or 4 with a white channel.
    public var channelsPerLED: Int { white ? 4 : 3 }

    /// Reads the colour options of a panel description: `brightness` (0...255, or a fraction
    /// with a decimal point such as `0.5`; default 255), `correction`
    /// (`none|typical-strip|typical-pixel|RRGGBB`, default none), `curve` (`linear|cie1931`,
    /// default `defaultCurve`), `order` (`rgb|rbg|grb|gbr|brg|bgr`, default `defaultOrder`),
    /// `dither` (flag), `max-ma` (budget in mA, 0 = none), `ma-per-channel` (full-duty current
    /// of one channel in mA, default 20), `idle-ma` (dark LED in mA, default 1).
    public init(options: inout PanelOptions, defaultOrder: ChannelOrder, defaultCurve: TransferCurve = .linear,
                white: Bool = false, output: OutputDepth = .pwm8) throws(PanelConfigurationError) {
        let type = options.type
        var brightness = Fixed.one
        if let text = options.text("brightness", allowed: "0...255 or 0.0...1.0", default: "255") {
            if text.contains("."), let fraction = Fixed(text), fraction >= .zero, fraction <= .one {
                brightness = fraction
            } else if !text.contains("."), let level = Int(text), (0...255).contains(level) {
                brightness = Fixed(level, over: 255)
            } else {
                throw .badValue(type: type, key: "brightness", value: text, allowed: "0...255, or a fraction 0.0...1.0")
            }
        }
        var correction = ColorCorrection.none
        if let text = options.text("correction", allowed: "none|typical-strip|typical-pixel|RRGGBB", default: "none") {
            guard let parsed = ColorCorrection(text: text) else {
                throw .badValue(type: type, key: "correction", value: text, allowed: "none|typical-strip|typical-pixel|RRGGBB")
            }
            correction = parsed
        }
        let curve = TransferCurve(rawValue: try options.choice("curve", TransferCurve.allCases.map(\.rawValue), default: defaultCurve.rawValue))!
        let order = ChannelOrder(rawValue: try options.choice("order", ChannelOrder.allCases.map(\.rawValue), default: defaultOrder.rawValue))!
        let dithering = try options.flag("dither")
        let budget = try options.integer("max-ma", in: 0...1_000_000, default: 0)
        let perChannel = try options.integer("ma-per-channel", in: 0...1000, default: 20)
        let idle = try options.integer("idle-ma", in: 0...100, default: 1)
        self.init(brightness: brightness, correction: correction, curve: curve, order: order, white: white,
                  dithering: dithering, output: output,
                  power: PowerModel(milliampsPerChannel: perChannel, idleMilliampsPerLED: idle,
                                    budgetMilliamps: budget == 0 ? nil : budget))
    }
}
