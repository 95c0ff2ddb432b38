import PixelBus
import PixelCore

/// What a strip's encoder offers the shared SPI strip panel.
public protocol SPIStripEncoder: Sendable {
    associatedtype Configuration: SPIStripConfiguration
    /// The chip family, for messages ("WS2812", "APA102").
    static var chipName: String { get }
    /// What it encodes for.
    var configuration: Configuration { get }
    /// The estimated current of the last frame encoded.
    var lastPower: PowerEstimate { get }
    init(configuration: Configuration)
    /// The frame as the bytes of one SPI transfer.
    mutating func encode(_ frame: Frame) -> [UInt8]
}

/// What a strip's configuration offers the shared SPI strip panel.
public protocol SPIStripConfiguration: Sendable {
    /// Logical picture → LEDs in chain order.
    var mapper: PixelMapper { get }
    /// Bytes in one frame's transfer.
    var transferBytes: Int { get }
    /// The SPI clock, in Hz.
    var spiClockHz: Int { get }
    /// The colour pipeline, whose brightness `setBrightness` scales.
    var color: ColorPipelineConfiguration { get set }
}

/// An addressable strip or grid on SPI (WS2812B/SK6812 on MOSI; APA102/SK9822 on MOSI and
/// SCLK). Each `show` runs the frame through the mapper and colour pipeline, encodes it and
/// sends it as one transfer in SPI mode 0. A frame too large for one transfer is refused when
/// the panel is made, before anything is sent, with the `spidev.bufsiz` fix.
public final class SPIStripPanel<Encoder: SPIStripEncoder>: Panel {
    /// The SPI device the chain hangs on.
    public let device: any SPIDevice
    /// Frame → bytes.
    public private(set) var encoder: Encoder
    /// The configuration as given: its brightness is the 100 % level.
    public let configuration: Encoder.Configuration

    /// A panel on `device`; sets the device to mode 0 at the configured clock. Throws
    /// `transferTooLarge` when one frame does not fit one transfer on this device.
    public init(device: any SPIDevice, configuration: Encoder.Configuration) throws(BusError) {
        let bytes = configuration.transferBytes
        guard bytes <= device.maxTransferSize else {
            throw .transferTooLarge(device: device.name, bytes: bytes, limit: device.maxTransferSize)
        }
        self.device = device
        self.configuration = configuration
        encoder = Encoder(configuration: configuration)
        try device.configure(mode: .mode0, speedHz: configuration.spiClockHz)
    }

    /// Logical width in LEDs.
    public var width: Int { encoder.configuration.mapper.width }
    /// Logical height in LEDs.
    public var height: Int { encoder.configuration.mapper.height }
    /// The estimated current of the last frame shown.
    public var lastPower: PowerEstimate { encoder.lastPower }

    /// Scales the colour pipeline's brightness to `percent` of the configured level.
    public func setBrightness(percent: Int) throws(BusError) {
        var scaled = configuration
        scaled.color.brightness = configuration.color.brightness * Fixed(min(100, max(0, percent)), over: 100)
        encoder = Encoder(configuration: scaled)
    }

    /// Sends `frame` as one transfer.
    public func show(_ frame: Frame) throws(BusError) {
        guard frame.width == width, frame.height == height else {
            throw .invalidRequest(device: device.name, reason: "a \(frame.width)x\(frame.height) frame was given to a \(width)x\(height) \(Encoder.chipName) panel; render at the panel's size")
        }
        let bytes = encoder.encode(frame)
        guard bytes.count <= device.maxTransferSize else {
            throw .transferTooLarge(device: device.name, bytes: bytes.count, limit: device.maxTransferSize)
        }
        try device.transfer(bytes)
    }
}

/// A WS2812B or SK6812 strip or grid on SPI MOSI (`/dev/spidev0.0`, GPIO10).
public typealias WS2812Panel = SPIStripPanel<WS2812Encoder>
/// An APA102 or SK9822 strip or grid on SPI (data on MOSI/GPIO10, clock on SCLK/GPIO11).
public typealias APA102Panel = SPIStripPanel<APA102Encoder>

extension WS2812Encoder: SPIStripEncoder {
    public static var chipName: String { "WS2812" }
}
extension APA102Encoder: SPIStripEncoder {
    public static var chipName: String { "APA102" }
}
extension WS2812Configuration: SPIStripConfiguration {
    /// The symbols' clock.
    public var spiClockHz: Int { symbols.speedHz }
}
extension APA102Configuration: SPIStripConfiguration {
    /// The configured clock.
    public var spiClockHz: Int { speedHz }
}
