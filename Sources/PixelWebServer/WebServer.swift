import Dispatch
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import PixelCore
import PixelRuntime
import PixelWeb
import PixelSystem
import ServiceLifecycle
import Synchronization

/// The HTTP and WebSocket server of `pixelwheel web`, on Hummingbird: it serves the page's
/// files, a finished recording, and `/ws`, where each browser gets the frames and status from
/// a `WebBroadcaster` and sends its input into a `WebInputQueue`.
///
/// It runs on SwiftNIO's threads and Swift's concurrency pool; the frame loop runs on the
/// calling thread and meets it only in those two thread-safe objects.
public final class WebServer: Sendable {
    /// Where and how to serve.
    public struct Configuration: Sendable {
        /// Address to listen on (`127.0.0.1`).
        public var host: String
        /// Port to listen on; 0 picks a free one (see `port`).
        public var port: Int
        /// The page.
        public var page: WebPage

        /// Serve `page` on `host`:`port`.
        public init(host: String, port: Int, page: WebPage) {
            self.host = host; self.port = port; self.page = page
        }
    }

    /// Counts over the server's life, for its closing line and the tests.
    public struct Counts: Sendable, Equatable {
        /// WebSocket connections accepted.
        public var connections = 0
        /// Requests and upgrades refused (wrong Origin or Host, too many viewers).
        public var refused = 0
        /// Messages ignored: malformed, too long, text, or over the rate.
        public var badMessages = 0
        /// Connections closed because bad messages kept coming.
        public var closedForBadMessages = 0
        /// Connections closed because the browser stopped reading (a frame waited over
        /// `stallSeconds` to be sent).
        public var closedForStalling = 0
    }

    /// How long one write to a browser may wait before the connection is given up: a page that
    /// vanished without closing (a laptop lid, Wi-Fi gone) would otherwise hold its place until
    /// TCP gives up, many minutes later.
    public static let stallSeconds: Int64 = 10
    /// Refusals written to standard error before they are only counted.
    static let refusalsLogged = 5

    private struct State {
        var port: Int?
        var failure: String?
        var group: ServiceGroup?
        var finished = false
        var counts = Counts()
    }

