import PixelCore
import PixelPanels
import PixelSimulator

/// A panel described by `--panel TYPE:key=value,…`, driven through its real encoder into a
/// simulated bus whose other end is the chip's device model. What the model shows — not the
/// frame — is what the simulator displays.
public final class SimulatedPanel {
    /// The panel types this build can simulate.
    public static let knownTypes = ["max7219", "ht16k33", "is31fl3731", "hub75", "ws2812", "apa102", "sk9822"]

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
    /// stamped with `clock()` nanoseconds.
    public init(_ text: String, trace: (any BusTraceSink)? = nil, clock: @escaping () -> Int64 = { 0 }) throws {
        var options = try PanelOptions(parsing: text)
        self.text = text
        switch options.type {
        case "max7219":
            let configuration = try MAX7219Configuration(options: &options)
            try options.finish()
            let target = try Self.max7219Target(configuration)
            let device: any SPIDevice = trace.map { TracingSPIDevice(target.spi!, sink: $0, clock: clock) } ?? target.spi!
            panel = try MAX7219Panel(device: device, configuration: configuration)
            self.target = target
            isMonochrome = true
            refresher = nil
        case "ht16k33":
            let configuration = try HT16K33Configuration(options: &options)
            try options.finish()
            let target = Target(model: HT16K33Model(address: configuration.address, board: configuration.board), spi: nil,
                                i2c: nil, gpio: nil)
            let bus = SimulatedI2CBus(devices: [target.model as! HT16K33Model])
            let traced: any I2CBus = trace.map { TracingI2CBus(bus, sink: $0, clock: clock) } ?? bus
            panel = try HT16K33Panel(bus: traced, configuration: configuration)
            self.target = Target(model: target.model, spi: nil, i2c: bus, gpio: nil)
            isMonochrome = true
            refresher = nil
        case "is31fl3731":
            let configuration = try IS31FL3731Configuration(options: &options)
            try options.finish()
            let model = IS31FL3731Model(address: configuration.address, board: configuration.board)
            let bus = SimulatedI2CBus(devices: [model])
            let traced: any I2CBus = trace.map { TracingI2CBus(bus, sink: $0, clock: clock) } ?? bus
            panel = try IS31FL3731Panel(bus: traced, configuration: configuration)
            self.target = Target(model: model, spi: nil, i2c: bus, gpio: nil)
            isMonochrome = false
            refresher = nil
        case "hub75":
            let configuration = try HUB75Configuration(options: &options)
            try options.finish()
            let model = HUB75Model(geometry: configuration.geometry, pinMap: configuration.pinMap)
            let lines = SimulatedGPIOLines(models: [model])
            let traced: any GPIOLines = trace.map { TracingGPIOLines(lines, sink: $0, clock: clock) } ?? lines
            let hub75 = HUB75Panel(configuration: configuration)
            panel = hub75
            refresher = try hub75.makeRefresher(lines: traced)
            self.target = Target(model: model, spi: nil, i2c: nil, gpio: lines)
            isMonochrome = false
        case "ws2812", "apa102", "sk9822":
            let target = try Self.stripTarget(&options)
            let device: any SPIDevice = trace.map { TracingSPIDevice(target.spi!, sink: $0, clock: clock) } ?? target.spi!
            panel = try Self.stripPanel(&options, device: device)
            self.target = target
            isMonochrome = false
            refresher = nil
        default:
            throw PanelConfigurationError.unknownType(options.type, known: Self.knownTypes)
        }
    }

    /// Reads the strip's options, builds its model on a simulated SPI device and checks
    /// that no option was left unread.
    private static func stripTarget(_ options: inout PanelOptions) throws -> Target {
        var copy = options
        let model: any SPIDeviceModel
        if copy.type == "ws2812" {
            let configuration = try WS2812Configuration(options: &copy)
            try copy.finish()
            model = WS2812Model(layout: configuration.mapper.layout, order: configuration.color.order,
                                white: configuration.color.white, timing: configuration.color.white ? .sk6812 : .ws2812b)
        } else {
            let configuration = try APA102Configuration(options: &copy)
            try copy.finish()
            model = APA102Model(layout: configuration.mapper.layout, chip: copy.type == "sk9822" ? .sk9822 : .apa102,
                                order: configuration.color.order)
        }
        return Target(model: model, spi: SimulatedSPIDevice(model: model), i2c: nil, gpio: nil)
    }

    private static func stripPanel(_ options: inout PanelOptions, device: any SPIDevice) throws -> any Panel {
        if options.type == "ws2812" {
            return try WS2812Panel(device: device, configuration: try WS2812Configuration(options: &options))
        }
        return try APA102Panel(device: device, configuration: try APA102Configuration(options: &options))
    }

    /// The model side alone (no driver, nothing sent): what `decode` feeds a recorded trace into.
    public static func target(for text: String) throws -> Target {
        var options = try PanelOptions(parsing: text)
        switch options.type {
        case "max7219":
            let configuration = try MAX7219Configuration(options: &options)
            try options.finish()
            return try max7219Target(configuration)
        case "ht16k33":
            let configuration = try HT16K33Configuration(options: &options)
            try options.finish()
            let model = HT16K33Model(address: configuration.address, board: configuration.board)
            return Target(model: model, spi: nil, i2c: SimulatedI2CBus(devices: [model]), gpio: nil)
        case "is31fl3731":
            let configuration = try IS31FL3731Configuration(options: &options)
            try options.finish()
            let model = IS31FL3731Model(address: configuration.address, board: configuration.board)
            return Target(model: model, spi: nil, i2c: SimulatedI2CBus(devices: [model]), gpio: nil)
        case "hub75":
            let configuration = try HUB75Configuration(options: &options)
            try options.finish()
            let model = HUB75Model(geometry: configuration.geometry, pinMap: configuration.pinMap)
            return Target(model: model, spi: nil, i2c: nil, gpio: SimulatedGPIOLines(models: [model]))
        case "ws2812", "apa102", "sk9822":
            return try stripTarget(&options)
        default:
            throw PanelConfigurationError.unknownType(options.type, known: knownTypes)
        }
    }

    /// A MAX7219 row is modelled as the module wiring its options describe: the defaults are
    /// FC-16 modules, `rotate=90` generic modules, `rotate=180,reverse` an FC-16 row upside down.
    private static func max7219Target(_ configuration: MAX7219Configuration) throws -> Target {
        let board: MAX7219Board
        switch (configuration.rotation, configuration.reversed) {
        case (.none, false): board = MAX7219Board(wiring: .fc16, chips: configuration.chips)
        case (.clockwise90, false): board = MAX7219Board(wiring: .generic, chips: configuration.chips)
        case (.halfTurn, true): board = MAX7219Board(wiring: .fc16, chips: configuration.chips, upsideDown: true)
        default:
            throw PanelConfigurationError.inconsistent(
                type: "max7219", reason: "the simulator models FC-16 rows (default), generic modules (rotate=90) and upside-down FC-16 rows (rotate=180,reverse)")
        }
        let model = MAX7219Model(board: board)
        return Target(model: model, spi: SimulatedSPIDevice(model: model), i2c: nil, gpio: nil)
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
