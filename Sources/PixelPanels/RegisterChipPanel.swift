import PixelBus
import PixelCore

/// What differs between the register chips (MAX7219, HT16K33, IS31FL3731) under the one
/// driver they share, `RegisterChipPanel`: how a frame becomes the bytes the chip holds, and
/// which messages take the chip from what it holds to that. Each chip's encoder conforms
/// (`MAX7219Encoder`, `HT16K33Encoder`, `IS31FL3731Encoder`): a chip is its configuration,
/// what the description says, and its encoder, what the driver sends.
public protocol RegisterChip: Sendable {
    /// What the description says about the board and its chip.
    associatedtype Configuration: RegisterChipConfiguration
    /// The board and chip as configured (brightness at its 100 % level).
    var configuration: Configuration { get }
    /// The type name for messages, e.g. "max7219".
    static var typeName: String { get }
    /// Width in LEDs (the configuration's, unless a chip says otherwise).
    var width: Int { get }
    /// Height in LEDs (the configuration's, unless a chip says otherwise).
    var height: Int { get }
    /// Where the chip is, for messages (e.g. "at 0x70"); empty when the bus says it all.
    var location: String { get }
    /// What to do about a frame of the wrong size.
    var sizeHint: String { get }
    /// The messages that start the chip; afterwards it holds `powerUpImage`.
    func initialization() -> [[UInt8]]
    /// What the chip holds after `initialization()`.
    var powerUpImage: [UInt8] { get }
    /// The bytes the chip must hold to show `frame`.
    func image(for frame: Frame) -> [UInt8]
    /// The messages that take the chip from `held` (nil: unknown, rewrite everything) to `target`.
    func messages(from held: [UInt8]?, to target: [UInt8]) -> [[UInt8]]
    /// Sets the brightness to `percent` (0...100) of the configured level; returns the
    /// messages to send now (a chip-wide register), or none when the level is part of the image.
    mutating func setBrightness(percent: Int) -> [[UInt8]]
}

/// A panel whose chip keeps state that a power cycle loses, and that can be started again.
public protocol RestartablePanel: Panel {
    /// Sends the start-up sequence again and forgets what the chip held.
    func restart() throws(BusError)
}

/// Where a register chip's messages go: an SPI transfer or an I²C write to one address.
public struct RegisterLink {
    /// The bus's name for messages.
    public let name: String
    /// Sends one message.
    public let send: ([UInt8]) throws(BusError) -> Void
    /// Ends a burst of messages (an I²C bus lets go of its device node).
    public var release: () -> Void = {}

    /// Each message is one SPI transfer on `device`.
    public static func spi(_ device: any SPIDevice) -> RegisterLink {
        RegisterLink(name: device.name, send: { bytes throws(BusError) in try device.transfer(bytes) })
    }

    /// Each message is one I²C write to `address` on `bus`.
    public static func i2c(_ bus: any I2CBus, address: I2CAddress) -> RegisterLink {
        RegisterLink(name: bus.name, send: { bytes throws(BusError) in try bus.write(bytes, to: address) }, release: { bus.release() })
    }
}

/// A chip that holds the picture in its own registers, driven by sending only what changed.
///
/// Creating the panel sends the chip's start-up messages. Each `show` sends only the bytes that
/// differ from what the chip holds: showing the same frame twice sends nothing the second time.
/// If a message fails the panel forgets what the chip holds, and the next `show` rewrites it all.
public final class RegisterChipPanel<Chip: RegisterChip>: RestartablePanel {
    /// The chip's encoder, with its configuration and the brightness in force.
    public private(set) var chip: Chip
    private let link: RegisterLink
    /// The bytes the chip holds now, or `nil` when a failed message left them unknown.
    public private(set) var held: [UInt8]?

    /// Starts `chip` through `link`.
    public init(chip: Chip, link: RegisterLink) throws(BusError) {
        self.chip = chip
        self.link = link
        try send(chip.initialization())
        held = chip.powerUpImage
    }

    /// Width in LEDs.
    public var width: Int { chip.width }
    /// Height in LEDs.
    public var height: Int { chip.height }

    /// Sends the bytes of `frame` that changed. Throws `.invalidRequest` when the frame is not
    /// the panel's size, and whatever the bus throws.
    public func show(_ frame: Frame) throws(BusError) {
        guard frame.width == width, frame.height == height else {
            let place = chip.location.isEmpty ? "" : " " + chip.location
            throw .invalidRequest(device: link.name, reason: "a \(frame.width)x\(frame.height) frame cannot go to the "
                + "\(width)x\(height) \(Chip.typeName) panel\(place); \(chip.sizeHint)")
        }
        let target = chip.image(for: frame)
        let messages = chip.messages(from: held, to: target)
        held = nil
        try send(messages)
        held = target
    }

    /// Starts the chip again from scratch, as after power-up: its start-up messages, then the
    /// next `show` rewrites what it shows. For a chip that went missing and came back.
    public func restart() throws(BusError) {
        held = nil
        try send(chip.initialization())
        held = chip.powerUpImage
    }

    /// Sets the brightness through the chip's own path: its brightness register, or its PWM levels.
    public func setBrightness(percent: Int) throws(BusError) {
        try send(chip.setBrightness(percent: min(100, max(0, percent))))
    }

    /// Sends `messages` as one burst, then lets the link go.
    private func send(_ messages: [[UInt8]]) throws(BusError) {
        defer { link.release() }
        for message in messages { try link.send(message) }
    }
}

/// What a register chip's configuration tells the driver: the board's size.
public protocol RegisterChipConfiguration: Hashable, Sendable {
    /// Board width in LEDs.
    var width: Int { get }
    /// Board height in LEDs.
    var height: Int { get }
}

extension MAX7219Configuration: RegisterChipConfiguration {}
extension HT16K33Configuration: RegisterChipConfiguration {}
extension IS31FL3731Configuration: RegisterChipConfiguration {}

extension RegisterChip {
    /// The configuration's width.
    public var width: Int { configuration.width }
    /// The configuration's height.
    public var height: Int { configuration.height }

    /// `configured` scaled to `percent`, rounded to nearest.
    static func scaled(_ configured: Int, percent: Int) -> Int { (configured * percent + 50) / 100 }
}
