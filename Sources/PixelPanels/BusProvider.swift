import PixelBus
import PixelCore

/// Where panels get their buses: the boundary between a panel description and the hardware.
///
/// The simulator's provider returns simulated buses wired to device models of the described
/// chips; the Linux provider returns spidev, i2c-dev and GPIO (libgpiod or `/dev/gpiomem`).
/// The panel drivers built on either are the same code.
public protocol BusProvider: AnyObject {
    /// The SPI device at `path` (e.g. `/dev/spidev0.0`) for `panel`.
    func spiDevice(_ path: String, for panel: PanelDescription) throws(BusError) -> any SPIDevice
    /// The I²C bus at `path` (e.g. `/dev/i2c-1`) for `panel`.
    func i2cBus(_ path: String, for panel: PanelDescription) throws(BusError) -> any I2CBus
    /// GPIO output lines `outputMask` on `chip` (a path, a label, or `auto`) for `panel`.
    func gpioLines(_ chip: String, outputMask: UInt64, for panel: PanelDescription) throws(BusError) -> any GPIOLines
    /// One link per UDP destination (IPv4 host order, port) of a sending panel, in order.
    func datagramLinks(to destinations: [(host: UInt32, port: UInt16)], for panel: PanelDescription) throws(BusError) -> [any DatagramLink]
}

extension BusProvider {
    /// A provider without a network refuses sending panels.
    public func datagramLinks(to destinations: [(host: UInt32, port: UInt16)], for panel: PanelDescription) throws(BusError) -> [any DatagramLink] {
        throw .invalidRequest(device: panel.device, reason: "this run has no network for a sending panel")
    }
}

/// A machine's buses for a whole run: the panels' buses and the inputs' GPIO — the encoder and
/// buttons in, the piezo out. `LinuxBusProvider` is the one real implementation; the session
/// asks it for everything it opens, so nothing above it names libgpiod or a device node.
public protocol MachineBusProvider: BusProvider {
    /// GPIO input lines `inputMask` on `chip` (a path, a label, or `auto`), with both-edge
    /// events stamped on `clock`'s timeline.
    func gpioInputs(_ chip: String, inputMask: UInt64, clock: any Clock) throws(BusError) -> any GPIOInputs
    /// GPIO output lines `outputMask` on `chip` that no panel drives (a piezo).
    func gpioOutputs(_ chip: String, outputMask: UInt64) throws(BusError) -> any GPIOLines
    /// What the GPIO ports opened so far went through (libgpiod or `/dev/gpiomem`), for the user.
    var gpioPaths: [String] { get }
    /// The machine's network: the stream receivers' ports and the sending panels' sockets.
    var network: any NetworkTransport { get }
}

extension MachineBusProvider {
    /// A sending panel's links are sockets on the machine's network.
    public func datagramLinks(to destinations: [(host: UInt32, port: UInt16)], for panel: PanelDescription) throws(BusError) -> [any DatagramLink] {
        var links: [any DatagramLink] = []
        for destination in destinations {
            links.append(try network.openLink(to: NetworkEndpoint(address: destination.host, port: destination.port)))
        }
        return links
    }
}

extension NetworkTransport {
    /// A link to `destination`, its failure as the `BusError` a panel's buses throw.
    public func openLink(to destination: NetworkEndpoint) throws(BusError) -> any DatagramLink {
        do {
            return try openDatagramLink(to: destination)
        } catch {
            throw .invalidRequest(device: destination.description, reason: error.description)
        }
    }
}
