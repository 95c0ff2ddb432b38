import PixelBus
import PixelCore
import PixelPanels

/// The chip end of a described panel: its device model and the simulated bus that feeds it,
/// as at power-up. What `SimulatedBusProvider` hands drivers, and what `decode` plays a
/// recorded trace into.
public struct SimulatedTarget {
    /// The chip's model.
    public let model: any DeviceModel
    /// The SPI device, for SPI panels.
    public let spi: SimulatedSPIDevice?
    /// The I²C bus, for I²C panels.
    public let i2c: SimulatedI2CBus?
    /// The GPIO port, for HUB75.
    public let gpio: SimulatedGPIOLines?
    /// The datagram links, one per tile, for sending panels.
    public var links: [SimulatedDatagramLink] = []

    /// The model of `panel`'s chip on a simulated bus named after `panel.device`; an I²C chip
    /// joins `sharedI2C` when given (several chips on one bus), GPIO holds move `time`.
    public init(_ panel: PanelDescription, sharedI2C: SimulatedI2CBus? = nil, time: VirtualTime = VirtualTime()) throws(PanelConfigurationError) {
        func spi(_ model: any SPIDeviceModel) -> SimulatedSPIDevice {
            SimulatedSPIDevice(model: model, name: panel.device, maxTransferSize: panel.spiBufferSize)
        }
        func i2c(_ model: any I2CDeviceModel) -> SimulatedI2CBus {
            let bus = sharedI2C ?? SimulatedI2CBus(name: panel.device)
            bus.attach(model)
            return bus
        }
        switch panel.kind {
        case let .max7219(c):
            let model = MAX7219Model(board: Self.max7219Board(c))
            self.init(model: model, spi: spi(model), i2c: nil, gpio: nil)
        case let .ht16k33(c):
            let model = HT16K33Model(address: c.address, board: c.board)
            self.init(model: model, spi: nil, i2c: i2c(model), gpio: nil)
        case let .is31fl3731(c):
            let model = IS31FL3731Model(address: c.address, board: c.board)
            self.init(model: model, spi: nil, i2c: i2c(model), gpio: nil)
        case let .hub75(c):
            let model = HUB75Model(configuration: c)
            let name = panel.device == "auto" ? "gpiochip0" : panel.device
            self.init(model: model, spi: nil, i2c: nil, gpio: SimulatedGPIOLines(name: name, models: [model], time: time))
        case let .ws2812(c):
            let model = WS2812Model(layout: c.mapper.layout, order: c.color.order, white: c.color.white,
                                    timing: WS2812Timing(c.chip))
            self.init(model: model, spi: spi(model), i2c: nil, gpio: nil)
        case let .apa102(c, chip):
            let model = APA102Model(layout: c.mapper.layout, chip: chip, order: c.color.order)
            self.init(model: model, spi: spi(model), i2c: nil, gpio: nil)
        case let .network(c):
            let wall = NetworkWallModel(c)
            self.init(model: wall, spi: nil, i2c: nil, gpio: nil)
            links = zip(c.tiles, wall.nodes).map { tile, node in SimulatedDatagramLink(name: tile.destination, node: node) }
        }
    }

    private init(model: any DeviceModel, spi: SimulatedSPIDevice?, i2c: SimulatedI2CBus?, gpio: SimulatedGPIOLines?) {
        self.model = model; self.spi = spi; self.i2c = i2c; self.gpio = gpio
    }

    /// A MAX7219 row is modelled as the module wiring its `module=` describes and the chain
    /// direction `reverse` gives. The
    /// mounting is not the model's business: the model shows the row as built.
    static func max7219Board(_ configuration: MAX7219Configuration) -> MAX7219Board {
        MAX7219Board(configuration)
    }
}

/// The simulator's `BusProvider`: every bus it gives is wired to a device model of the
/// described chip, and every GPIO hold moves the shared `VirtualTime`.
public final class SimulatedBusProvider: BusProvider {
    /// The simulation's clock.
    public let time: VirtualTime
    /// The chip ends made so far, in the order the drivers asked for their buses.
    public private(set) var targets: [SimulatedTarget] = []
    /// One bus per I²C path, so several chips can share it at different addresses.
    private var i2cBuses: [String: SimulatedI2CBus] = [:]

