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
///
/// A panel description also takes `rotate` (0/90/180/270) and `mirror` (x/y/xy): the mounting
/// every type shares (`Mounting`), which turns the board after its layout; on a 16×8 layout a
/// quarter turn takes 8×16 frames. `rotate` was 0 or 180 before the mounting stage, and
/// `rotate=180` shows the same as it did.
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
    /// True: the frame is turned half a turn before it is shown (the old `rotate=180`, for code
    /// that builds a configuration directly; a description turns the board with its mounting).
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

    /// Reads `layout`, `address`, `brightness` and `rotate` (0 or 180, into `rotated180`) from
    /// `options`: an ht16k33 description read on its own, as before the mounting stage
    /// (`PanelDescription` reads `init(boardOptions:)` and the mounting instead). The caller runs
    /// `options.finish()` afterwards, so a misspelt key is refused.
    public init(options: inout PanelOptions) throws(PanelConfigurationError) {
        try self.init(boardOptions: &options)
        rotated180 = try options.choice("rotate", ["0", "180"], default: "0") == "180"
    }

    /// Reads the board's own keys, `layout`, `address` and `brightness`, from `options`.
    public init(boardOptions options: inout PanelOptions) throws(PanelConfigurationError) {
        let layout = try options.choice("layout", HT16K33Board.all.map(\.name), default: "8x8")
        let address = try options.i2cAddress("address", in: Self.addresses, default: 0x70)
        let brightness = try options.integer("brightness", in: 0...15, default: 15)
        self.init(board: HT16K33Board.named(layout)!, address: address, brightness: brightness)
    }

    /// Panel width in LEDs.
    public var width: Int { board.width }
    /// Panel height in LEDs.
    public var height: Int { board.height }
}
