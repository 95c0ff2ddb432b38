import PixelCore
import PixelPanels
import PixelSimulator

/// A panel described by `--panel TYPE:key=value,…`, driven through its real encoder into a
/// simulated bus whose other end is the chip's device model. What the model shows — not the
/// frame — is what the simulator displays.
public final class SimulatedPanel {
    /// The panel types this build can simulate.
    public static let knownTypes = ["max7219", "ht16k33", "is31fl3731", "hub75", "ws2812", "apa102", "sk9822"]

    /// One line per panel type for `pixelwheel list`: the bus and the option keys.
    public static let summaries: [(type: String, bus: String, keys: String)] = [
        ("hub75", "GPIO", "rows cols chain parallel scan pwm-bits transfer wiring pwm-lsb-ns brightness rotate mirror"),
        ("ws2812", "SPI", "bufsiz width height length serpentine columns tiles tile-rotate tile-serpentine rotate mirror logical "
            + "x-offset y-offset order rgbw speed reset-us brightness correction curve dither max-ma ma-per-channel idle-ma"),
        ("apa102", "SPI", "the ws2812 layout and colour keys, hdr, speed, bufsiz (sk9822: the same)"),
        ("max7219", "SPI", "chips rotate reverse brightness bufsiz"),
        ("ht16k33", "I2C", "layout address brightness rotate"),
        ("is31fl3731", "I2C", "board address brightness"),
    ]

    /// The bus side of a set-up: the device model and how bytes reach it.
    public struct Target {
        /// The chip's model.
        public let model: any DeviceModel
        /// The SPI device, for SPI panels.
        public let spi: SimulatedSPIDevice?
        /// The I²C bus, for I²C panels.
        public let i2c: SimulatedI2CBus?
        /// The GPIO port, for HUB75.
        public let gpio: SimulatedGPIOLines?
    }

    /// A checked panel description.
    struct Description {
        let kind: Kind
        /// The simulated spidev's largest transfer (`bufsiz=`, SPI panels only); 4096 bytes by
        /// default, as on a Pi until `spidev.bufsiz` is raised.
        let spiBufferSize: Int

        init(_ text: String) throws {
            var options = try PanelOptions(parsing: text)
            kind = try Kind(&options)
            switch kind {
            case .max7219, .ws2812, .apa102:
                spiBufferSize = try options.integer("bufsiz", in: 64...(1 << 24), default: 4096)
            default:
                spiBufferSize = 4096
            }
            try options.finish()
        }

        func target() throws -> Target { try kind.target(spiBufferSize: spiBufferSize) }
    }

    /// The panel types and their configurations.
    enum Kind {
        case max7219(MAX7219Configuration)
        case ht16k33(HT16K33Configuration)
        case is31fl3731(IS31FL3731Configuration)
        case hub75(HUB75Configuration, rotation: Rotation, mirror: Mirror)
        case ws2812(WS2812Configuration)
        case apa102(APA102Configuration, chip: APA102Chip)

        /// Reads the type's options from `options`; bad values are errors naming them.
        init(_ options: inout PanelOptions) throws {
            switch options.type {
            case "max7219": self = .max7219(try MAX7219Configuration(options: &options))
            case "ht16k33": self = .ht16k33(try HT16K33Configuration(options: &options))
            case "is31fl3731": self = .is31fl3731(try IS31FL3731Configuration(options: &options))
            case "hub75":
                let configuration = try HUB75Configuration(options: &options)
                let rotation = Rotation(rawValue: Int(try options.choice("rotate", ["0", "90", "180", "270"], default: "0"))!)!
                let mirror: Mirror = switch try options.choice("mirror", ["none", "x", "y", "xy"], default: "none") {
                case "x": .x
                case "y": .y
                case "xy": [.x, .y]
                default: []
                }
                self = .hub75(configuration, rotation: rotation, mirror: mirror)
            case "ws2812": self = .ws2812(try WS2812Configuration(options: &options))
            case "apa102", "sk9822":
                self = .apa102(try APA102Configuration(options: &options), chip: options.type == "sk9822" ? .sk9822 : .apa102)
            default: throw PanelConfigurationError.unknownType(options.type, known: SimulatedPanel.knownTypes)
            }
        }

