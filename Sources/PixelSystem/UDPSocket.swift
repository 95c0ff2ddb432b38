#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PixelBus

/// A bound, non-blocking IPv4 UDP socket: the real `DatagramChannel`, every call through the
/// system-call seam.
///
/// It sets `SO_REUSEADDR`, asks for a receive buffer of `receiveBufferBytes` (a show sends a
/// frame as one burst of packets; the kernel may grant less), joins the multicast `groups`
/// when asked (E1.31's 239.255.hi.lo, say) on the interface the kernel routes them to, and reads
/// datagrams of at most `maximumDatagramSize` bytes: a longer one is cut and counted in
/// `oversizedDatagrams`.
///
/// Linux lets one socket join `net.ipv4.igmp_max_memberships` groups (20 by default) and a
/// 128×64 panel has 49 E1.31 universes, so groups past the limit are joined on extra sockets that
/// only hold the membership: the bound socket receives every group this machine joined, as a
/// socket does unless `IP_MULTICAST_ALL` is turned off.
///
/// One interface's multicast, and nothing else, comes from a socket bound to every address
/// that joins the groups on that interface (`multicastInterface`, its address) and keeps, by
/// `IP_PKTINFO`, only datagrams sent to a group that came in on that interface; the others are
/// counted in `foreignDatagrams`. Unicast to the address belongs to a second socket bound to
/// it (the kernel gives a datagram to the most specific bound socket). One socket for all the
/// groups keeps the order the datagrams arrived in, which a frame's universes need.
///
/// A socket bound to one address gets no broadcasts. With `receivesBroadcasts` (Art-Net's
/// ArtPoll, which controllers broadcast) two more sockets are bound, to that address's
/// subnet broadcast and to 255.255.255.255, each keeping only what came in on the address's
/// interface; replies still leave from the bound address. With `recordsLocalAddress` each
/// datagram says which of this machine's addresses it came to (`IP_PKTINFO`), so a socket
/// bound to every address can answer from the interface a request came in on.
public final class UDPSocket: DatagramChannel {
    /// The bound address and port.
    public let endpoint: NetworkEndpoint
    /// The largest datagram read whole.
    public let maximumDatagramSize: Int
    /// Datagrams longer than `maximumDatagramSize`, cut.
    public private(set) var oversizedDatagrams = 0
    /// Replies that could not be sent.
    public private(set) var failedSends = 0
    /// Datagrams dropped for not being multicast that came in on `multicastInterface`'s
    /// interface, or broadcasts that came in on another interface than the bound address's.
    public private(set) var foreignDatagrams = 0
    /// The address whose interface alone is listened to, or 0 for every address bound.
    public let multicastInterface: UInt32
    /// That interface's index (0 when `multicastInterface` is 0), or the bound address's when
    /// it receives broadcasts.
    private let interfaceIndex: Int32
    /// Whether each datagram's local address is read from `IP_PKTINFO`.
    public let recordsLocalAddress: Bool
    /// Sockets bound to the bound address's broadcast addresses (`receivesBroadcasts`).
    private let broadcastListeners: [Int32]

    private let fd: Int32
    /// Sockets that only hold multicast memberships past the first socket's limit.
    private let membershipHolders: [Int32]
    /// Whether the socket joined multicast groups (so it takes more on request).
    private let receivesMulticast: Bool
    /// The socket holding the groups joined on request (`joinGroup`), once there is one.
    private var requestedGroupsHolder: Int32 = -1
    /// Groups asked for with `joinGroup` that could not be joined.
    public private(set) var failedJoins = 0
    private var buffer: [UInt8]

