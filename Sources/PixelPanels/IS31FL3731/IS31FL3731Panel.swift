import PixelCore

/// An IS31FL3731 CharliePlex board on an I²C bus.
///
/// Creating the panel sends the start-up messages (`IS31FL3731Encoder.initialization()`),
/// which leave frame 0 displayed, dark and selected. Each `show` writes only the PWM bytes
/// that change: showing the same frame twice sends nothing the second time. If a write fails
/// the panel forgets what the chip holds; the next `show` selects frame page 0 again and
/// writes all 144 duties.
public final class IS31FL3731Panel: Panel {
    /// The board and its settings.
    public let configuration: IS31FL3731Configuration
    /// The encoder that turns frames into messages.
    public let encoder: IS31FL3731Encoder
    private let bus: any I2CBus
    /// The PWM registers of frame 0 as the chip holds them, with frame page 0 selected; `nil`
    /// after a failed write.
    public private(set) var heldPWM: [UInt8]?

    /// Takes `bus` and starts the chip at `configuration.address`.
    public init(bus: any I2CBus, configuration: IS31FL3731Configuration) throws(BusError) {
        self.configuration = configuration
        self.encoder = IS31FL3731Encoder(configuration: configuration)
        self.bus = bus
        for message in encoder.initialization() { try bus.write(message, to: configuration.address) }
        heldPWM = [UInt8](repeating: 0, count: IS31FL3731Register.ledCount)
    }

    /// Width in LEDs.
    public var width: Int { configuration.width }
    /// Height in LEDs.
    public var height: Int { configuration.height }

    /// Sends the PWM bytes of `frame` that changed. Throws `.invalidRequest` when the frame
    /// is not the panel's size, and whatever the bus throws.
    public func show(_ frame: Frame) throws(BusError) {
        guard frame.width == width, frame.height == height else {
            throw .invalidRequest(device: bus.name, reason: "a \(frame.width)x\(frame.height) frame cannot go to the "
                + "\(width)x\(height) is31fl3731 panel at \(configuration.address); render at the panel's size or set board=")
        }
        let target = encoder.pwmRegisters(for: frame)
        var messages = encoder.pwmMessages(from: heldPWM, to: target)
        if heldPWM == nil { messages.insert([IS31FL3731Register.command, 0x00], at: 0) }
        heldPWM = nil
        for message in messages { try bus.write(message, to: configuration.address) }
        heldPWM = target
    }
}
