import PixelBus
import PixelCore

/// An IS31FL3731 CharliePlex board as a `RegisterChip`: it holds the 144 PWM duties of frame
/// 0, and its brightness scales those duties (the chip has no global current register).
public struct IS31FL3731Chip: RegisterChip {
    /// The board as configured (its brightness is the 100 % level).
    public let configuration: IS31FL3731Configuration
    /// The encoder, with the brightness in force.
    public private(set) var encoder: IS31FL3731Encoder

    /// The board of `configuration`.
    public init(configuration: IS31FL3731Configuration) {
        self.configuration = configuration
        encoder = IS31FL3731Encoder(configuration: configuration)
    }

    public static var typeName: String { "is31fl3731" }
    public var width: Int { configuration.width }
    public var height: Int { configuration.height }
    public var location: String { "at \(configuration.address)" }
    public var sizeHint: String { "render at the panel's size or set board=" }
    public func initialization() -> [[UInt8]] { encoder.initialization() }
    public var powerUpImage: [UInt8] { [UInt8](repeating: 0, count: IS31FL3731Register.ledCount) }
    public func image(for frame: Frame) -> [UInt8] { encoder.pwmRegisters(for: frame) }

    /// The changed duties; from an unknown state, frame page 0 is selected again first.
    public func messages(from held: [UInt8]?, to target: [UInt8]) -> [[UInt8]] {
        let messages = encoder.pwmMessages(from: held, to: target)
        return held == nil ? [[IS31FL3731Register.command, 0x00]] + messages : messages
    }

    public mutating func setBrightness(percent: Int) -> [[UInt8]] {
        var c = configuration
        c.brightness = Self.scaled(configuration.brightness, percent: percent)
        encoder = IS31FL3731Encoder(configuration: c)
        return []
    }
}

/// An IS31FL3731 CharliePlex board on an I²C bus.
public typealias IS31FL3731Panel = RegisterChipPanel<IS31FL3731Chip>

extension RegisterChipPanel where Chip == IS31FL3731Chip {
    /// Takes `bus` and starts the chip at `configuration.address`; afterwards frame 0 is
    /// displayed, dark and selected.
    public convenience init(bus: any I2CBus, configuration: IS31FL3731Configuration) throws(BusError) {
        try self.init(chip: IS31FL3731Chip(configuration: configuration), link: .i2c(bus, address: configuration.address))
    }
}
