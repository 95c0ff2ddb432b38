import PixelBus
import PixelCore

/// One panel as the user describes it — `--panel TYPE:key=value,…` or a `[[panel]]` table of
/// the configuration file — checked, but not yet connected to any bus.
///
/// `makeDriver(on:)` builds the real driver against a `BusProvider`: simulated buses wired to
/// device models in the simulator, device nodes on a Pi.
///
/// Every type is the board's own wiring (its configuration) behind one mounting stage,
/// `rotate` and `mirror` (`Mounting`), read the same way for all of them. The one exception is
/// kept for old descriptions: `max7219` without `module=` reads `rotate` and `mirror` as its
/// block wiring, as it always did (see `MAX7219Configuration`), and is mounted upright.
public struct PanelDescription: Sendable {
    /// The panel types and their chip configurations: each board's own wiring.
    public enum Kind: Sendable {
        case max7219(MAX7219Configuration)
        case ht16k33(HT16K33Configuration)
        case is31fl3731(IS31FL3731Configuration)
        case hub75(HUB75Configuration)
        /// A strip's pixel mapper holds the mounting, folded into its LED table.
        case ws2812(WS2812Configuration)
        /// A strip's pixel mapper holds the mounting, folded into its LED table.
        case apa102(APA102Configuration, chip: APA102Chip)
        /// Another device on the network: DDP, E1.31 or Art-Net to one host.
        case network(NetworkSenderConfiguration)
    }

    /// Which kind of bus a panel hangs on.
    public enum Bus: String, Sendable { case spi = "SPI", i2c = "I2C", gpio = "GPIO", network = "UDP" }

    /// The text it was parsed from (for status lines and messages).
    public let text: String
    /// The panel type and its configuration.
    public internal(set) var kind: Kind
    /// The bus device: `/dev/spidev0.0`, `/dev/i2c-1`, or for HUB75 a gpiochip path or label
    /// (`auto`: the Pi's GPIO controller, found by its label).
    public let device: String
    /// The simulated spidev's largest transfer (`bufsiz=`, SPI panels only); 4096 bytes by
    /// default, as on a Pi until `spidev.bufsiz` is raised.
    public let spiBufferSize: Int
    /// The option keys this type read, with defaults and ranges.
    public let keys: [PanelOptionKey]
    /// The mounting stage: how the board is turned and flipped under the picture.
    public let mounting: Mounting
    /// The keys as given, with their text: the description before any defaults.
    public let givenValues: [String: String]

    /// The panel types this build knows, in the order `list` shows them.
    public static let knownTypes = ["hub75", "ws2812", "apa102", "sk9822", "max7219", "ht16k33", "is31fl3731", "ddp", "e131", "artnet"]

    /// Parses and checks `TYPE` or `TYPE:key=value,…`.
    public init(parsing text: String) throws(PanelConfigurationError) {
        var options = try PanelOptions(parsing: text)
        try self.init(options: &options, text: text)
        try options.finish()
    }

    /// Reads a description from `options` (the caller runs `options.finish()`, so a table of
    /// the configuration file can read keys of its own first).
    public init(options: inout PanelOptions, text: String) throws(PanelConfigurationError) {
        self.text = text
        givenValues = options.givenValues
        let type = options.type
        // The board's own keys first; strips read the mounting inside (their mapper folds it in).
        let board: Kind
        switch type {
        case "max7219": board = .max7219(try MAX7219Configuration(options: &options))
        case "ht16k33": board = .ht16k33(try HT16K33Configuration(boardOptions: &options))
        case "is31fl3731": board = .is31fl3731(try IS31FL3731Configuration(options: &options))
        case "hub75": board = .hub75(try HUB75Configuration(options: &options))
        case "ws2812": board = .ws2812(try WS2812Configuration(options: &options))
        case "ddp", "e131", "artnet": board = .network(try NetworkSenderConfiguration(options: &options))
        case "apa102", "sk9822":
            board = .apa102(try APA102Configuration(options: &options), chip: type == "sk9822" ? .sk9822 : .apa102)
        default: throw .unknownType(type, known: Self.knownTypes)
        }
        // Then the mounting, the same keys for every type.
        let mounting = try options.mounting()
        self.mounting = mounting
        kind = board
        let bus = Self.bus(of: kind)
        let defaultDevice = switch kind {
        case let .network(c): c.destination
        default:
            switch bus {
            case .spi: "/dev/spidev0.0"
            case .i2c: "/dev/i2c-1"
            case .gpio: "auto"
            case .network: "-"
            }
        }
        let allowedDevice = switch bus {
        case .spi: "a spidev path"
        case .i2c: "an i2c-dev path"
        case .gpio: "auto, a gpiochip path or label"
        case .network: "host= and port="
        }
        // A sending panel's "device" is its destination, given by host= and port=.
        device = bus == .network ? defaultDevice : options.text("device", allowed: allowedDevice, default: defaultDevice) ?? defaultDevice
        guard device.utf8.count <= 255, !device.isEmpty else {
            throw .badValue(type: type, key: "device", value: device, allowed: allowedDevice)
        }
        spiBufferSize = bus == .spi ? try options.integer("bufsiz", in: 64...(1 << 24), default: 4096) : 4096
        keys = options.keys
    }

    /// The bus this panel hangs on.
    public var bus: Bus { Self.bus(of: kind) }

