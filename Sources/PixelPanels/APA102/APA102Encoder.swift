import PixelCore

/// Turns frames into the SPI bytes of an APA102/SK9822 chain, without a bus: for panels and
/// for benchmarks.
///
/// A transfer is a start frame of 32 zero bits; per LED in chain order a 32-bit word
/// `0b111` + 5-bit global level, then the three 8-bit PWM levels in wire order (B, G, R for
/// APA102); then the end frame of `APA102Configuration.endFrameBytes(ledCount:)` zero bytes.
public struct APA102Encoder: Sendable {
    /// The panel's settings.
    public let configuration: APA102Configuration
    private var pipeline: ColorPipeline
    /// The current estimate of the last frame encoded.
    public private(set) var lastPower = PowerEstimate.zero

    /// An encoder for `configuration`.
    public init(configuration: APA102Configuration) {
        self.configuration = configuration
        pipeline = ColorPipeline(configuration: configuration.color)
    }

    /// Bytes in every transfer this encoder makes.
    public var transferBytes: Int { configuration.transferBytes }

    /// The transfer for `frame`, which must be the mapper's logical size.
    public mutating func encode(_ frame: Frame) -> [UInt8] {
        let levels = pipeline.process(configuration.mapper.chainPixels(from: frame))
        lastPower = levels.power
        return encode(levels: levels)
    }

    /// The transfer for `levels` (three channels per LED in wire order; a global level of 31
    /// where `levels.globalBrightness` is empty).
    public func encode(levels: DeviceLevels) -> [UInt8] {
        precondition(levels.channelsPerLED == 3, "APA102 takes three channels per LED")
        let count = levels.ledCount
        var bytes = [UInt8](repeating: 0, count: 4 + 4 * count + APA102Configuration.endFrameBytes(ledCount: count))
        let hasGlobal = !levels.globalBrightness.isEmpty
        for led in 0..<count {
            let o = 4 + 4 * led
            bytes[o] = 0xE0 | (hasGlobal ? levels.globalBrightness[led] & 0x1F : 31)
            bytes[o + 1] = levels.levels[3 * led]
            bytes[o + 2] = levels.levels[3 * led + 1]
            bytes[o + 3] = levels.levels[3 * led + 2]
        }
        return bytes
    }
}
