/// What a UDP port is opened for: the receivers' ports and a sending panel's socket alike.
public struct DatagramChannelRequest: Sendable, Hashable {
    /// The address and port to bind (0.0.0.0 for every address; port 0 for any).
    public var endpoint: NetworkEndpoint
    /// The receive buffer to ask for; the kernel may grant less.
    public var receiveBufferBytes: Int
    /// The largest datagram read whole; longer ones are cut and counted.
    public var maximumDatagramSize: Int
    /// Multicast groups (host order) to join at once; a group that cannot be joined throws.
    public var multicastGroups: [UInt32]
    /// With groups on an `endpoint` of 0.0.0.0: the address of the one interface whose
    /// multicast is joined and kept (0: every interface the kernel routes each group to).
    public var multicastInterface: UInt32
    /// For an `endpoint` on one address: its subnet's broadcasts and 255.255.255.255 too.
    public var receivesBroadcasts: Bool
    /// Each datagram says which of this machine's addresses it came to.
    public var recordsLocalAddress: Bool

    /// A request for `endpoint`; the rest as its parameters say.
    public init(endpoint: NetworkEndpoint, receiveBufferBytes: Int = 262_144, maximumDatagramSize: Int = 2048,
                multicastGroups: [UInt32] = [], multicastInterface: UInt32 = 0,
                receivesBroadcasts: Bool = false, recordsLocalAddress: Bool = false) {
        self.endpoint = endpoint
        self.receiveBufferBytes = receiveBufferBytes
        self.maximumDatagramSize = maximumDatagramSize
        self.multicastGroups = multicastGroups
        self.multicastInterface = multicastInterface
        self.receivesBroadcasts = receivesBroadcasts
        self.recordsLocalAddress = recordsLocalAddress
    }
}

/// Where a run's network ports come from, as `BusProvider` is where its panels' buses come
/// from: the machine's sockets (PixelSystem's `SocketTransport`) on a Pi and in `sim`, or
/// `SimulatedNetwork` in tests. The session asks it for every port it opens.
public protocol NetworkTransport: AnyObject {
    /// A bound UDP port for receiving (and replying).
    func openDatagramChannel(_ request: DatagramChannelRequest) throws(TransportError) -> any DatagramChannel
    /// A listening TCP port taking at most `maximumClients` connections at once.
    func openStreamServer(listening endpoint: NetworkEndpoint, maximumClients: Int) throws(TransportError) -> any StreamServer
    /// A socket sending datagrams to `destination` (a sending panel's link).
    func openDatagramLink(to destination: NetworkEndpoint) throws(TransportError) -> any DatagramLink
}

/// A network with no sockets: each port opened is a simulated channel or server a test reaches
/// by its endpoint, each link records what it sent, and `refuse` makes an endpoint fail to bind.
public final class SimulatedNetwork: NetworkTransport {
    /// The channels opened, by the endpoint asked for.
    public private(set) var channels: [NetworkEndpoint: SimulatedDatagramChannel] = [:]
    /// The stream servers opened, by endpoint.
    public private(set) var servers: [NetworkEndpoint: SimulatedStreamServer] = [:]
    /// The links opened, in order.
    public private(set) var links: [RecordingDatagramLink] = []
    /// The requests made for channels, in order.
    public private(set) var requests: [DatagramChannelRequest] = []
    private var refused: [NetworkEndpoint: TransportError.Cause] = [:]

    /// A network where every port opens.
    public init() {}

    /// Makes binding `endpoint` fail with `cause`, as another program holding the port would.
    public func refuse(_ endpoint: NetworkEndpoint, with cause: TransportError.Cause = .addressInUse) {
        refused[endpoint] = cause
    }

    private func check(_ endpoint: NetworkEndpoint) throws(TransportError) {
        if let cause = refused[endpoint] {
            throw TransportError(call: .bind, endpoint: endpoint, cause: cause, errno: 0, meaning: "refused by the simulated network")
        }
    }

    public func openDatagramChannel(_ request: DatagramChannelRequest) throws(TransportError) -> any DatagramChannel {
        try check(request.endpoint)
        requests.append(request)
        let channel = SimulatedDatagramChannel(maximumSize: request.maximumDatagramSize)
        channels[request.endpoint] = channel
        return channel
    }

    public func openStreamServer(listening endpoint: NetworkEndpoint, maximumClients: Int) throws(TransportError) -> any StreamServer {
        try check(endpoint)
        let server = SimulatedStreamServer()
        servers[endpoint] = server
        return server
    }

    public func openDatagramLink(to destination: NetworkEndpoint) throws(TransportError) -> any DatagramLink {
        let link = RecordingDatagramLink(destination: destination)
        links.append(link)
        return link
    }
}

/// A link that keeps what it sent (the last `capacity` datagrams) instead of sending it.
public final class RecordingDatagramLink: DatagramLink {
    /// Where the datagrams would go.
    public let destination: NetworkEndpoint
    /// The most datagrams kept.
    public let capacity: Int
    /// What was sent, oldest first.
    public private(set) var sent: [[UInt8]] = []

    /// A link to `destination` keeping up to `capacity` datagrams.
    public init(destination: NetworkEndpoint, capacity: Int = 256) {
        self.destination = destination
        self.capacity = max(1, capacity)
    }

    /// `host:port`.
    public var name: String { destination.description }

    public func send(_ datagram: [UInt8]) throws(BusError) {
        if sent.count >= capacity { sent.removeFirst() }
        sent.append(datagram)
    }
}
