import FlyingFox
import FlyingSocks
import PixelCore
import PixelSystem
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps `ConnectionLimits` on the connections FlyingFox accepts and reads, without reading
/// them: FlyingFox owns each socket and hands nothing over until a request's head and body
/// are read whole, and it bounds neither.
///
/// How: every `sweepMilliseconds`, on a thread of its own, it finds the server's connections
/// among the process's descriptors (those whose local end is the listening address and which
/// have a peer), asks the kernel how many bytes FlyingFox has read from each (received less
/// what waits unread in the kernel's queue, `SystemCalls.tcpBytesRead`: bytes not read cost
/// the process nothing, and a photo upload's body waits there until its route reads it), and compares that with what it counted when the routes
/// last took a request, or the WebSocket session a frame. The pool asks too, each time FlyingFox is about to wait to read. A connection over a
/// bound is cut: disconnected at once (`SystemCalls.disconnect`); FlyingFox's next read of it
/// fails and it closes the descriptor itself. A WebSocket whose frame is too large is told
/// first (its session sends the close, 1009) and only its reading is shut, so the close can
/// still go out.
///
/// What this does not do: bound bytes where the kernel does not count them (only Linux does;
/// elsewhere only the time, body and count bounds hold), or stop FlyingFox parsing what it
/// read before the cut (at most one sweep's worth, see docs/simulator.md). A descriptor closed
/// and reused between a check and a cut could cut the new connection; the peer is checked
/// again just before, which leaves that window a few instructions wide.
final class ConnectionGuard: Sendable {
    /// Why a connection was cut.
    enum Reason: Sendable, Equatable {
        case headTooLarge, headTooSlow, bodyTooLarge, frameTooLarge, tooMany
        /// Nothing of a next request came within `idleSeconds`: an ordinary keep-alive
        /// connection left open, closed quietly (its reading shut) and not counted.
        case idle
    }

    private struct Connection {
        var peer: HTTPRequest.Address
        /// When the sweep found it, for choosing the newest when there are too many.
        var found: Int64
        /// When the wait for the current request began.
        var since: Int64
        /// The bytes received when the current request or frame began.
        var baseline: UInt64 = 0
        var webSocket = false
        /// Bytes and seconds the current request may take beyond the bounds: a photo upload's.
        var extraBytes: UInt64 = 0
        var extraSeconds: Int64 = 0
        /// Called when a frame is too large, once the connection's WebSocket session watches it.
        var onFrameTooLarge: (@Sendable () -> Void)?
        var cut = false
    }

    private struct State {
        var listener: (fd: Int32, address: Socket.Address)?
        var connections: [Int32: Connection] = [:]
        /// Read waits in progress, by descriptor.
        var reading: [Int32: Int] = [:]
        var highestDescriptor: Int32 = 0
        var cuts = 0
        var stopped = false
        /// Sweeps still to make after FlyingFox last began or ended a wait to accept: with no
        /// connections known and none of these owed there is nothing to find, and the sweep
        /// is skipped (an idle server costs nothing).
        var sweepsOwed = 2
    }

    /// How often the connections are looked at.
    static let sweepMilliseconds = 50
    /// Cuts written to standard error before they are only counted.
    static let cutsLogged = 5

    let limits: ConnectionLimits
    private let clock: any Clock & Sendable
    private let state = Mutex(State())

    /// A guard keeping `limits`, timing on `clock`.
    init(limits: ConnectionLimits, clock: any Clock & Sendable) {
        self.limits = limits
        self.clock = clock
    }

    /// Connections cut so far.
    var cutCount: Int { state.withLock { $0.cuts } }

    // MARK: What the pool tells

    /// Runs `wait`, FlyingFox waiting to read `socket`, or to accept on it (FlyingSocks asks
    /// for both alike): the listening socket, the first to wait and the only one without a
    /// peer, gives the address the connections share; a connection is first cut if it is over
    /// a byte bound already.
    func reading(_ socket: Socket, _ wait: () async throws -> Void) async throws {
        let fd = socket.file.rawValue
        if isListener(socket) {
            // FlyingFox waits once it has accepted every connection waiting, and accepts more
            // when the wait ends.
            state.withLock { $0.sweepsOwed = 2 }
            defer { state.withLock { $0.sweepsOwed = 2 } }
            return try await wait()
        }
        check(fd)
        state.withLock { $0.reading[fd, default: 0] += 1 }
        defer {
            state.withLock { state in
                let left = (state.reading[fd] ?? 1) - 1
                state.reading[fd] = left > 0 ? left : nil
            }
        }
        try await wait()
    }

