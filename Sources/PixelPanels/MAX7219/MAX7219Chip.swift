import PixelBus
import PixelCore

/// A row of MAX7219 8×8 blocks as a `RegisterChip`: it holds 8 digit registers per chip, and
/// its brightness is the intensity register.
public struct MAX7219Chip: RegisterChip {
    /// The cascade as configured (its intensity is the 100 % level).
    public let configuration: MAX7219Configuration
    /// The encoder, with the intensity in force.
    public private(set) var encoder: MAX7219Encoder

    /// The chips of `configuration`.
    public init(configuration: MAX7219Configuration) {
        self.configuration = configuration
        encoder = MAX7219Encoder(configuration: configuration)
    }

    public static var typeName: String { "max7219" }
    public var width: Int { configuration.width }
    public var height: Int { configuration.height }
    public var location: String { "" }
    public var sizeHint: String { "render at the panel's size (8 LEDs wide per chip)" }
    public func initialization() -> [[UInt8]] { encoder.initialization() }
    public var powerUpImage: [UInt8] { [UInt8](repeating: 0, count: configuration.chips * 8) }
    public func image(for frame: Frame) -> [UInt8] { encoder.digitRegisters(for: frame) }
    public func messages(from held: [UInt8]?, to target: [UInt8]) -> [[UInt8]] { encoder.transfers(from: held, to: target) }

    public mutating func setBrightness(percent: Int) -> [[UInt8]] {
        var c = configuration
        c.intensity = Self.scaled(configuration.intensity, percent: percent)
        encoder = MAX7219Encoder(configuration: c)
        return [encoder.broadcast(.intensity, UInt8(c.intensity))]
    }
}

/// A row of MAX7219 8×8 blocks on one SPI chip select (mode 0, the configured clock).
public typealias MAX7219Panel = RegisterChipPanel<MAX7219Chip>

extension RegisterChipPanel where Chip == MAX7219Chip {
    /// Takes `device`, sets it to mode 0 at `configuration.speedHz`, and starts the chips.
    public convenience init(device: any SPIDevice, configuration: MAX7219Configuration) throws(BusError) {
        try device.configure(mode: .mode0, speedHz: configuration.speedHz)
        try self.init(chip: MAX7219Chip(configuration: configuration), link: .spi(device))
    }
}
