import PixelCore

/// An APA102 or SK9822 strip or grid on SPI (data on MOSI/GPIO10, clock on SCLK/GPIO11).
///
/// Each `show` runs the frame through the mapper and colour pipeline, encodes it and sends
/// it as one transfer in SPI mode 0. A frame too large for one transfer is refused when the
/// panel is made, before anything is sent, with the `spidev.bufsiz` fix.
public final class APA102Panel: Panel {
    /// The SPI device the chain hangs on.
    public let device: any SPIDevice
    /// Frame → bytes.
    public private(set) var encoder: APA102Encoder

    /// A panel on `device`; sets the device to mode 0 at the configured clock. Throws
    /// `transferTooLarge` when one frame does not fit one transfer on this device.
    public init(device: any SPIDevice, configuration: APA102Configuration) throws(BusError) {
        let bytes = configuration.transferBytes
        guard bytes <= device.maxTransferSize else {
            throw .transferTooLarge(device: device.name, bytes: bytes, limit: device.maxTransferSize)
        }
        self.device = device
        encoder = APA102Encoder(configuration: configuration)
        try device.configure(mode: .mode0, speedHz: configuration.speedHz)
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
            throw .invalidRequest(device: device.name, reason: "a \(frame.width)x\(frame.height) frame was given to a \(width)x\(height) APA102 panel; render at the panel's size")
        }
        let bytes = encoder.encode(frame)
        guard bytes.count <= device.maxTransferSize else {
            throw .transferTooLarge(device: device.name, bytes: bytes.count, limit: device.maxTransferSize)
        }
        try device.transfer(bytes)
    }
}