    /// The server is listening on `address` (told by `WebServer.start` once it is bound). Until
    /// FlyingFox first waits on the listening socket its descriptor is unknown, and a client
    /// that connects at once could be found only later, its WebSocket frames then taken for an
    /// oversized request; with the address, connections are found from the start (the
    /// listening socket has no peer, so it is never taken for one).
    func listening(at address: Socket.Address) {
        state.withLock { state in
            if state.listener == nil { state.listener = (-1, address) }
        }
    }

    private func isListener(_ socket: Socket) -> Bool {
        let fd = socket.file.rawValue
        if let listener = state.withLock({ $0.listener }), listener.fd >= 0 { return listener.fd == fd }
        guard (try? socket.remotePeer()) == nil, let address = try? socket.sockname() else { return false }
        state.withLock { $0.listener = (fd, address) }
        return true
    }

    /// A wait to write to `socket` ended: the answer is still going out, so the time for the
    /// next request starts again.
    func wrote(_ socket: Socket) {
        let now = clock.now()
        state.withLock { $0.connections[socket.file.rawValue]?.since = now }
    }

    // MARK: What the routes and the sessions tell

    /// The routes took a request from `peer`: what arrives from now on is the next request.
    func requestArrived(from peer: HTTPRequest.Address?) {
        restart(peer) { _ in }
    }

    /// The answer to `peer`'s request is made (`upgraded`: to a WebSocket, whose frames are
    /// bounded from now on by `frameBytes` rather than the request bounds).
    func answered(_ peer: HTTPRequest.Address?, upgraded: Bool) {
        restart(peer) { if upgraded { $0.webSocket = true } }
    }

    /// `peer`'s current request is a photo upload of `bytes` (a body over `bodyBytes`, which the
    /// routes checked and admitted): it may send that much more, for `seconds` longer, through
    /// a receive buffer of `uploadReceiveBuffer` (the small one every connection gets would
    /// leave TCP waiting on delayed acknowledgements, some 200 KB a second).
    func allowBody(from peer: HTTPRequest.Address?, bytes: Int, seconds: Int64) {
        guard let peer, let fd = descriptor(of: peer) else { return }
        _ = SystemCalls.setSocketOption(fd, level: SOL_SOCKET, name: SO_RCVBUF, integer: Int32(Self.uploadReceiveBuffer))
        state.withLock { state in
            state.connections[fd]?.extraBytes = UInt64(max(0, bytes))
            state.connections[fd]?.extraSeconds = max(0, seconds)
        }
    }

    /// The receive buffer asked for while a photo upload is read (Linux doubles the figure).
    static let uploadReceiveBuffer = 256 * 1024

    /// The WebSocket session of `peer` watches its frames: `onFrameTooLarge` is called (once)
    /// when `frameBytes` arrive without a frame being handed over.
    func watchFrames(from peer: HTTPRequest.Address?, onFrameTooLarge: @escaping @Sendable () -> Void) {
        restart(peer) {
            $0.webSocket = true
            $0.onFrameTooLarge = onFrameTooLarge
        }
    }

    /// The WebSocket session of `peer` took a frame.
    func frameArrived(from peer: HTTPRequest.Address?) {
        restart(peer) { _ in }
    }

    /// Cuts the connection of `peer` at once, for `reason`.
    func cut(_ peer: HTTPRequest.Address?, for reason: Reason) {
        guard let peer, let fd = descriptor(of: peer) else { return }
        state.withLock { $0.connections[fd]?.cut = true }
        perform([(fd, peer, reason, nil)])
    }

    /// Sweeps every `sweepMilliseconds` on a thread of its own until `stopSweeping`. Not a
    /// task: a flood keeps FlyingFox parsing without a pause, and two floods hold every thread
    /// of Swift's concurrency pool on two cores, where a sweep task would wait its turn.
    func startSweeping() {
        SystemThread.start(name: "web-connection-guard") { [self] in
            while state.withLock({ !$0.stopped }) {
                sweep()
                SystemThread.sleep(nanoseconds: Int64(Self.sweepMilliseconds) * 1_000_000)
            }
        }
    }

