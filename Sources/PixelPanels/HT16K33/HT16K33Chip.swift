import PixelBus
import PixelCore

/// An HT16K33 backpack as a `RegisterChip`: it holds 16 bytes of display RAM, and its
/// brightness is the dimming command.
public struct HT16K33Chip: RegisterChip {
    /// The backpack as configured (its brightness is the 100 % level).
    public let configuration: HT16K33Configuration
    /// The encoder.
    public let encoder: HT16K33Encoder

    /// The backpack of `configuration`.
    public init(configuration: HT16K33Configuration) {
        self.configuration = configuration
        encoder = HT16K33Encoder(configuration: configuration)
    }

    public static var typeName: String { "ht16k33" }
    public var width: Int { configuration.width }
    public var height: Int { configuration.height }
    public var location: String { "at \(configuration.address)" }
    public var sizeHint: String { "render at the panel's size or set layout=" }
    public func initialization() -> [[UInt8]] { encoder.initialization() }
    public var powerUpImage: [UInt8] { [UInt8](repeating: 0, count: 16) }
    public func image(for frame: Frame) -> [UInt8] { encoder.displayRAM(for: frame) }
    public func messages(from held: [UInt8]?, to target: [UInt8]) -> [[UInt8]] { encoder.messages(from: held, to: target) }

    public mutating func setBrightness(percent: Int) -> [[UInt8]] {
        [[HT16K33Command.dimming(Self.scaled(configuration.brightness, percent: percent))]]
    }
}

/// An HT16K33 LED matrix backpack on an I²C bus.
public typealias HT16K33Panel = RegisterChipPanel<HT16K33Chip>

extension RegisterChipPanel where Chip == HT16K33Chip {
    /// Takes `bus` and starts the chip at `configuration.address`.
    public convenience init(bus: any I2CBus, configuration: HT16K33Configuration) throws(BusError) {
        try self.init(chip: HT16K33Chip(configuration: configuration), link: .i2c(bus, address: configuration.address))
    }
}
