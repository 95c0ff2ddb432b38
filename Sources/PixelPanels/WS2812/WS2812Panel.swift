import PixelCore

/// A WS2812B or SK6812 strip or grid on SPI MOSI (`/dev/spidev0.0`, GPIO10).
///
/// Each `show` runs the frame through the mapper and colour pipeline, encodes it and sends
/// it as one transfer in SPI mode 0 at the symbols' clock. A frame too large for one transfer
/// is refused when the panel is made, before anything is sent, with the `spidev.bufsiz` fix.
public final class WS2812Panel: Panel {
    /// The SPI device the chain's data input hangs on.
    public let device: any SPIDevice
    /// Frame → bytes.
    public private(set) var encoder: WS2812Encoder

    /// A panel on `device`; sets the device to mode 0 at the symbols' clock. Throws
    /// `transferTooLarge` when one frame does not fit one transfer on this device.
    public init(device: any SPIDevice, configuration: WS2812Configuration) throws(BusError) {
        let bytes = configuration.transferBytes
        guard bytes <= device.maxTransferSize else {
            throw .transferTooLarge(device: device.name, bytes: bytes, limit: device.maxTransferSize)
        }
        self.device = device
        encoder = WS2812Encoder(configuration: configuration)
        try device.configure(mode: .mode0, speedHz: configuration.symbols.speedHz)
    }

    /// Logical width in LEDs.
    public var width: Int { encoder.configuration.mapper.width }
    /// Logical height in LEDs.
    public var height: Int { encoder.configuration.mapper.height }
    /// The estimated current of the last frame shown.
    public var lastPower: PowerEstimate { encoder.lastPower }

    /// Sends `frame` as one transfer.
    public func show(_ frame: Frame) throws(BusError) {
        guard frame.width == width, frame.height == height else {
            throw .invalidRequest(device: device.name, reason: "a \(frame.width)x\(frame.height) frame was given to a \(width)x\(height) WS2812 panel; render at the panel's size")
        }
        let bytes = encoder.encode(frame)
        guard bytes.count <= device.maxTransferSize else {
            throw .transferTooLarge(device: device.name, bytes: bytes.count, limit: device.maxTransferSize)
        }
        try device.transfer(bytes)
    }
}