    /// Opens `endpoint`, joining `multicastGroups` (host order); throws a `TransportError`
    /// with the call and the kernel's reason. With `multicastInterface` (an address of this machine, `endpoint`
    /// being 0.0.0.0) the groups are joined on that address's interface and only multicast
    /// that arrives there is kept; with 0 on the interface the kernel routes each group to,
    /// and everything is kept. `receivesBroadcasts` (for `endpoint` on one address) and
    /// `recordsLocalAddress` are described above.
    public init(binding endpoint: NetworkEndpoint, receiveBufferBytes: Int = 262_144,
                maximumDatagramSize: Int = 2048, multicastGroups: [UInt32] = [],
                multicastInterface: UInt32 = 0, receivesBroadcasts: Bool = false,
                recordsLocalAddress: Bool = false) throws(TransportError) {
        let fd = try Self.bound(endpoint, receiveBufferBytes: receiveBufferBytes)
        var index: Int32 = 0
        var listeners: [Int32] = []
        do throws(TransportError) {
            let interface = multicastInterface != 0 ? multicastInterface : receivesBroadcasts ? endpoint.address : 0
            if interface != 0 {
                guard let found = HostAddress.interfaceIndex(of: interface) else {
                    throw TransportError.failed(.bind, NetworkEndpoint(address: interface, port: endpoint.port),
                                                errno: ErrorNumber.addressNotAvailable)
                }
                index = found
            }
            if multicastInterface != 0 || recordsLocalAddress { try Self.askForPacketInformation(fd, endpoint) }
            if receivesBroadcasts && endpoint.address != 0 {
                let broadcasts = [HostAddress.broadcastAddress(of: endpoint.address), 0xFFFF_FFFF].compactMap { $0 }
                for address in broadcasts {
                    listeners.append(try Self.broadcastListener(NetworkEndpoint(address: address, port: endpoint.port),
                                                                receiveBufferBytes: receiveBufferBytes))
                }
            }
            membershipHolders = try Self.join(multicastGroups, first: fd, port: endpoint.port, interface: multicastInterface)
        } catch {
            for listener in listeners { SystemCalls.close(listener) }
            SystemCalls.close(fd)
            throw error
        }
        broadcastListeners = listeners
        self.recordsLocalAddress = recordsLocalAddress
        self.fd = fd
        self.endpoint = endpoint
        self.multicastInterface = multicastInterface
        interfaceIndex = index
        receivesMulticast = !multicastGroups.isEmpty
        self.maximumDatagramSize = max(1, maximumDatagramSize)
        buffer = [UInt8](repeating: 0, count: self.maximumDatagramSize)
    }

    /// Turns on `IP_PKTINFO` on `fd`, so `recvmsg` says where each datagram arrived.
    private static func askForPacketInformation(_ fd: Int32, _ endpoint: NetworkEndpoint) throws(TransportError) {
        guard SystemCalls.setSocketOption(fd, level: Int32(IPPROTO_IP), name: IP_PKTINFO, integer: 1) == 0 else {
            throw .failed(.packetInformation, endpoint, errno: SystemCalls.lastError)
        }
    }

    /// A UDP socket bound to `endpoint` with `SO_REUSEADDR` and a receive buffer of about
    /// `receiveBufferBytes`.
    private static func bound(_ endpoint: NetworkEndpoint, receiveBufferBytes: Int) throws(TransportError) -> Int32 {
        let fd = SystemCalls.ipv4Socket(stream: false)
        guard fd >= 0 else { throw .failed(.socket, endpoint, errno: SystemCalls.lastError) }
        _ = SystemCalls.setSocketOption(fd, level: SOL_SOCKET, name: SO_REUSEADDR, integer: 1)
        _ = SystemCalls.setSocketOption(fd, level: SOL_SOCKET, name: SO_RCVBUF, integer: Int32(clamping: receiveBufferBytes))
        guard SystemCalls.bind(fd, address: endpoint.address, port: endpoint.port) == 0 else {
            let code = SystemCalls.lastError
            SystemCalls.close(fd)
            throw .failed(.bind, endpoint, errno: code)
        }
        return fd
    }

    /// A socket bound to broadcast address `endpoint`, with `IP_PKTINFO` on, that only receives.
    private static func broadcastListener(_ endpoint: NetworkEndpoint, receiveBufferBytes: Int) throws(TransportError) -> Int32 {
        let fd = try bound(endpoint, receiveBufferBytes: receiveBufferBytes)
        do throws(TransportError) {
            try askForPacketInformation(fd, endpoint)
        } catch {
            SystemCalls.close(fd)
            throw error
        }
        return fd
    }

    /// Joins `groups`, on `first` until it can take no more, then on new holder sockets;
    /// returns the holders. A group that a fresh socket cannot join throws.
    private static func join(_ groups: [UInt32], first: Int32, port: UInt16, interface: UInt32) throws(TransportError) -> [Int32] {
        var holders: [Int32] = []
        var current = first
        var joinedOnCurrent = 0
        for group in groups {
            let request = membership(group: group, interface: interface)
            while SystemCalls.setSocketOption(current, level: Int32(IPPROTO_IP), name: IP_ADD_MEMBERSHIP, value: request) != 0 {
                let code = SystemCalls.lastError
                let holder = code == ErrorNumber.noBufferSpace && joinedOnCurrent > 0 ? SystemCalls.ipv4Socket(stream: false) : -1
                guard holder >= 0 else {
                    for fd in holders { SystemCalls.close(fd) }
                    throw .failed(.joinGroup, NetworkEndpoint(address: group, port: port), errno: code)
                }
                holders.append(holder)
                current = holder
                joinedOnCurrent = 0
            }
            joinedOnCurrent += 1
        }
        return holders
    }

    deinit {
        SystemCalls.close(fd)
        for listener in broadcastListeners { SystemCalls.close(listener) }
        for holder in membershipHolders { SystemCalls.close(holder) }
        if requestedGroupsHolder >= 0 { SystemCalls.close(requestedGroupsHolder) }
    }

