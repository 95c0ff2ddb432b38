import PixelBus

/// An IS31FL3731 CharliePlex board on I²C: what `--panel is31fl3731:…` describes.
///
/// Options (all optional):
///
/// | key | values | default | meaning |
/// |---|---|---|---|
/// | `board` | `charlieplex16x9`, `charliewing15x7` | `charlieplex16x9` | which board (see `IS31FL3731Board`) |
/// | `address` | 0x74…0x77 or 116…119 | 0x74 | the I²C address set by the AD pin (GND 0x74, SCL 0x75, SDA 0x76, VCC 0x77) |
/// | `brightness` | 0…255 | 255 | global scale: an LED at full level gets PWM `brightness` |
///
/// A panel description also takes `rotate` (0/90/180/270) and `mirror` (x/y/xy): the mounting
/// every type shares (`Mounting`), which turns the board after its LED table; a quarter turn of
/// the 16×9 board takes 9×16 frames.
public struct IS31FL3731Configuration: Hashable, Sendable {
    /// The `--panel` type name.
    public static let panelType = "is31fl3731"
    /// The addresses the chip's AD pin can give.
    public static let addresses: ClosedRange<UInt8> = 0x74...0x77

    /// The board's LED table.
    public var board: IS31FL3731Board
    /// The chip's I²C address (0x74…0x77).
    public var address: I2CAddress
    /// Global scale 0…255: the PWM duty an LED at full level gets.
    public var brightness: Int

    /// A configuration given directly (tests, code).
    public init(board: IS31FL3731Board = .charlieplex16x9, address: I2CAddress = I2CAddress(rawValue: 0x74)!,
                brightness: Int = 255) {
        precondition(Self.addresses.contains(address.rawValue), "IS31FL3731 addresses are 0x74...0x77")
        precondition((0...255).contains(brightness), "IS31FL3731 brightness is 0...255")
        self.board = board
        self.address = address
        self.brightness = brightness
    }

    /// Reads `board`, `address` and `brightness` from `options`. The caller runs
    /// `options.finish()` afterwards, so a misspelt key is refused.
    public init(options: inout PanelOptions) throws(PanelConfigurationError) {
        let name = try options.choice("board", IS31FL3731Board.all.map(\.name), default: "charlieplex16x9")
        let address = try options.i2cAddress("address", in: Self.addresses, default: 0x74)
        let brightness = try options.integer("brightness", in: 0...255, default: 255)
        self.init(board: IS31FL3731Board.named(name)!, address: address, brightness: brightness)
    }

    /// Panel width in LEDs.
    public var width: Int { board.width }
    /// Panel height in LEDs.
    public var height: Int { board.height }
}
