/// Bytes that arrived on one TCP connection.
public struct StreamChunk: Sendable, Hashable {
    /// The connection, numbered by the server (never reused while the server runs).
    public var client: Int
    /// The peer.
    public var sender: NetworkEndpoint
    /// The bytes, in order; empty when the connection just closed.
    public var bytes: [UInt8]
    /// True when the peer closed the connection (or the server dropped it) after these bytes.
    public var closed: Bool

    /// Bytes from `client` at `sender`.
    public init(client: Int, sender: NetworkEndpoint, bytes: [UInt8], closed: Bool = false) {
        self.client = client
        self.sender = sender
        self.bytes = bytes
        self.closed = closed
    }
}

/// A listening TCP port as the receiver sees it (Open Pixel Control): connections accepted and
/// read without blocking, each bounded. PixelSystem's `TCPStreamServer` is the real one;
/// `SimulatedStreamServer` lets tests hand in bytes with no socket.
public protocol StreamServer: AnyObject {
    /// What arrived since the last call, at most `maximum` chunks, oldest first; `now` is the
    /// run's clock in nanoseconds, for dropping connections that stalled.
    func receive(maximum: Int, at now: Int64) -> [StreamChunk]
    /// Closes `client`'s connection (it sent something refused).
    func drop(client: Int)
    /// Connections dropped so far: refused (too many), stalled, or dropped by `drop(client:)`.
    var droppedClients: Int { get }
}

/// A stream server with no socket: a test queues chunks with `inject`, and sees which clients
/// the receiver dropped.
public final class SimulatedStreamServer: StreamServer {
    /// The most chunks waiting at once; more are dropped.
    public let capacity: Int
    /// Clients the receiver dropped, in order.
    public private(set) var dropped: [Int] = []
    private var queue: [StreamChunk] = []

    /// An empty server holding up to `capacity` chunks.
    public init(capacity: Int = 1024) { self.capacity = max(1, capacity) }

    /// Queues `bytes` from `client` at `sender`.
    public func inject(_ bytes: [UInt8], client: Int, from sender: NetworkEndpoint, closed: Bool = false) {
        guard queue.count < capacity, !dropped.contains(client) else { return }
        queue.append(StreamChunk(client: client, sender: sender, bytes: bytes, closed: closed))
    }

    public func receive(maximum: Int, at now: Int64) -> [StreamChunk] {
        let count = min(max(0, maximum), queue.count)
        let taken = Array(queue.prefix(count))
        queue.removeFirst(count)
        return taken
    }

    public func drop(client: Int) {
        if !dropped.contains(client) { dropped.append(client) }
        queue.removeAll { $0.client == client }
    }

    public var droppedClients: Int { dropped.count }
}
