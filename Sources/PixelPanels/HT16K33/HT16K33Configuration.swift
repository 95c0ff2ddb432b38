import PixelBus

/// An HT16K33 matrix backpack on I²C: what `--panel ht16k33:…` describes.
///
/// Options (all optional):
///
/// | key | values | default | meaning |
/// |---|---|---|---|
/// | `layout` | `8x8`, `16x8`, `featherwing-16x8`, `bicolor-8x8` | `8x8` | which Adafruit board (see `HT16K33Board`) |
/// | `address` | 0x70…0x77 or 112…119 | 0x70 | the I²C address set by the A0–A2 jumpers |
/// | `brightness` | 0…15 | 15 | dimming level: row duty (n + 1)/16 |
/// | `rotate` | 0, 180 | 0 | 180 shows the frame upside down, for a backpack mounted the other way up |
public struct HT16K33Configuration: Hashable, Sendable {
    /// The `--panel` type name.
    public static let panelType = "ht16k33"
    /// The addresses the chip's three address pins can give.
    public static let addresses: ClosedRange<UInt8> = 0x70...0x77

    /// The backpack's LED wiring.
    public var board: HT16K33Board
    /// The chip's I²C address (0x70…0x77).
    public var address: I2CAddress
    /// Dimming level 0…15: row duty (n + 1)/16.
    public var brightness: Int
    /// True: the frame is turned half a turn before it is shown.
    public var rotated180: Bool

    /// A configuration given directly (tests, code).
    public init(board: HT16K33Board = .adafruit8x8, address: I2CAddress = I2CAddress(rawValue: 0x70)!,
                brightness: Int = 15, rotated180: Bool = false) {
        precondition(Self.addresses.contains(address.rawValue), "HT16K33 addresses are 0x70...0x77")
        precondition((0...15).contains(brightness), "HT16K33 brightness is 0...15")
        self.board = board
        self.address = address
        self.brightness = brightness
        self.rotated180 = rotated180
    }

    /// Reads `layout`, `address`, `brightness` and `rotate` from `options`. The caller runs
    /// `options.finish()` afterwards, so a misspelt key is refused.
    public init(options: inout PanelOptions) throws(PanelConfigurationError) {
        let layout = try options.choice("layout", HT16K33Board.all.map(\.name), default: "8x8")
        let address = try options.i2cAddress("address", in: Self.addresses, default: 0x70)
        let brightness = try options.integer("brightness", in: 0...15, default: 15)
        let rotate = try options.choice("rotate", ["0", "180"], default: "0")
        self.init(board: HT16K33Board.all.first { $0.name == layout }!, address: address, brightness: brightness,
                  rotated180: rotate == "180")
    }

    /// Panel width in LEDs.
    public var width: Int { board.width }
    /// Panel height in LEDs.
    public var height: Int { board.height }
}