    /// The configuration.
    public let configuration: Configuration
    /// Frames and texts out.
    public let broadcaster: WebBroadcaster
    /// Input in.
    public let inputs: WebInputQueue
    /// The run's clock: input arrivals and stalled writes are timed on it.
    let clock: any Clock & Sendable
    private let state = Mutex(State())
    private let started = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)

    /// A server of `configuration`, sharing `broadcaster`, `inputs` and `clock` with the frame loop.
    public init(configuration: Configuration, broadcaster: WebBroadcaster, inputs: WebInputQueue, clock: any Clock & Sendable) {
        self.configuration = configuration
        self.clock = clock
        self.broadcaster = broadcaster
        self.inputs = inputs
    }

    /// The port it listens on, once started.
    public var port: Int? { state.withLock { $0.port } }
    /// The counts so far.
    public var counts: Counts { state.withLock { $0.counts } }

    /// Starts listening and returns once it does; throws when it cannot (the port is taken,
    /// the address is not this machine's).
    public func start() throws {
        var logger = Logger(label: "pixelwheel.web")
        logger.logLevel = .critical
        let application = Application(
            router: makeRouter(),
            server: .http1WebSocketUpgrade(webSocketRouter: makeRouter(),
                                           configuration: .init(ws: .init(maxFrameSize: 1024, autoPing: .enabled(timePeriod: .seconds(15)),
                                                                     closeTimeout: .seconds(2)))),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "PixelWheel"),
            onServerRunning: { [self] channel in
                state.withLock { $0.port = channel.localAddress?.port }
                started.signal()
            },
            logger: logger
        )
        let group = ServiceGroup(configuration: .init(services: [application], gracefulShutdownSignals: [], logger: logger))
        state.withLock { $0.group = group }
        Task.detached { [self] in
            do {
                try await group.run()
            } catch {
                let failure = Self.listenFailure(error, host: configuration.host, port: configuration.port)
                state.withLock { $0.failure = failure }
            }
            state.withLock { $0.finished = true }
            started.signal()
            ended.signal()
        }
        started.wait()
        if let failure = state.withLock({ $0.port == nil ? ($0.failure ?? "stopped") : nil }) {
            throw WebSetupError.cannotListen(failure)
        }
    }

    /// Why the server could not listen on `host`:`port`, in one line naming the fix: the port
    /// taken (EADDRINUSE), an address not this machine's (EADDRNOTAVAIL), a port below 1024
    /// without the right to it (EACCES); otherwise the system's words.
    static func listenFailure(_ error: any Error, host: String, port: Int) -> String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let address = "\(shownHost):\(port)"
        switch (error as? IOError)?.errnoCode {
        case ErrorNumber.addressInUse?:
            let next = port < 65535 ? port + 1 : 8080
            return "\(address) is already in use (another pixelwheel web?); stop it or pass --listen \(shownHost):\(next)"
        case ErrorNumber.addressNotAvailable?:
            return "cannot listen on \(address): \(host) is not an address of this machine; "
                + "pass --listen 127.0.0.1:\(port) (this machine only) or one of its own addresses"
        case ErrorNumber.permissionDenied?:
            return "cannot listen on \(address): ports below 1024 need root; pass --listen \(shownHost):8080"
        default:
            return "cannot listen on \(address) (\(error)); pick another address or port with --listen ADDR:PORT"
        }
    }

    /// Stops: every browser is told the server is going away, then the server shuts down;
    /// waits at most `timeoutSeconds` for it.
    public func stop(timeoutSeconds: Int = 3) {
        broadcaster.finish()
        guard let group = state.withLock({ state -> ServiceGroup? in
            defer { state.group = nil }  // once: a second call returns at once
            return state.finished ? nil : state.group
        }) else { return }
        Task.detached { await group.triggerGracefulShutdown() }
        _ = ended.wait(timeout: .now() + .seconds(timeoutSeconds))
    }

    private func count(_ change: (inout Counts) -> Void) {
        state.withLock { change(&$0.counts) }
    }

    private func makeRouter() -> Router<WebRequestContext> {
        let router = Router(context: WebRequestContext.self)
        let page = configuration.page
        let broadcaster = self.broadcaster
        router.add(middleware: HostCheck(server: self))
        router.get("/") { request, _ in try Self.pageFile(page, request.uri.path) }
        router.get(":file") { request, _ in try Self.pageFile(page, request.uri.path) }
        router.get("recordings/:file") { _, context in
            let name = context.parameters.get("file") ?? ""
            guard name.hasSuffix(".gif"), let number = Int(name.dropLast(4)), let gif = broadcaster.recording(number) else {
                throw HTTPError(.notFound, message: "no such recording (only the newest \(broadcaster.recordingsKept) are kept)")
            }
            return Response(status: .ok, headers: [.contentType: "image/gif", .contentDisposition: "attachment; filename=\"pixelwheel-\(number).gif\""],
                            body: .init(byteBuffer: ByteBuffer(bytes: gif)))
        }
        router.ws("ws", shouldUpgrade: { [self] request, _ in
            if let refusal = policy.refusal(host: request.head.authority, origin: request.headers[.origin]) {
                refuse("a WebSocket: " + refusal)
                throw HTTPError(.forbidden, message: refusal)
            }
            guard broadcaster.clientCount < broadcaster.maximumClients else {
                refuse("a WebSocket: \(broadcaster.maximumClients) viewers already (see --max-clients)")
                throw HTTPError(.serviceUnavailable)
            }
            return .upgrade([:])
        }, onUpgrade: { [self] inbound, outbound, context in
            try await serve(inbound: inbound, outbound: outbound, channel: context.requestContext.channel)
        })
        return router
    }

    /// The policy for the address actually bound.
    var policy: WebOriginPolicy { WebOriginPolicy(listenHost: configuration.host, port: port ?? configuration.port) }

    /// Counts a refusal, and says why on standard error for the first few.
    func refuse(_ what: String) {
        let number = state.withLock { state -> Int in
            state.counts.refused += 1
            return state.counts.refused
        }
        if number <= Self.refusalsLogged {
            Environment.printError("web: refused " + what + (number == Self.refusalsLogged ? " (further refusals are only counted)" : ""))
        }
    }

    private static func pageFile(_ page: WebPage, _ path: String) throws -> Response {
        guard let file = page.file(forPath: path) else { throw HTTPError(.notFound) }
        return Response(status: .ok,
                        headers: [.contentType: file.contentType, .cacheControl: "no-store",
                                  .init("X-Content-Type-Options")!: "nosniff",
                                  .init("Content-Security-Policy")!: "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'"],
                        body: .init(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }

    /// One browser: a writer task sends what the broadcaster has for it, a watchdog closes the
    /// connection when one write waits longer than `stallSeconds`, and this task reads its
    /// messages through a `WebClientGuard`.
    private func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, channel: any Channel) async throws {
        guard let (id, wake) = broadcaster.connect() else {
            refuse("a WebSocket: \(broadcaster.maximumClients) viewers already (see --max-clients)")
            try await outbound.close(.unknown(1013), reason: "too many viewers")
            return
        }
        count { $0.connections += 1 }
        let broadcaster = self.broadcaster, inputs = self.inputs
        defer {
            broadcaster.disconnect(id)
            inputs.post(client: id, nil, arrived: clock.now())
        }
        let writing = WriteWatch(clock: clock)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in wake {
                    let outgoing = broadcaster.take(id)
                    for text in outgoing.texts { try await writing.timed { try await outbound.write(.text(text)) } }
                    if let frame = outgoing.frame { try await writing.timed { try await outbound.write(.binary(ByteBuffer(bytes: frame))) } }
                }
                // The stream ended: the server is stopping (a closed page cancels this task instead).
                if !Task.isCancelled { try? await outbound.close(.goingAway, reason: "PixelWheel stopped") }
            }
            group.addTask { [self] in
                while !Task.isCancelled {
                    try await Task.sleep(for: .seconds(1))
                    if writing.waitingSince(now: clock.now()) > Self.stallSeconds * 1_000_000_000 {
                        count { $0.closedForStalling += 1 }
                        channel.close(promise: nil)
                        return
                    }
                }
            }
            var limits = WebClientGuard()
            for try await frame in inbound {
                let now = clock.now()
                var verdict = limits.admit(at: now)
                if verdict == .accept {
                    if frame.opcode == .binary, frame.fin, frame.data.readableBytes <= WebClientMessage.maximumLength,
                       case let .success(message) = WebClientMessage.parse(Array(frame.data.readableBytesView)) {
                        if message == .recordToggle {
                            broadcaster.requestRecordToggle(from: id)
                        } else {
                            inputs.post(client: id, message, arrived: now)
                        }
                    } else {
                        verdict = limits.strike(at: now)
                    }
                }
                if verdict != .accept { count { $0.badMessages += 1 } }
                if verdict == .close {
                    count { $0.closedForBadMessages += 1 }
                    try? await outbound.close(.policyViolation, reason: "too many bad messages")
                    break
                }
            }
            group.cancelAll()
        }
    }
}

