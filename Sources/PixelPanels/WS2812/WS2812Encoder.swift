import PixelCore

/// Turns frames into the SPI bytes of a WS2812B/SK6812 chain, without a bus: for panels and
/// for benchmarks.
///
/// One frame is one transfer: per LED in chain order its 24 (RGBW: 32) data bits, MSB first,
/// in the chip's channel order, each bit expanded to an SPI symbol; then zero bytes that hold
/// MOSI low for the reset gap, which latches the frame. Splitting it into several transfers
/// could leave MOSI low between them for longer than the reset time and end the frame early.
public struct WS2812Encoder: Sendable {
    /// The panel's settings.
    public let configuration: WS2812Configuration
    private var pipeline: ColorPipeline
    /// The SPI bits of every data byte value.
    private let expansion: [UInt32]
    /// The current estimate of the last frame encoded.
    public private(set) var lastPower = PowerEstimate.zero

    /// An encoder for `configuration`.
    public init(configuration: WS2812Configuration) {
        self.configuration = configuration
        pipeline = ColorPipeline(configuration: configuration.color)
        expansion = (0...255).map { configuration.symbols.expand(UInt8($0)) }
    }

    /// Bytes in every transfer this encoder makes.
    public var transferBytes: Int { configuration.transferBytes }

    /// The transfer for `frame`, which must be the mapper's logical size.
    public mutating func encode(_ frame: Frame) -> [UInt8] {
        let levels = pipeline.process(configuration.mapper.chainPixels(from: frame))
        lastPower = levels.power
        return encode(levels: levels.levels)
    }

    /// The transfer for `levels`: every LED's channel levels in chain order and wire order.
    public func encode(levels: [UInt8]) -> [UInt8] {
        let perByte = configuration.symbols.bytesPerDataByte
        var bytes = [UInt8](repeating: 0, count: levels.count * perByte + configuration.resetBytes)
        bytes.withUnsafeMutableBufferPointer { out in
            var o = 0
            for level in levels {
                let bits = expansion[Int(level)]
                var shift = UInt32(8 * (perByte - 1))
                for _ in 0..<perByte {
                    out[o] = UInt8(truncatingIfNeeded: bits >> shift)
                    o += 1
                    shift &-= 8
                }
            }
        }
        return bytes
    }
}
