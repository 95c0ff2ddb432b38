import PixelBus
import PixelCore

/// Turns frames into IS31FL3731 I²C messages: the `RegisterChip` that `IS31FL3731Panel`
/// drives. It holds no bus; its only state is the brightness in force, which `setBrightness`
/// sets (the chip has no global current register, so brightness scales the duties).
///
/// **Brightness.** Each LED gets an 8-bit PWM duty from the mean of its three linear
/// channels, scaled by the configured brightness and rounded to nearest:
/// `pwm = round((red + green + blue) × brightness / (3 × 65535))`. The chip's PWM is linear
/// in light, so no curve is applied. (Ties cannot happen: 3 × 65535 is odd.)
///
/// **Messages.** One I²C write each: `[register, data…]`, the chip auto-incrementing the
/// register. PWM updates send only the bytes that change, one message per run of consecutive
/// changed LEDs, and at most 32 data bytes per message: 32 is the SMBus block-write limit
/// (`i2c_smbus_write_i2c_block_data`), so every message also fits the Linux SMBus path and
/// small I²C controllers, while a full frame still needs only five messages. The writes go to
/// frame page 0, which `initialization()` leaves selected.
public struct IS31FL3731Encoder: Hashable, Sendable {
    /// The most data bytes after the register byte in one message.
    public static let maximumDataBytesPerWrite = 32

    /// The board this encoder writes for (its brightness is the 100 % level).
    public let configuration: IS31FL3731Configuration
    /// The global scale in force, 0…255: `configuration.brightness` until `setBrightness`.
    public private(set) var brightness: Int

    /// An encoder for `configuration`.
    public init(configuration: IS31FL3731Configuration) {
        self.configuration = configuration
        brightness = configuration.brightness
    }

    /// The PWM duty for `color` at global scale `brightness` (0…255), rounded to nearest.
    @inlinable public static func pwm(for color: LinearColor, brightness: Int) -> UInt8 {
        let sum = Int(color.red) + Int(color.green) + Int(color.blue)
        return UInt8((sum * brightness + (3 * 65535) / 2) / (3 * 65535))
    }

    /// The 144 PWM registers (chip LED order) that show `frame`, which must be the board's
    /// size. LEDs the board does not use get 0.
    public func pwmRegisters(for frame: Frame) -> [UInt8] {
        let board = configuration.board
        precondition(frame.width == board.width && frame.height == board.height,
                     "IS31FL3731 frame must be \(board.width)x\(board.height) LEDs")
        var pwm = [UInt8](repeating: 0, count: IS31FL3731Register.ledCount)
        for (i, led) in board.ledNumbers.enumerated() {
            pwm[led] = Self.pwm(for: frame.pixels[i], brightness: brightness)
        }
        return pwm
    }

    /// Start-up messages. On the function page: software shutdown, picture mode, frame 0
    /// displayed, blink off, audio sync off. On frame 0: the board's LEDs enabled (others
    /// off), blink bits cleared, all PWM 0. Then back on the function page: normal operation;
    /// and frame page 0 selected for the PWM updates. The chip leaves shutdown only once
    /// frame 0 is known to be dark, so nothing stray lights.
    public func initialization() -> [[UInt8]] {
        typealias R = IS31FL3731Register
        var messages: [[UInt8]] = [
            [R.command, R.functionPage],
            [R.shutdown, 0x00],
            [R.configuration, 0x00],
            [R.pictureDisplay, 0x00],
            [R.displayOption, 0x00],
            [R.audioSynchronization, 0x00],
            [R.command, 0x00],
            [R.ledControl] + configuration.board.enableBits,
            [R.blinkControl] + [UInt8](repeating: 0, count: 18),
        ]
        messages += pwmMessages(from: nil, to: [UInt8](repeating: 0, count: R.ledCount))
        messages += [
            [R.command, R.functionPage],
            [R.shutdown, 0x01],
            [R.command, 0x00],
        ]
        return messages
    }

    /// PWM messages that take frame 0 from `previous` (`nil` when unknown: all 144 are
    /// written) to `pwm`: one `[0x24 + first LED, duties…]` per run of changed LEDs, split
    /// at 32 data bytes.
    public func pwmMessages(from previous: [UInt8]?, to pwm: [UInt8]) -> [[UInt8]] {
        let count = IS31FL3731Register.ledCount
        precondition(pwm.count == count && (previous?.count ?? count) == count, "IS31FL3731 has 144 PWM registers")
        var messages = [[UInt8]]()
        var led = 0
        while led < count {
            if let previous, previous[led] == pwm[led] { led += 1; continue }
            var message = [IS31FL3731Register.pwm + UInt8(led)]
            while led < count, message.count <= Self.maximumDataBytesPerWrite,
                  previous == nil || previous![led] != pwm[led] {
                message.append(pwm[led]); led += 1
            }
            messages.append(message)
        }
        return messages
    }

    /// Every message that shows `frame` when the selected page and PWM contents are unknown:
    /// select frame page 0, then all 144 duties in five writes. The encode step
    /// `pixelwheel bench` times (frame → bytes, no bus).
    public func transactions(for frame: Frame) -> [[UInt8]] {
        [[IS31FL3731Register.command, 0x00]] + pwmMessages(from: nil, to: pwmRegisters(for: frame))
    }
}

extension IS31FL3731Encoder: RegisterChip {
    public static var typeName: String { "is31fl3731" }
    public var location: String { "at \(configuration.address)" }
    public var sizeHint: String { "render at the panel's size or set board=" }
    public var powerUpImage: [UInt8] { [UInt8](repeating: 0, count: IS31FL3731Register.ledCount) }
    public func image(for frame: Frame) -> [UInt8] { pwmRegisters(for: frame) }

    /// The changed duties; from an unknown state, frame page 0 is selected again first.
    public func messages(from held: [UInt8]?, to target: [UInt8]) -> [[UInt8]] {
        let messages = pwmMessages(from: held, to: target)
        return held == nil ? [[IS31FL3731Register.command, 0x00]] + messages : messages
    }

    /// Scales the duties of the frames shown from now on to `percent` of the configured
    /// brightness; nothing is sent now.
    public mutating func setBrightness(percent: Int) -> [[UInt8]] {
        brightness = Self.scaled(configuration.brightness, percent: percent)
        return []
    }
}

/// An IS31FL3731 CharliePlex board on an I²C bus.
public typealias IS31FL3731Panel = RegisterChipPanel<IS31FL3731Encoder>

extension RegisterChipPanel where Chip == IS31FL3731Encoder {
    /// Takes `bus` and starts the chip at `configuration.address`; afterwards frame 0 is
    /// displayed, dark and selected.
    public convenience init(bus: any I2CBus, configuration: IS31FL3731Configuration) throws(BusError) {
        try self.init(chip: IS31FL3731Encoder(configuration: configuration), link: .i2c(bus, address: configuration.address))
    }
}
