/// A bound UDP port as the receiver sees it: datagrams in, replies out, never blocking.
///
/// PixelSystem's `UDPSocket` is the real one (behind the system-call seam), opened through a
/// `NetworkTransport`; `SimulatedDatagramChannel` lets tests hand in datagrams with no socket.
public protocol DatagramChannel: AnyObject {
    /// The datagrams waiting now, oldest first, at most `maximum` of them; empty when none.
    func receive(maximum: Int) -> [Datagram]
    /// Sends `bytes` to `endpoint` as one datagram; a failure is dropped (replies are best effort).
    func send(_ bytes: [UInt8], to endpoint: NetworkEndpoint)
    /// Datagrams cut to the channel's largest size so far.
    var oversizedDatagrams: Int { get }
    /// Asks for multicast group `group` (IPv4, host order) too, where the channel receives
    /// multicast; a failure is counted by the channel, never thrown.
    func joinGroup(_ group: UInt32)
    /// Leaves a group `joinGroup` joined.
    func leaveGroup(_ group: UInt32)
}

extension DatagramChannel {
    /// A channel without multicast has nothing to join.
    public func joinGroup(_ group: UInt32) {}
    /// Nor to leave.
    public func leaveGroup(_ group: UInt32) {}
}

/// A datagram channel with no socket: a test queues datagrams with `inject`, and reads what the
/// receiver sent back in `sent`. The queue holds at most `capacity` datagrams; more are dropped
/// and counted, as a full socket buffer would.
public final class SimulatedDatagramChannel: DatagramChannel {
    /// The most datagrams waiting at once.
    public let capacity: Int
    /// The largest datagram kept whole; longer ones are cut, as the real socket's buffer cuts them.
    public let maximumSize: Int
    /// What the receiver sent, oldest first (at most `capacity` kept).
    public private(set) var sent: [(bytes: [UInt8], to: NetworkEndpoint)] = []
    /// Datagrams dropped because the queue was full.
    public private(set) var droppedDatagrams = 0
    /// Datagrams cut to `maximumSize`.
    public private(set) var oversizedDatagrams = 0
    /// The multicast groups the receiver asked for and holds, oldest first.
    public private(set) var joinedGroups: [UInt32] = []

    private var queue: [Datagram] = []

    /// An empty channel holding up to `capacity` datagrams of up to `maximumSize` bytes.
    public init(capacity: Int = 1024, maximumSize: Int = 65_507) {
        self.capacity = max(1, capacity)
        self.maximumSize = max(1, maximumSize)
    }

    /// Queues `bytes` as a datagram from `sender`.
    public func inject(_ bytes: [UInt8], from sender: NetworkEndpoint) {
        guard queue.count < capacity else {
            droppedDatagrams += 1
            return
        }
        if bytes.count > maximumSize { oversizedDatagrams += 1 }
        queue.append(Datagram(bytes: Array(bytes.prefix(maximumSize)), sender: sender))
    }

    public func receive(maximum: Int) -> [Datagram] {
        let count = min(max(0, maximum), queue.count)
        let taken = Array(queue.prefix(count))
        queue.removeFirst(count)
        return taken
    }

    public func joinGroup(_ group: UInt32) { joinedGroups.append(group) }

    public func leaveGroup(_ group: UInt32) { joinedGroups.removeAll { $0 == group } }

    public func send(_ bytes: [UInt8], to endpoint: NetworkEndpoint) {
        if sent.count >= capacity { sent.removeFirst() }
        sent.append((bytes, endpoint))
    }

    /// Datagrams waiting.
    public var waiting: Int { queue.count }
}