    /// Where a sending panel's datagrams go besides its node's model (the machine's sockets in
    /// `sim`, so a simulated run can drive other nodes); nil keeps them inside the simulation.
    public let outsideNetwork: (any NetworkTransport)?

    /// A provider whose GPIO holds move `time`, its sending panels copied onto `outsideNetwork`.
    public init(time: VirtualTime = VirtualTime(), outsideNetwork: (any NetworkTransport)? = nil) {
        self.time = time
        self.outsideNetwork = outsideNetwork
    }

    private func target(_ panel: PanelDescription) throws(BusError) -> SimulatedTarget {
        do {
            let target = try SimulatedTarget(panel, sharedI2C: panel.bus == .i2c ? i2cBus(named: panel.device) : nil, time: time)
            targets.append(target)
            return target
        } catch {
            throw .invalidRequest(device: panel.device, reason: error.description)
        }
    }

    private func i2cBus(named name: String) -> SimulatedI2CBus {
        if let bus = i2cBuses[name] { return bus }
        let bus = SimulatedI2CBus(name: name)
        i2cBuses[name] = bus
        return bus
    }

    public func spiDevice(_ path: String, for panel: PanelDescription) throws(BusError) -> any SPIDevice {
        try target(panel).spi!
    }
    public func i2cBus(_ path: String, for panel: PanelDescription) throws(BusError) -> any I2CBus {
        try target(panel).i2c!
    }
    public func gpioLines(_ chip: String, outputMask: UInt64, for panel: PanelDescription) throws(BusError) -> any GPIOLines {
        try target(panel).gpio!
    }
    public func datagramLinks(to destinations: [(host: UInt32, port: UInt16)], for panel: PanelDescription) throws(BusError) -> [any DatagramLink] {
        let links = try target(panel).links
        if let outsideNetwork {
            for (link, destination) in zip(links, destinations) {
                link.forward = try outsideNetwork.openLink(to: NetworkEndpoint(address: destination.host, port: destination.port))
            }
        }
        return links
    }
}

/// A described panel driven through its real driver into a simulated bus whose other end is
/// the chip's device model. What the model shows — not the frame — is what the simulator
/// displays.
public final class SimulatedPanel {
    /// The description it was made from.
    public let description: PanelDescription
    /// The driver, as on a Pi.
    public let driver: PanelDriver
    /// The bus and model.
    public let target: SimulatedTarget

    /// Builds the panel for `description` on `provider` (whose `time` stamps traces); the
    /// driver's start-up traffic goes out now, traced into `trace` when given.
    public init(_ description: PanelDescription, provider: SimulatedBusProvider = SimulatedBusProvider(),
                trace: (any BusTraceSink)? = nil) throws {
        self.description = description
        let time = provider.time
        let buses: any BusProvider = trace.map { TracingBusProvider(provider, sink: $0, clock: { time.nanoseconds }) } ?? provider
        driver = try description.makeDriver(on: buses)
        target = provider.targets[provider.targets.count - 1]
    }

    /// Parses `text` and builds the panel (see `init(_:provider:trace:)`).
    public convenience init(_ text: String, trace: (any BusTraceSink)? = nil, time: VirtualTime = VirtualTime()) throws {
        try self.init(try PanelDescription(parsing: text), provider: SimulatedBusProvider(time: time), trace: trace)
    }

    /// The panel the frames go to.
    public var panel: any Panel { driver.panel }
    /// Logical size in LEDs: the frames `show` takes.
    public var width: Int { driver.panel.width }
    /// Logical height in LEDs.
    public var height: Int { driver.panel.height }
    /// The description's text.
    public var text: String { description.text }
    /// True for chips that only switch LEDs on and off (MAX7219, HT16K33).
    public var isMonochrome: Bool { description.isOnOff }

    /// Sends `frame` through the driver and returns what the panel shows afterwards (see
    /// `PanelDriver.showAndRefresh`).
    @discardableResult
    public func show(_ frame: Frame) throws -> Frame {
        try driver.showAndRefresh(frame)
        return target.model.picture
    }

    /// What the panel shows now.
    public var picture: Frame { target.model.picture }

    /// The model's complaint about the driver's traffic, if any (see `DeviceModel.misfit`).
    public var misfit: String? { target.model.misfit }
}