        /// The chip's model on its simulated bus, as it is at power-up.
        func target(spiBufferSize: Int) throws -> Target {
            switch self {
            case let .max7219(c):
                let model = MAX7219Model(board: try SimulatedPanel.max7219Board(c))
                return Target(model: model, spi: SimulatedSPIDevice(model: model, maxTransferSize: spiBufferSize), i2c: nil, gpio: nil)
            case let .ht16k33(c):
                let model = HT16K33Model(address: c.address, board: c.board)
                return Target(model: model, spi: nil, i2c: SimulatedI2CBus(devices: [model]), gpio: nil)
            case let .is31fl3731(c):
                let model = IS31FL3731Model(address: c.address, board: c.board)
                return Target(model: model, spi: nil, i2c: SimulatedI2CBus(devices: [model]), gpio: nil)
            case let .hub75(c, _, _):
                let model = HUB75Model(geometry: c.geometry, pinMap: c.pinMap)
                return Target(model: model, spi: nil, i2c: nil, gpio: SimulatedGPIOLines(models: [model]))
            case let .ws2812(c):
                let model = WS2812Model(layout: c.mapper.layout, order: c.color.order, white: c.color.white,
                                        timing: c.color.white ? .sk6812 : .ws2812b)
                return Target(model: model, spi: SimulatedSPIDevice(model: model, maxTransferSize: spiBufferSize), i2c: nil, gpio: nil)
            case let .apa102(c, chip):
                let model = APA102Model(layout: c.mapper.layout, chip: chip, order: c.color.order)
                return Target(model: model, spi: SimulatedSPIDevice(model: model, maxTransferSize: spiBufferSize), i2c: nil, gpio: nil)
            }
        }
    }

    /// The description it was made from.
    public let text: String
    /// The encoder and driver, as on a Pi.
    public let panel: any Panel
    /// The bus and model.
    public let target: Target
    /// True for chips that only switch LEDs on and off (MAX7219, HT16K33).
    public let isMonochrome: Bool
    private let refresher: HUB75Refresher?

    /// Logical size in LEDs: the frames `show` takes.
    public var width: Int { panel.width }
    public var height: Int { panel.height }

    /// Builds the panel for `text`, tracing every bus transaction into `trace` if given,
    /// stamped with `clock()` nanoseconds. The driver's start-up traffic goes out now.
    public init(_ text: String, trace: (any BusTraceSink)? = nil, clock: @escaping () -> Int64 = { 0 }) throws {
        let description = try Description(text)
        let target = try description.target()
        func spi() -> any SPIDevice { trace.map { TracingSPIDevice(target.spi!, sink: $0, clock: clock) } ?? target.spi! }
        func i2c() -> any I2CBus { trace.map { TracingI2CBus(target.i2c!, sink: $0, clock: clock) } ?? target.i2c! }
        self.text = text
        self.target = target
        var refresher: HUB75Refresher?
        switch description.kind {
        case let .max7219(c): panel = try MAX7219Panel(device: spi(), configuration: c)
        case let .ht16k33(c): panel = try HT16K33Panel(bus: i2c(), configuration: c)
        case let .is31fl3731(c): panel = try IS31FL3731Panel(bus: i2c(), configuration: c)
        case let .ws2812(c): panel = try WS2812Panel(device: spi(), configuration: c)
        case let .apa102(c, _): panel = try APA102Panel(device: spi(), configuration: c)
        case let .hub75(c, rotation, mirror):
            let hub75 = HUB75Panel(configuration: c)
            let lines: any GPIOLines = trace.map { TracingGPIOLines(target.gpio!, sink: $0, clock: clock) } ?? target.gpio!
            refresher = try hub75.makeRefresher(lines: lines)
            panel = rotation == .upright && mirror.isEmpty ? hub75 : try MappedPanel(hub75, rotation: rotation, mirror: mirror)
        }
        self.refresher = refresher
        switch description.kind {
        case .max7219, .ht16k33: isMonochrome = true
        default: isMonochrome = false
        }
    }

    /// The model side alone (no driver, nothing sent): what `decode` feeds a recorded trace into.
    public static func target(for text: String) throws -> Target {
        try Description(text).target()
    }

    /// A MAX7219 row is modelled as the module wiring its options describe: the defaults are
    /// FC-16 modules, `rotate=90` generic modules, `rotate=180,reverse` an FC-16 row upside down.
    static func max7219Board(_ configuration: MAX7219Configuration) throws -> MAX7219Board {
        switch (configuration.rotation, configuration.reversed) {
        case (.none, false): return MAX7219Board(wiring: .fc16, chips: configuration.chips)
        case (.clockwise90, false): return MAX7219Board(wiring: .generic, chips: configuration.chips)
        case (.halfTurn, true): return MAX7219Board(wiring: .fc16, chips: configuration.chips, upsideDown: true)
        default:
            throw PanelConfigurationError.inconsistent(
                type: "max7219",
                reason: "the simulator models FC-16 rows (default), generic modules (rotate=90) and upside-down FC-16 rows (rotate=180,reverse)")
        }
    }

    /// Sends `frame` through the driver and returns what the panel shows afterwards.
    /// (HUB75: two full refreshes, since a new frame is swapped in only at the end of one.)
    @discardableResult
    public func show(_ frame: Frame) throws -> Frame {
        try panel.show(frame)
        if let refresher {
            try refresher.refreshOnce()
            try refresher.refreshOnce()
        }
        return target.model.picture
    }

    /// What the panel shows now.
    public var picture: Frame { target.model.picture }
}
