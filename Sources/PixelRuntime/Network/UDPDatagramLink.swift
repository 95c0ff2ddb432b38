import PixelBus
import PixelNetwork
import PixelPanels
import PixelSystem

/// A sending panel's link on the machine: one UDP socket (bound to any address, a port the
/// kernel picks) sending to one destination through PixelSystem's seam. A failed send is
/// counted by the socket, never thrown: UDP promises no delivery, and the next frame is whole.
public final class UDPDatagramLink: DatagramLink {
    /// The destination.
    public let destination: NetworkEndpoint
    private let socket: UDPSocket

    /// A socket sending to `host` (IPv4, host order) and `port`; throws a `BusError` naming the
    /// destination when no socket can be opened.
    public init(host: UInt32, port: UInt16, for kind: NetworkProtocol) throws(BusError) {
        destination = NetworkEndpoint(address: host, port: port)
        do {
            socket = try UDPSocket(binding: NetworkEndpoint(address: 0, port: 0), for: kind, receiveBufferBytes: 4096)
        } catch {
            throw .invalidRequest(device: destination.description, reason: error.description)
        }
    }

    /// `host:port`.
    public var name: String { destination.description }
    /// Datagrams the kernel refused (no route, a full buffer).
    public var failedSends: Int { socket.failedSends }

    public func send(_ datagram: [UInt8]) throws(BusError) {
        socket.send(datagram, to: destination)
    }
}

/// A machine's buses with the network added: sending panels get a `UDPDatagramLink`, every
/// other bus comes from `inner`.
final class NetworkedBusProvider: BusProvider {
    private let inner: any BusProvider

    /// `inner`'s buses, and UDP for sending panels.
    init(_ inner: any BusProvider) { self.inner = inner }

    func spiDevice(_ path: String, for panel: PanelDescription) throws(BusError) -> any SPIDevice {
        try inner.spiDevice(path, for: panel)
    }
    func i2cBus(_ path: String, for panel: PanelDescription) throws(BusError) -> any I2CBus {
        try inner.i2cBus(path, for: panel)
    }
    func gpioLines(_ chip: String, outputMask: UInt64, for panel: PanelDescription) throws(BusError) -> any GPIOLines {
        try inner.gpioLines(chip, outputMask: outputMask, for: panel)
    }
    func datagramLinks(to destinations: [(host: UInt32, port: UInt16)], for panel: PanelDescription) throws(BusError) -> [any DatagramLink] {
        var links: [any DatagramLink] = []
        for destination in destinations {
            links.append(try UDPDatagramLink(host: destination.host, port: destination.port, for: Self.networkProtocol(of: panel)))
        }
        return links
    }

    /// The protocol `panel` sends, for socket errors.
    static func networkProtocol(of panel: PanelDescription) -> NetworkProtocol {
        switch panel.type {
        case "e131": return .e131
        case "artnet": return .artNet
        default: return .ddp
        }
    }
}
