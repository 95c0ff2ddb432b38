#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PixelBus

/// A listening, non-blocking IPv4 TCP port (Open Pixel Control): the real `StreamServer`.
///
/// At most `maximumClients` connections are kept; one more is accepted and closed at once. Each
/// read takes at most `chunkBytes` from a connection, so a client sending without pause cannot
/// hold the frame loop. A client that sends nothing for `stallNanoseconds` is dropped (its
/// message may never complete), as is one the receiver refuses. Every call goes through the
/// system-call seam.
public final class TCPStreamServer: StreamServer {
    /// The bound address and port.
    public let endpoint: NetworkEndpoint
    /// The most connections at once.
    public let maximumClients: Int
    /// The most bytes read from one connection per poll.
    public let chunkBytes: Int
    /// How long a connection may stay silent before it is dropped.
    public let stallNanoseconds: Int64
    /// Connections refused or dropped so far.
    public private(set) var droppedClients = 0

    private struct Client {
        var fd: Int32
        var peer: NetworkEndpoint
        var lastHeard: Int64
    }

    private let fd: Int32
    private var clients: [Int: Client] = [:]
    private var nextClient = 1
    private var buffer: [UInt8]

    /// Listens on `endpoint`; throws a `TransportError` with the call and the kernel's reason.
    public init(listening endpoint: NetworkEndpoint, maximumClients: Int = 4,
                chunkBytes: Int = 65_536, stallNanoseconds: Int64 = 10_000_000_000) throws(TransportError) {
        let fd = SystemCalls.ipv4Socket(stream: true)
        guard fd >= 0 else { throw .failed(.socket, endpoint, errno: SystemCalls.lastError) }
        _ = SystemCalls.setSocketOption(fd, level: SOL_SOCKET, name: SO_REUSEADDR, integer: 1)
        guard SystemCalls.bind(fd, address: endpoint.address, port: endpoint.port) == 0 else {
            let code = SystemCalls.lastError
            SystemCalls.close(fd)
            throw .failed(.bind, endpoint, errno: code)
        }
        guard SystemCalls.listen(fd, backlog: 8) == 0 else {
            let code = SystemCalls.lastError
            SystemCalls.close(fd)
            throw .failed(.listen, endpoint, errno: code)
        }
        self.fd = fd
        self.endpoint = endpoint
        self.maximumClients = max(1, maximumClients)
        self.chunkBytes = max(1, chunkBytes)
        self.stallNanoseconds = stallNanoseconds
        buffer = [UInt8](repeating: 0, count: self.chunkBytes)
    }

    deinit {
        for client in clients.values { SystemCalls.close(client.fd) }
        SystemCalls.close(fd)
    }

    /// New connections, then at most one read from each connection, at most `maximum` chunks.
    public func receive(maximum: Int, at now: Int64) -> [StreamChunk] {
        acceptWaiting(at: now)
        var chunks: [StreamChunk] = []
        for id in clients.keys.sorted() where chunks.count < maximum {
            guard var client = clients[id] else { continue }
            let count = buffer.withUnsafeMutableBytes { SystemCalls.read(client.fd, into: $0) }
            if count > 0 {
                client.lastHeard = now
                clients[id] = client
                chunks.append(StreamChunk(client: id, sender: client.peer, bytes: Array(buffer[0..<count])))
            } else if count == 0 || SystemCalls.lastError != EAGAIN && SystemCalls.lastError != EWOULDBLOCK {
                close(id)
                chunks.append(StreamChunk(client: id, sender: client.peer, bytes: [], closed: true))
            } else if now - client.lastHeard > stallNanoseconds {
                drop(client: id)
                chunks.append(StreamChunk(client: id, sender: client.peer, bytes: [], closed: true))
            }
        }
        return chunks
    }

    /// Closes `client`'s connection and counts it.
    public func drop(client id: Int) {
        guard clients[id] != nil else { return }
        close(id)
        droppedClients += 1
    }

    private func close(_ id: Int) {
        guard let client = clients.removeValue(forKey: id) else { return }
        SystemCalls.close(client.fd)
    }

    private func acceptWaiting(at now: Int64) {
        for _ in 0..<maximumClients {
            guard let accepted = SystemCalls.accept(fd) else { return }
            guard clients.count < maximumClients else {
                SystemCalls.close(accepted.fd)
                droppedClients += 1
                continue
            }
            let peer = NetworkEndpoint(address: accepted.address, port: accepted.port)
            clients[nextClient] = Client(fd: accepted.fd, peer: peer, lastHeard: now)
            nextClient += 1
        }
    }
}