/// The request context of `pixelwheel web`: Hummingbird's WebSocket context, plus the
/// connection's channel, so a connection whose browser stopped reading can be closed.
struct WebRequestContext: RequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<Self>
    /// The connection.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        channel = source.channel
    }
}

/// Every request, page and recordings included, must name this server by a loopback name when
/// it listens on loopback: a page on a rebound DNS name can then read nothing.
struct HostCheck: RouterMiddleware {
    typealias Context = WebRequestContext
    let server: WebServer

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let refusal = server.policy.hostRefusal(request.head.authority) {
            server.refuse("\(request.uri.path): " + refusal)
            throw HTTPError(.forbidden, message: refusal)
        }
        return try await next(request, context)
    }
}

/// When the write in progress began (0: none), for the stall watchdog.
final class WriteWatch: Sendable {
    private let since = Atomic<Int64>(0)
    private let clock: any Clock & Sendable

    init(clock: any Clock & Sendable) { self.clock = clock }

    /// Runs `write`, marked as in progress.
    func timed(_ write: () async throws -> Void) async throws {
        since.store(clock.now(), ordering: .relaxed)
        defer { since.store(0, ordering: .relaxed) }
        try await write()
    }

    /// How long the write in progress has waited at `now`, or 0.
    func waitingSince(now: Int64) -> Int64 {
        let start = since.load(ordering: .relaxed)
        return start == 0 ? 0 : now - start
    }
}