    /// Ends the sweeps.
    func stopSweeping() {
        state.withLock { $0.stopped = true }
    }

    // MARK: The sweep

    private typealias Verdict = (fd: Int32, peer: HTTPRequest.Address, reason: Reason, onFrameTooLarge: (@Sendable () -> Void)?)

    /// Finds the connections, then cuts those over a bound, and the newest beyond the count;
    /// does nothing on an idle server unless `evenIfIdle`.
    func sweep(evenIfIdle: Bool = false) {
        let idle = state.withLock { state -> Bool in
            defer { state.sweepsOwed = max(0, state.sweepsOwed - 1) }
            return state.connections.isEmpty && state.sweepsOwed == 0
        }
        guard evenIfIdle || !idle, let found = findConnections() else { return }
        let now = clock.now()
        let received = Dictionary(uniqueKeysWithValues: found.map { ($0.key, SystemCalls.tcpBytesRead($0.key)) })
        let verdicts = state.withLock { state -> [Verdict] in
            state.connections = state.connections.filter { found[$0.key] == $0.value.peer }
            for (fd, peer) in found where state.connections[fd] == nil {
                state.connections[fd] = Connection(peer: peer, found: now, since: now)
                _ = SystemCalls.setSocketOption(fd, level: SOL_SOCKET, name: SO_RCVBUF, integer: Int32(limits.receiveBuffer))
            }
            var verdicts: [Verdict] = []
            for fd in state.connections.keys.sorted() {
                let waiting = state.reading[fd] != nil
                if let verdict = judge(fd, received: received[fd] ?? nil, now: now, waiting: waiting, in: &state) {
                    verdicts.append(verdict)
                }
            }
            verdicts += excess(in: &state)
            return verdicts
        }
        perform(verdicts)
    }

    /// The connection `fd` over a byte bound, cut now.
    private func check(_ fd: Int32) {
        guard state.withLock({ $0.connections[fd].map { !$0.cut } ?? false }) else { return }
        let received = SystemCalls.tcpBytesRead(fd)
        let now = clock.now()
        let verdict = state.withLock { judge(fd, received: received, now: now, waiting: false, in: &$0) }
        if let verdict { perform([verdict]) }
    }

    /// Whether connection `fd` is over a bound: bytes beyond its allowance since its request
    /// or frame began, or, while FlyingFox waits for it, a request unfinished after
    /// `headSeconds` or none begun after `idleSeconds`.
    private func judge(_ fd: Int32, received: UInt64?, now: Int64, waiting: Bool, in state: inout State) -> Verdict? {
        guard var connection = state.connections[fd], !connection.cut else { return nil }
        var reason: Reason?
        if let received, received > connection.baseline {
            let allowance = connection.webSocket ? UInt64(limits.frameBytes) : UInt64(limits.requestBytes) + connection.extraBytes
            let counted = !connection.webSocket || connection.onFrameTooLarge != nil
            if counted && received - connection.baseline > allowance {
                reason = connection.webSocket ? .frameTooLarge : .headTooLarge
            }
        }
        if reason == nil, !connection.webSocket, waiting {
            // Where the kernel does not count, every wait is taken for an unfinished request.
            let started = received.map { $0 > connection.baseline } ?? true
            let bound = started ? limits.headSeconds + connection.extraSeconds : limits.idleSeconds
            if now - connection.since > bound * 1_000_000_000 { reason = started ? .headTooSlow : .idle }
        }
        guard let reason else { return nil }
        connection.cut = true
        state.connections[fd] = connection
        return (fd, connection.peer, reason, connection.onFrameTooLarge)
    }

    /// The newest connections beyond `limits.connections`, marked cut.
    private func excess(in state: inout State) -> [Verdict] {
        let open = state.connections.filter { !$0.value.cut }
        guard open.count > limits.connections else { return [] }
        let newestFirst = open.sorted { ($0.value.found, $0.key) > ($1.value.found, $1.key) }
        return newestFirst.prefix(open.count - limits.connections).map { fd, connection in
            state.connections[fd]?.cut = true
            return (fd, connection.peer, .tooMany, nil)
        }
    }

