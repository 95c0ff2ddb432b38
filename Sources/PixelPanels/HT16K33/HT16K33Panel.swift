import PixelCore

/// An HT16K33 LED matrix backpack on an I²C bus.
///
/// Creating the panel sends the start-up messages (`HT16K33Encoder.initialization()`). Each
/// `show` sends only the display RAM bytes that change: showing the same frame twice sends
/// nothing the second time. If a write fails the panel forgets what the RAM holds and the
/// next `show` rewrites all 16 bytes.
public final class HT16K33Panel: Panel {
    /// The backpack and its settings.
    public let configuration: HT16K33Configuration
    /// The encoder that turns frames into messages.
    public let encoder: HT16K33Encoder
    private let bus: any I2CBus
    /// The display RAM the chip holds now, or `nil` after a failed write.
    public private(set) var heldRAM: [UInt8]?

    /// Takes `bus` and starts the chip at `configuration.address`.
    public init(bus: any I2CBus, configuration: HT16K33Configuration) throws(BusError) {
        self.configuration = configuration
        self.encoder = HT16K33Encoder(configuration: configuration)
        self.bus = bus
        for message in encoder.initialization() { try bus.write(message, to: configuration.address) }
        heldRAM = [UInt8](repeating: 0, count: 16)
    }

    /// Width in LEDs (8 or 16).
    public var width: Int { configuration.width }
    /// Height in LEDs (8).
    public var height: Int { configuration.height }

    /// Sends the RAM bytes of `frame` that changed. Throws `.invalidRequest` when the frame
    /// is not the panel's size, and whatever the bus throws.
    public func show(_ frame: Frame) throws(BusError) {
        guard frame.width == width, frame.height == height else {
            throw .invalidRequest(device: bus.name, reason: "a \(frame.width)x\(frame.height) frame cannot go to the "
                + "\(width)x\(height) ht16k33 panel at \(configuration.address); render at the panel's size or set layout=")
        }
        let target = encoder.displayRAM(for: frame)
        let messages = encoder.messages(from: heldRAM, to: target)
        heldRAM = nil
        for message in messages { try bus.write(message, to: configuration.address) }
        heldRAM = target
    }
}