    /// This description with a sending panel's host names resolved (`NetworkSenderConfiguration.resolvingHostNames`);
    /// other panels as they are.
    public func resolvingHostNames<Failure: Error>(_ resolve: (String) -> UInt32?,
                                                   unresolved: (String) -> Failure) throws(Failure) -> PanelDescription {
        guard case let .network(configuration) = kind else { return self }
        var resolved = self
        resolved.kind = .network(try configuration.resolvingHostNames(resolve, unresolved: unresolved))
        return resolved
    }

    private static func bus(of kind: Kind) -> Bus {
        switch kind {
        case .max7219, .ws2812, .apa102: .spi
        case .ht16k33, .is31fl3731: .i2c
        case .hub75: .gpio
        case .network: .network
        }
    }

    /// The type name, e.g. "max7219".
    public var type: String {
        switch kind {
        case .max7219: "max7219"
        case .ht16k33: "ht16k33"
        case .is31fl3731: "is31fl3731"
        case .hub75: "hub75"
        case .ws2812: "ws2812"
        case let .apa102(_, chip): chip.rawValue
        case let .network(c):
            switch c.tiles[0].kind {
            case .ddp: "ddp"
            case .e131: "e131"
            case .artNet: "artnet"
            }
        }
    }

    /// True for chips that only switch LEDs on and off (MAX7219, HT16K33).
    public var isOnOff: Bool {
        switch kind {
        case .max7219, .ht16k33: true
        default: false
        }
    }

    /// The GPIO lines of the Pi header this panel occupies, each with what it is for: the HUB75
    /// wiring's driven lines, SPI0's MOSI, SCLK, MISO and chip select, or I²C1's SDA and SCL.
    public var headerPins: [(gpio: Int, use: String)] {
        switch bus {
        case .gpio:
            guard case let .hub75(c) = kind else { return [] }
            return (0..<64).filter { c.drivenLines & (UInt64(1) << UInt64($0)) != 0 }.map { ($0, "HUB75, \(c.pinMap.name) wiring") }
        case .spi:
            guard device.hasPrefix("/dev/spidev0.") else { return [] }  // SPI0 on the header; others are elsewhere
            let select = device.hasSuffix(".1") ? 7 : 8
            return [(10, "SPI0 MOSI"), (9, "SPI0 MISO"), (11, "SPI0 SCLK"), (select, "SPI0 CE\(select == 8 ? 0 : 1)")]
        case .i2c:
            return device == "/dev/i2c-1" ? [(2, "I2C1 SDA"), (3, "I2C1 SCL")] : []
        case .network:
            return []
        }
    }

    /// Builds the driver on buses from `provider`; the chip's start-up traffic goes out now.
    public func makeDriver(on provider: any BusProvider) throws(BusError) -> PanelDriver {
        switch kind {
        case let .max7219(c):
            return PanelDriver(panel: mounted(try MAX7219Panel(device: try provider.spiDevice(device, for: self), configuration: c)))
        case let .ht16k33(c):
            return PanelDriver(panel: mounted(try HT16K33Panel(bus: try provider.i2cBus(device, for: self), configuration: c)))
        case let .is31fl3731(c):
            return PanelDriver(panel: mounted(try IS31FL3731Panel(bus: try provider.i2cBus(device, for: self), configuration: c)))
        case let .ws2812(c):
            return PanelDriver(panel: try WS2812Panel(device: try provider.spiDevice(device, for: self), configuration: c))
        case let .apa102(c, _):
            return PanelDriver(panel: try APA102Panel(device: try provider.spiDevice(device, for: self), configuration: c))
        case let .hub75(c):
            let hub75 = HUB75Panel(configuration: c)
            let refresher = try hub75.makeRefresher(lines: try provider.gpioLines(device, outputMask: c.drivenLines, for: self))
            return PanelDriver(panel: mounted(hub75), refresher: refresher)
        case let .network(c):
            let links = try provider.datagramLinks(to: c.tiles.map { ($0.host, $0.port) }, for: self)
            return PanelDriver(panel: mounted(NetworkSenderPanel(links: links, configuration: c)))
        }
    }

    /// `board` behind the mounting stage, or `board` itself when it is upright.
    private func mounted<Board: Panel>(_ board: Board) -> any Panel {
        mounting.isUpright ? board : MountedPanel(board, mounting: mounting)
    }
}

/// A panel driver as built: the `Panel` the frame loop shows frames on and, for HUB75, the
/// refresher that must keep putting the bit planes on the wire.
public struct PanelDriver {
    /// Where frames go.
    public let panel: any Panel
    /// HUB75 only: the refresh that the caller runs on its own thread (hardware) or after
    /// each frame (simulator).
    public let refresher: HUB75Refresher?

    /// A driver for `panel`, with `refresher` for HUB75.
    public init(panel: any Panel, refresher: HUB75Refresher? = nil) {
        self.panel = panel
        self.refresher = refresher
    }

    /// Shows `frame` with no refresh thread behind it (device models): the frame, then, for
    /// HUB75, one refresh that swaps it in at its end and one whole dither cycle that shows it
    /// (two refreshes in all without `pwm-dither-bits`). With dithering, refreshes that end a
    /// cycle already begun come between them, so the model's picture integrates one cycle of
    /// this frame alone.
    public func showAndRefresh(_ frame: Frame) throws(BusError) {
        try panel.show(frame)
        guard let refresher else { return }
        try refresher.refreshOnce()
        while !refresher.nextRefreshStartsDitherCycle { try refresher.refreshOnce() }
        for _ in 0..<refresher.configuration.refreshesPerDitherCycle { try refresher.refreshOnce() }
    }
}
