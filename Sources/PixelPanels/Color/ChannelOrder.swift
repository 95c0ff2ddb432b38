/// The order in which a chip takes its three colour channels off the wire.
///
/// WS2812B and SK6812 take green, red, blue (`grb`); APA102 and SK9822 take blue, green,
/// red (`bgr`); some WS2811 strings take `rgb` or `brg`. An RGBW chip (SK6812 RGBW) takes
/// the three colour channels in this order and then white, so its `grb` means G, R, B, W.
public enum ChannelOrder: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Red, green, blue.
    case rgb
    /// Red, blue, green.
    case rbg
    /// Green, red, blue: WS2812B, SK6812.
    case grb
    /// Green, blue, red.
    case gbr
    /// Blue, red, green.
    case brg
    /// Blue, green, red: APA102, SK9822.
    case bgr

    /// For each wire position 0, 1, 2, the colour channel sent there: 0 red, 1 green, 2 blue.
    public var wireChannels: [Int] {
        rawValue.map { letter in letter == "r" ? 0 : letter == "g" ? 1 : 2 }
    }

    /// For each colour channel (red, green, blue), the wire position it is sent at.
    public var wirePositions: [Int] {
        let channels = wireChannels
        return (0..<3).map { colour in channels.firstIndex(of: colour)! }
    }

    /// The order's name as written in options, e.g. "grb".
    public var description: String { rawValue }
}
