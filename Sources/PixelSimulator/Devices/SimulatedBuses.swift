import PixelBus
import PixelCore
import PixelPanels

/// A device model: consumes bus traffic the way the chip does and shows what a person
/// would see.
public protocol DeviceModel: AnyObject {
    /// The light the LEDs give now, laid out as the physical board (its own width × height,
    /// before any mapping), in 16-bit linear light: a dark LED is black, a fully driven one
    /// is its colour at full level.
    var picture: Frame { get }
    /// Traffic received so far that does not fit this model — the wrong geometry, another
    /// chip, a frame the chip rejects — as one line naming the problem and the likely fix
    /// (usually an option, e.g. "chips=8?"); nil while everything fitted. What `decode`
    /// reports and `sim` shows on its warning line.
    var misfit: String? { get }
}

/// One line when the LED places `used` (lit or enabled by the traffic) include places that
/// `board` does not wire, naming the `key=` values of `boards` that wire them all; nil when
/// every place used is on the board. For `misfit`.
func unwiredLEDs(_ used: Set<Int>, doing: String, board: (name: String, wired: Set<Int>), key: String,
                 boards: [(name: String, wired: Set<Int>)]) -> String? {
    let missing = used.subtracting(board.wired)
    guard !missing.isEmpty else { return nil }
    let fits = boards.filter { used.isSubset(of: $0.wired) }.map { "\(key)=\($0.name)" }
    return "\(doing) \(missing.count) LEDs that the \(board.name) board does not have"
        + (fits.isEmpty ? "" : ": " + fits.joined(separator: " or ") + "?")
}

/// A chip on an SPI chip select.
public protocol SPIDeviceModel: DeviceModel {
    /// One transfer arrived: chip select went active, `bytes` were clocked in MSB first at
    /// `speedHz` in `mode`, chip select went inactive.
    func receive(_ bytes: [UInt8], mode: SPIMode, speedHz: Int)
}

/// A chip on an I²C bus.
public protocol I2CDeviceModel: DeviceModel {
    /// The chip's 7-bit address.
    var address: I2CAddress { get }
    /// A write message addressed to this chip.
    func receiveWrite(_ bytes: [UInt8])
    /// A register read: `register` written, then `count` bytes read.
    func read(_ count: Int, register: UInt8) -> [UInt8]
}

/// An SPI device whose other end is a device model.
public final class SimulatedSPIDevice: SPIDevice {
    public let name: String
    public let maxTransferSize: Int
    public private(set) var speedHz: Int = 1_000_000
    /// The SPI mode set by the last `configure` (mode 0 until then).
    public private(set) var mode: SPIMode = .mode0
    /// The chip on this chip select.
    public let model: any SPIDeviceModel
    /// The largest transfer sent so far, in bytes.
    public private(set) var largestTransfer = 0

    /// A simulated `/dev/spidev0.0` with spidev's default 4096-byte limit unless told otherwise.
    public init(model: any SPIDeviceModel, name: String = "/dev/spidev0.0", maxTransferSize: Int = 4096) {
        self.model = model; self.name = name; self.maxTransferSize = maxTransferSize
    }

    public func configure(mode: SPIMode, speedHz: Int) throws(BusError) {
        guard speedHz > 0, speedHz <= 125_000_000 else {
            throw .invalidRequest(device: name, reason: "SPI clock \(speedHz) Hz is outside 1...125000000")
        }
        self.mode = mode
        self.speedHz = speedHz
    }

    public func transfer(_ bytes: [UInt8]) throws(BusError) {
        guard bytes.count <= maxTransferSize else {
            throw .transferTooLarge(device: name, bytes: bytes.count, limit: maxTransferSize)
        }
        largestTransfer = max(largestTransfer, bytes.count)
        model.receive(bytes, mode: mode, speedHz: speedHz)
    }
}

/// An I²C bus with device models at their addresses; a message to an empty address is not
/// acknowledged, as on a real bus.
public final class SimulatedI2CBus: I2CBus {
    public let name: String
    private var devices: [UInt8: any I2CDeviceModel] = [:]

    /// A bus named `name` with `devices` attached at their addresses.
    public init(name: String = "/dev/i2c-1", devices: [any I2CDeviceModel] = []) {
        self.name = name
        for d in devices { attach(d) }
    }

    /// Connects `device` at its address.
    public func attach(_ device: any I2CDeviceModel) { devices[device.address.rawValue] = device }

    /// Disconnects whatever is at `address` (a board unplugged or powered off): messages to it
    /// are no longer acknowledged.
    public func detach(_ address: I2CAddress) { devices[address.rawValue] = nil }

    public func write(_ bytes: [UInt8], to address: I2CAddress) throws(BusError) {
        guard let device = devices[address.rawValue] else { throw .noAcknowledge(device: name, address: address.rawValue) }
        device.receiveWrite(bytes)
    }

    public func read(_ count: Int, from address: I2CAddress, register: UInt8) throws(BusError) -> [UInt8] {
        guard let device = devices[address.rawValue] else { throw .noAcknowledge(device: name, address: address.rawValue) }
        return device.read(count, register: register)
    }
}