    /// Leaves multicast group `group`, joined with `joinGroup`.
    public func leaveGroup(_ group: UInt32) {
        guard requestedGroupsHolder >= 0 else { return }
        let request = Self.membership(group: group, interface: multicastInterface)
        _ = SystemCalls.setSocketOption(requestedGroupsHolder, level: Int32(IPPROTO_IP), name: IP_DROP_MEMBERSHIP, value: request)
    }

    /// Joins multicast group `group`, on the interface the others were joined on, on a socket
    /// of its own that only holds memberships (the receiving socket may be full); nothing when
    /// this socket joined no groups. A failure is counted in `failedJoins`, never thrown: what
    /// is sent to that group can then come only by unicast.
    public func joinGroup(_ group: UInt32) {
        guard receivesMulticast else { return }
        if requestedGroupsHolder < 0 { requestedGroupsHolder = SystemCalls.ipv4Socket(stream: false) }
        let request = Self.membership(group: group, interface: multicastInterface)
        if requestedGroupsHolder < 0
            || SystemCalls.setSocketOption(requestedGroupsHolder, level: Int32(IPPROTO_IP), name: IP_ADD_MEMBERSHIP, value: request) != 0 {
            failedJoins += 1
        }
    }

    /// The datagrams waiting, at most `maximum`: the bound socket's first, then its broadcast
    /// listeners'; each stops at its first empty read.
    public func receive(maximum: Int) -> [Datagram] {
        var datagrams: [Datagram] = []
        let mode: ReadMode = multicastInterface != 0 ? .multicastOnInterface : recordsLocalAddress ? .withLocalAddress : .plain
        read(fd, mode, maximum: maximum, into: &datagrams)
        for listener in broadcastListeners { read(listener, .broadcastOnInterface, maximum: maximum, into: &datagrams) }
        return datagrams
    }

    /// How a socket's datagrams are read and which are kept.
    private enum ReadMode {
        /// `recvfrom`, every datagram, arrived at the bound address.
        case plain
        /// `recvmsg`, every datagram, arrived where `IP_PKTINFO` says.
        case withLocalAddress
        /// `recvmsg`, only multicast that came in on the interface.
        case multicastOnInterface
        /// `recvmsg`, only what came in on the interface, as if to the bound address.
        case broadcastOnInterface
    }

    private func read(_ socket: Int32, _ mode: ReadMode, maximum: Int, into datagrams: inout [Datagram]) {
        let size = maximumDatagramSize
        while datagrams.count < maximum {
            let read: (length: Int, address: UInt32, port: UInt16)?
            var local = endpoint.address
            switch mode {
            case .plain:
                read = buffer.withUnsafeMutableBytes { SystemCalls.receiveFrom(socket, into: $0) }
            case .withLocalAddress, .multicastOnInterface, .broadcastOnInterface:
                guard let message = buffer.withUnsafeMutableBytes({ SystemCalls.receiveMessage(socket, into: $0) }) else { return }
                let kept = switch mode {
                case .multicastOnInterface: Self.isMulticast(message.arrival, onInterface: interfaceIndex)
                case .broadcastOnInterface: message.arrival?.interfaceIndex == interfaceIndex
                default: true
                }
                guard kept else {
                    foreignDatagrams += 1
                    continue
                }
                if mode == .withLocalAddress { local = message.arrival?.localAddress ?? 0 }
                if mode == .multicastOnInterface { local = multicastInterface }
                read = (message.length, message.address, message.port)
            }
            guard let read else { return }
            if read.length > size { oversizedDatagrams += 1 }
            let kept = min(read.length, size)
            datagrams.append(Datagram(bytes: Array(buffer[0..<kept]), sender: NetworkEndpoint(address: read.address, port: read.port),
                                      localAddress: local))
        }
    }

    /// Sends `bytes` to `endpoint`; a failure is counted, never thrown.
    public func send(_ bytes: [UInt8], to endpoint: NetworkEndpoint) {
        if SystemCalls.sendTo(fd, bytes, address: endpoint.address, port: endpoint.port) < 0 { failedSends += 1 }
    }

    /// Whether a datagram that arrived as `arrival` was sent to a multicast group (224.0.0.0/4)
    /// and came in on interface `index`; false when the kernel said nothing of its arrival.
    static func isMulticast(_ arrival: DatagramArrival?, onInterface index: Int32) -> Bool {
        guard let arrival else { return false }
        return arrival.destination >> 28 == 0xE && arrival.interfaceIndex == index
    }

    /// `struct ip_mreq`: the group, then the interface, each in network order.
    static func membership(group: UInt32, interface: UInt32) -> [UInt8] {
        let groupBytes = NetworkEndpoint(address: group, port: 0).addressBytes
        let interfaceBytes = NetworkEndpoint(address: interface, port: 0).addressBytes
        return groupBytes + interfaceBytes
    }
}
