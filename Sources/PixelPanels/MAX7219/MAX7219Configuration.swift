/// How a row of MAX7219 8×8 blocks is built and driven: what `--panel max7219:…` describes.
///
/// Options (all optional):
///
/// | key | values | default | meaning |
/// |---|---|---|---|
/// | `chips` | 1…16 | 4 | chips in the cascade, one 8×8 block each, side by side in one row |
/// | `module` | a row of `MAX7219Module.all` | `fc16` | how each block is wired to its chip |
/// | `reverse` | flag | off | the chip nearest the Pi (on DIN) is the leftmost block instead of the rightmost |
/// | `brightness` | 0…15 | 7 | the intensity register: duty (2·n + 1)/32 |
///
/// `module` and `reverse` are the board's wiring. The description's `rotate` and `mirror` are
/// the mounting every panel type shares (`Mounting`), which turns the whole row, with or
/// without `module=`.
///
/// The panel is `8 × chips` LEDs wide and 8 LEDs tall.
public struct MAX7219Configuration: Hashable, Sendable {
    /// The `--panel` type name.
    public static let panelType = "max7219"
    /// The largest cascade accepted.
    public static let maximumChips = 16
    /// The fastest serial clock the MAX7219 accepts, in Hz (datasheet: 10 MHz).
    public static let maximumSpeedHz = 10_000_000

    /// Chips in the cascade, 1…16; each drives one 8×8 block.
    public var chips: Int
    /// How each block is wired to its chip.
    public var module: MAX7219Module
    /// False: the chain runs right to left, so the chip on DIN is the rightmost block (FC-16
    /// and generic modules as usually mounted). True: the chip on DIN is the leftmost block.
    public var reversed: Bool
    /// Intensity register value 0…15: LED duty (2·n + 1)/32.
    public var intensity: Int
    /// SPI clock in Hz (at most 10 MHz).
    public var speedHz: Int

    /// A configuration given directly (tests, code).
    public init(chips: Int = 4, module: MAX7219Module = .fc16, reversed: Bool = false, intensity: Int = 7,
                speedHz: Int = 1_000_000) {
        precondition((1...Self.maximumChips).contains(chips), "MAX7219 cascades hold 1...16 chips")
        precondition((0...15).contains(intensity), "MAX7219 intensity is 0...15")
        precondition(speedHz > 0 && speedHz <= Self.maximumSpeedHz, "MAX7219 SPI clock is at most 10 MHz")
        self.chips = chips
        self.module = module
        self.reversed = reversed
        self.intensity = intensity
        self.speedHz = speedHz
    }

    /// Reads `chips`, `module`, `reverse` and `brightness` from `options`. The caller runs
    /// `options.finish()` afterwards, so a misspelt key is refused.
    public init(options: inout PanelOptions) throws(PanelConfigurationError) {
        let chips = try options.integer("chips", in: 1...Self.maximumChips, default: 4)
        let module = MAX7219Module.named(try options.choice("module", MAX7219Module.all.map(\.name), default: "fc16"))!
        let reversed = try options.flag("reverse")
        let intensity = try options.integer("brightness", in: 0...15, default: 7)
        self.init(chips: chips, module: module, reversed: reversed, intensity: intensity)
    }

    /// Where the LED on digit register `digit` (0…7), data bit `bit` (0…7) sits within its
    /// 8×8 block: the module's row of the table.
    public func blockPosition(digit: Int, bit: Int) -> (x: Int, y: Int) {
        module.position(digit: digit, bit: bit)
    }

    /// Panel width in LEDs: 8 per chip.
    public var width: Int { chips * 8 }
    /// Panel height in LEDs.
    public var height: Int { 8 }
}
