/// What the colour pipeline hands an encoder: each LED's channel levels in wire order.
public struct DeviceLevels: Hashable, Sendable {
    /// Channels per LED: 3 (RGB) or 4 (RGBW, white last).
    public var channelsPerLED: Int
    /// `ledCount × channelsPerLED` PWM levels, 0...255, in chain order and wire channel order.
    public var levels: [UInt8]
    /// Per LED, the 5-bit global brightness 1...31 when the output is
    /// `OutputDepth.pwm8WithGlobal5` (APA102 high dynamic range); empty otherwise.
    public var globalBrightness: [UInt8]
    /// The current estimate of these levels, and what the power limiter did.
    public var power: PowerEstimate

    /// Levels as given.
    public init(channelsPerLED: Int, levels: [UInt8], globalBrightness: [UInt8] = [], power: PowerEstimate = .zero) {
        self.channelsPerLED = channelsPerLED; self.levels = levels
        self.globalBrightness = globalBrightness; self.power = power
    }

    /// Number of LEDs.
    public var ledCount: Int { levels.count / channelsPerLED }
}

/// How many levels the device has per channel.
public enum OutputDepth: Hashable, Sendable {
    /// 8-bit PWM per channel (WS2812B, SK6812, APA102 at full global brightness).
    case pwm8
    /// 8-bit PWM per channel times a per-LED 5-bit global level (APA102/SK9822): the
    /// pipeline picks the smallest global level that still holds the LED's brightest
    /// channel, so dim colours keep about 13 bits of resolution instead of 8.
    case pwm8WithGlobal5
}
