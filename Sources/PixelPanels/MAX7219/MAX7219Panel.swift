import PixelCore

/// A row of MAX7219 8×8 blocks on one SPI chip select.
///
/// Creating the panel configures the bus (SPI mode 0, the configured clock) and sends the
/// start-up sequence (`MAX7219Encoder.initialization()`). Each `show` sends only the rows that
/// differ from what the chips already hold: showing the same frame twice sends nothing the
/// second time. If a transfer fails the panel forgets what the chips hold, and the next
/// `show` rewrites every row.
public final class MAX7219Panel: Panel {
    /// The cascade's shape and settings.
    public let configuration: MAX7219Configuration
    /// The encoder that turns frames into latches.
    public let encoder: MAX7219Encoder
    private let device: any SPIDevice
    /// The digit registers the chips hold now (chain order, 8 per chip), or `nil` when a
    /// failed transfer left them unknown.
    public private(set) var heldRegisters: [UInt8]?

    /// Takes `device`, sets it to mode 0 at `configuration.speedHz`, and starts the chips.
    public init(device: any SPIDevice, configuration: MAX7219Configuration) throws(BusError) {
        self.configuration = configuration
        self.encoder = MAX7219Encoder(configuration: configuration)
        self.device = device
        try device.configure(mode: .mode0, speedHz: configuration.speedHz)
        for transfer in encoder.initialization() { try device.transfer(transfer) }
        heldRegisters = [UInt8](repeating: 0, count: configuration.chips * 8)
    }

    /// Width in LEDs: 8 per chip.
    public var width: Int { configuration.width }
    /// Height in LEDs: 8.
    public var height: Int { configuration.height }

    /// Sends the rows of `frame` that changed. Throws `.invalidRequest` when the frame is
    /// not the panel's size, and whatever the bus throws.
    public func show(_ frame: Frame) throws(BusError) {
        guard frame.width == width, frame.height == height else {
            throw .invalidRequest(device: device.name, reason: "a \(frame.width)x\(frame.height) frame cannot go to a "
                + "\(width)x\(height) max7219 panel; render at the panel's size (8 LEDs wide per chip)")
        }
        let target = encoder.digitRegisters(for: frame)
        let transfers = encoder.transfers(from: heldRegisters, to: target)
        heldRegisters = nil
        for transfer in transfers { try device.transfer(transfer) }
        heldRegisters = target
    }
}
