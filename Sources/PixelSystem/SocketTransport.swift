import PixelBus

/// The machine's network: every port a `NetworkTransport` opens is a real socket, every call
/// through the system-call seam.
public final class SocketTransport: NetworkTransport {
    /// The machine's sockets.
    public init() {}

    public func openDatagramChannel(_ request: DatagramChannelRequest) throws(TransportError) -> any DatagramChannel {
        try UDPSocket(binding: request.endpoint, receiveBufferBytes: request.receiveBufferBytes,
                      maximumDatagramSize: request.maximumDatagramSize, multicastGroups: request.multicastGroups,
                      multicastInterface: request.multicastInterface, receivesBroadcasts: request.receivesBroadcasts,
                      recordsLocalAddress: request.recordsLocalAddress)
    }

    public func openStreamServer(listening endpoint: NetworkEndpoint, maximumClients: Int) throws(TransportError) -> any StreamServer {
        try TCPStreamServer(listening: endpoint, maximumClients: maximumClients)
    }

    public func openDatagramLink(to destination: NetworkEndpoint) throws(TransportError) -> any DatagramLink {
        try UDPDatagramLink(sendingTo: destination)
    }
}

/// A sending panel's link on the machine: one UDP socket (bound to any address, a port the
/// kernel picks) sending to one destination. A failed send is counted by the socket, never
/// thrown: UDP promises no delivery, and the next frame is whole.
public final class UDPDatagramLink: DatagramLink {
    /// The destination.
    public let destination: NetworkEndpoint
    private let socket: UDPSocket

    /// A socket sending to `destination`.
    public init(sendingTo destination: NetworkEndpoint) throws(TransportError) {
        self.destination = destination
        socket = try UDPSocket(binding: NetworkEndpoint(address: 0, port: 0), receiveBufferBytes: 4096)
    }

    /// `host:port`.
    public var name: String { destination.description }
    /// Datagrams the kernel refused (no route, a full buffer).
    public var failedSends: Int { socket.failedSends }

    public func send(_ datagram: [UInt8]) throws(BusError) {
        socket.send(datagram, to: destination)
    }
}

extension TransportError {
    /// The failure of `call` for `endpoint` with `errno` `code`, its cause and meaning read here.
    static func failed(_ call: Call, _ endpoint: NetworkEndpoint, errno code: Int32) -> TransportError {
        let cause: Cause = switch code {
        case ErrorNumber.addressInUse: .addressInUse
        case ErrorNumber.addressNotAvailable: .addressNotAvailable
        case ErrorNumber.permissionDenied: .permissionDenied
        case ErrorNumber.noBufferSpace: .noBufferSpace
        case ErrorNumber.noDevice: .noDevice
        default: .other
        }
        return TransportError(call: call, endpoint: endpoint, cause: cause, errno: code, meaning: SystemCalls.message(for: code))
    }
}
