import FlyingFox
import FlyingSocks
import Synchronization

/// FlyingFox's socket pool, able to cut off the connection of a browser that stopped reading,
/// and showing every wait to the `ConnectionGuard` that bounds what connections send.
///
/// FlyingFox writes a WebSocket's frames on its own connection task and gives a handler
/// neither that task nor the socket, and it has no write timeout: a browser that stops
/// reading leaves that task waiting for the socket to drain, for as long as TCP keeps the
/// connection (Hummingbird let the stall watchdog close the channel instead). Every such wait
/// goes through the pool, so this one wraps FlyingFox's own and keeps the sockets waiting to
/// write; `abortWrites(to:)` makes the wait of one browser's socket fail, FlyingFox's write
/// throws, and FlyingFox closes that connection itself. Nothing here reads, writes or closes
/// a socket; it only asks FlyingSocks for a waiting socket's peer.
final class AbortableSocketPool: AsyncSocketPool {
    private struct WriteWait {
        let socket: Socket
        let wait: Task<Void, any Error>
    }

    private let base: any AsyncSocketPool
    private let waits = Mutex<(next: Int, byID: [Int: WriteWait])>((0, [:]))
    /// The bounds on the connections, told of every wait (see `ConnectionGuard`).
    let connections: ConnectionGuard

    /// `base` (FlyingFox's `HTTPServer.defaultPool()`), with write waits that can be cut off
    /// and every wait shown to `connections`.
    init(base: any AsyncSocketPool, connections: ConnectionGuard) {
        self.base = base
        self.connections = connections
    }

    func prepare() async throws { try await base.prepare() }

    /// FlyingFox's pool, and beside it the guard's sweeps, until the server ends.
    func run() async throws {
        connections.startSweeping()
        defer { connections.stopSweeping() }
        try await base.run()
    }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        let base = self.base
        guard events == .write else {
            return try await connections.reading(socket) { try await base.suspendSocket(socket, untilReadyFor: events) }
        }
        defer { connections.wrote(socket) }
        let wait = Task { try await base.suspendSocket(socket, untilReadyFor: events) }
        let id = waits.withLock { waits -> Int in
            waits.next += 1
            waits.byID[waits.next] = WriteWait(socket: socket, wait: wait)
            return waits.next
        }
        defer { _ = waits.withLock { $0.byID.removeValue(forKey: id) } }
        do {
            try await withTaskCancellationHandler { try await wait.value } onCancel: { wait.cancel() }
        } catch is CancellationError where !Task.isCancelled {
            throw SocketError.disconnected  // cut off by abortWrites
        }
    }

    /// Makes the waits to write to the connection from `peer` fail; true when there was one.
    /// While a wait is kept here FlyingFox is inside it, so its socket is still open and
    /// still that connection's.
    func abortWrites(to peer: HTTPRequest.Address) -> Bool {
        waits.withLock { waits in
            var found = false
            for entry in waits.byID.values {
                guard let address = try? entry.socket.remotePeer(), HTTPRequest.Address.make(from: address) == peer else { continue }
                entry.wait.cancel()
                found = true
            }
            return found
        }
    }
}