    private func perform(_ verdicts: [Verdict]) {
        for verdict in verdicts {
            // The descriptor may have been closed and reused since it was judged.
            guard let peer = try? Socket(file: .init(rawValue: verdict.fd)).remotePeer(),
                  HTTPRequest.Address.make(from: peer) == verdict.peer else { continue }
            if verdict.reason == .idle {
                _ = SystemCalls.shutdownReading(verdict.fd)
                continue
            }
            let number = state.withLock { state -> Int in
                state.cuts += 1
                return state.cuts
            }
            if let onFrameTooLarge = verdict.onFrameTooLarge {
                onFrameTooLarge()
                _ = SystemCalls.shutdownReading(verdict.fd)
            } else {
                _ = SystemCalls.disconnect(verdict.fd)
            }
            if number <= Self.cutsLogged {
                let more = number == Self.cutsLogged ? " (further cuts are only counted)" : ""
                Environment.printError("web: cut off \(Self.describe(verdict.peer)): \(describe(verdict.reason))\(more)")
            }
        }
    }

    /// The server's connections now, by descriptor; nil until the listening socket is known.
    private func findConnections() -> [Int32: HTTPRequest.Address]? {
        guard let (listenerFD, listening, highest) = state.withLock({ state in
            state.listener.map { ($0.fd, $0.address, state.highestDescriptor) }
        }) else { return nil }
        var found: [Int32: HTTPRequest.Address] = [:]
        for fd in 0..<(max(listenerFD, highest) + 128) where fd != listenerFD {
            let socket = Socket(file: .init(rawValue: fd))
            guard let local = try? socket.sockname(), Self.same(local, asListening: listening),
                  let peer = try? socket.remotePeer() else { continue }
            found[fd] = HTTPRequest.Address.make(from: peer)
        }
        let highestFound = found.keys.max() ?? 0
        state.withLock { $0.highestDescriptor = max($0.highestDescriptor, highestFound) }
        return found
    }

    /// The descriptor of `peer`'s connection, looking for it first if the sweep has not.
    private func descriptor(of peer: HTTPRequest.Address) -> Int32? {
        if let fd = state.withLock({ $0.connections.first { $0.value.peer == peer }?.key }) { return fd }
        sweep(evenIfIdle: true)
        return state.withLock { $0.connections.first { $0.value.peer == peer }?.key }
    }

    /// Starts the count of `peer`'s connection again from now, after `change`.
    private func restart(_ peer: HTTPRequest.Address?, _ change: (inout Connection) -> Void) {
        guard let peer, let fd = descriptor(of: peer) else { return }
        let received = SystemCalls.tcpBytesRead(fd) ?? 0
        let now = clock.now()
        state.withLock { state in
            guard var connection = state.connections[fd] else { return }
            connection.extraBytes = 0
            connection.extraSeconds = 0
            change(&connection)
            connection.since = now
            connection.baseline = received
            state.connections[fd] = connection
        }
    }

    /// Whether `local`, a connection's own end, is on the listening address (any of the
    /// machine's addresses when it listens on all).
    static func same(_ local: Socket.Address, asListening listening: Socket.Address) -> Bool {
        switch (local, listening) {
        case let (.ip4(host, port), .ip4(listenHost, listenPort)):
            return port == listenPort && (listenHost == "0.0.0.0" || host == listenHost)
        case let (.ip6(host, port), .ip6(listenHost, listenPort)):
            return port == listenPort && (listenHost == "::" || host == listenHost)
        default:
            return false
        }
    }

    private static func describe(_ peer: HTTPRequest.Address) -> String {
        switch peer {
        case let .ip4(host, port): return "\(host):\(port)"
        case let .ip6(host, port): return "[\(host)]:\(port)"
        case let .unix(path): return path
        }
    }

    private func describe(_ reason: Reason) -> String {
        switch reason {
        case .headTooLarge: return "a request over \(limits.requestBytes / 1024) KiB (head and body)"
        case .headTooSlow: return "a request unfinished after \(limits.headSeconds) s"
        case .bodyTooLarge: return "a request body over \(limits.bodyBytes / 1024) KiB, or of no stated length"
        case .frameTooLarge: return "a WebSocket frame over \(limits.frameBytes / 1024) KiB"
        case .tooMany: return "over \(limits.connections) connections open"
        case .idle: return "idle"
        }
    }
}
