import Dispatch
import FlyingFox
import FlyingSocks
import PixelCore
import PixelRuntime
import PixelWeb
import PixelSystem
import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials  // Data: FlyingFox's bodies and frames
#else
import Foundation
#endif

/// The HTTP and WebSocket server of `pixelwheel web`, on FlyingFox: it serves the page's
/// files, a finished recording, and `/page/ws`, where each browser gets the frames and status from
/// a `WebBroadcaster` and sends its input into a `WebInputQueue`.
///
/// It runs on FlyingFox's socket pool and Swift's concurrency pool; the frame loop runs on the
/// calling thread and meets it only in those two thread-safe objects.
///
/// FlyingFox parses HTTP and the WebSocket framing and does nothing above them, so what
/// Hummingbird did besides is here: the WebSocket's pings, close handshake and frame-size limit
/// (`WebSocketSession`), cutting off a browser that stopped reading (`AbortableSocketPool`),
/// knowing when the socket is bound and why it is not (`start`), and a stop that does not wait
/// out its timeout (`stop`). FlyingFox bounds nothing it reads: a request's header lines have
/// no size limit (a line a megabyte long kept a core busy for over a minute), a body is read
/// as long as its Content-Length says, a WebSocket frame is read whole before its size can be
/// checked, a client may trickle a head forever and open any number of connections. It offers
/// no hook between the socket and its parser, so the bounds (`ConnectionLimits`) are kept from
/// outside by `ConnectionGuard`: it counts each connection's bytes in the kernel and cuts a
/// connection over a bound; docs/simulator.md says how closely each holds.
public final class WebServer: Sendable {
    /// Where and how to serve.
    public struct Configuration: Sendable {
        /// Address to listen on (`127.0.0.1`).
        public var host: String
        /// Port to listen on; 0 picks a free one (see `port`).
        public var port: Int
        /// The page.
        public var page: WebPage
        /// The app's state and commands in the WLED API's terms: what the controls view uses, on
        /// the page's own routes (`/page/json/…`) under the page's access; nil without an app.
        public var api: WLEDServerAPI?
        /// Whether the WLED API itself is served, for Home Assistant and WLED clients (`--api`):
        /// `/json/…`, `/presets.json`, `/win` and `/ws`, under the API's access.
        public var servesWLEDAPI = false
        /// Who may do what: no password (control from loopback) unless told.
        public var auth = WebAuth(password: .none)
        /// Host names the page may be reached by beside addresses (see `WebOriginPolicy`).
        public var hostNames: [String] = []
        /// The bounds on connections, requests and frames.
        public var limits = ConnectionLimits()
        /// Photos' folder for the page's Photos view (`/photos.json`, `/photos/NAME`); nil: none.
        public var photos: PhotoUploads?

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
        /// Connections cut for going over a `ConnectionLimits` bound.
        public var connectionsCut = 0
    }

    /// How long one write to a browser may wait before the connection is given up: a page that
    /// vanished without closing (a laptop lid, Wi-Fi gone) would otherwise hold its place until
    /// TCP gives up, many minutes later.
    public static let stallSeconds: Int64 = 10
    /// The largest WebSocket frame read: larger closes the connection (1009, too big).
    static let maximumFrameSize = 1024
    /// A quiet browser is pinged this often; one that has not answered the last ping by the
    /// next is given up (1001), as a vanished page sends no close.
    static let pingSeconds: Int64 = 15
    /// How long a close sent waits for the browser's own before the connection is cut.
    static let closeSeconds: Int64 = 2
    /// Refusals written to standard error before they are only counted.
    static let refusalsLogged = 5

    private struct State {
        var port: Int?
        var failure: WebSetupError?
        var server: HTTPServer?
        var running: Task<Void, Never>?
        var finished = false
        var counts = Counts()
        /// WebSocket connections whose frames FlyingFox still writes.
        var openSockets = 0
        var stopping = false
        var apiRate = APIRateLimit()
        /// Photo uploads being read now.
        var photoUploads = 0
    }

    /// The configuration.
    public let configuration: Configuration
    /// Frames and texts out.
    public let broadcaster: WebBroadcaster
    /// Input in.
    public let inputs: WebInputQueue
    /// The run's clock: input arrivals and stalled writes are timed on it.
    let clock: any Clock & Sendable
    /// FlyingFox's socket pool, able to cut off a browser that stopped reading, and showing
    /// every wait to the guard of the connections' bounds.
    let pool: AbortableSocketPool
    private let state = Mutex(State())
    private let startedAt: Int64
    private let started = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)
    private let socketsClosed = DispatchSemaphore(value: 0)

    /// A server of `configuration`, sharing `broadcaster`, `inputs` and `clock` with the frame loop.
    public init(configuration: Configuration, broadcaster: WebBroadcaster, inputs: WebInputQueue, clock: any Clock & Sendable) {
        self.configuration = configuration
        self.clock = clock
        self.broadcaster = broadcaster
        self.inputs = inputs
        startedAt = clock.now()
        pool = AbortableSocketPool(base: HTTPServer.defaultPool(), connections: ConnectionGuard(limits: configuration.limits, clock: clock))
    }

    /// The guard of the connections' bounds.
    var connections: ConnectionGuard { pool.connections }

    /// The port it listens on, once started.
    public var port: Int? { state.withLock { $0.port } }
    /// The counts so far.
    public var counts: Counts {
        var counts = state.withLock { $0.counts }
        counts.connectionsCut = connections.cutCount
        return counts
    }

    /// Starts listening and returns once it does; throws when it cannot (the port is taken,
    /// the address is not this machine's).
    ///
    /// FlyingFox binds inside `HTTPServer.run()`, which only returns when the server ends, so
    /// `run` goes on a task of its own; `waitUntilListening` says when the socket is bound, and
    /// a failure to bind ends `run` with FlyingSocks' `SocketError.failed`, which carries the
    /// `errno` (see `listenFailure`). Its log, printed to standard output by default, is off.
    public func start() throws {
        let host = configuration.host, port = configuration.port
        let server: HTTPServer
        do {
            guard let numeric = HostAddress.numeric(host) else { throw UnknownHost(host: host) }
            guard let socketPort = UInt16(exactly: port) else { throw SocketError.unsupportedAddress }
            // A body up to the bound is read before the routes see the request; a longer one
            // is refused by its length and never read (`WebRoutes.handleRequest`).
            let bodyBytes = configuration.limits.bodyBytes
            let config: HTTPServer.Configuration
            if numeric.contains(":") {
                config = .init(address: try .inet6(ip6: numeric, port: socketPort), sharedRequestBufferSize: bodyBytes,
                               sharedRequestReplaySize: bodyBytes, pool: pool, logger: .disabled)
            } else {
                config = .init(address: try .inet(ip4: numeric, port: socketPort), sharedRequestBufferSize: bodyBytes,
                               sharedRequestReplaySize: bodyBytes, pool: pool, logger: .disabled)
            }
            server = HTTPServer(config: config, handler: WebRoutes(server: self))
        } catch {
            throw Self.listenFailure(error, host: host, port: port)
        }
        let running = Task.detached { [self] in
            do {
                try await server.run()
            } catch {
                let failure = Self.listenFailure(error, host: host, port: port)
                state.withLock { if $0.port == nil { $0.failure = failure } }
            }
            state.withLock { $0.finished = true }
            started.signal()
            ended.signal()
        }
        let listening = Task.detached { [self] in
            if (try? await server.waitUntilListening(timeout: 60)) != nil, let address = await server.listeningAddress {
                connections.listening(at: address)
                switch address {
                case let .ip4(_, port), let .ip6(_, port): state.withLock { $0.port = Int(port) }
                case .unix: break
                }
            }
            started.signal()
        }
        state.withLock { $0.server = server; $0.running = running }
        started.wait()
        listening.cancel()
        let stopped = WebSetupError.cannotListen(problem: "the server stopped before it listened on \(host):\(port)", instead: nil)
        if let failure = state.withLock({ $0.port == nil ? ($0.failure ?? stopped) : nil }) { throw failure }
    }

    /// A `--listen` name that resolves to no address.
    struct UnknownHost: Error, CustomStringConvertible {
        let host: String
        var description: String { "no address found for \(host)" }
    }

    /// Why the server could not listen on `host`:`port`, and the address to listen on instead:
    /// the port taken (EADDRINUSE), an address not this machine's (EADDRNOTAVAIL), a port below
    /// 1024 without the right to it (EACCES); otherwise the system's words.
    static func listenFailure(_ error: any Error, host: String, port: Int) -> WebSetupError {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let address = "\(shownHost):\(port)"
        var number: Int32?, words = "\(error)"
        if case let .failed(_, errno, message)? = error as? SocketError { (number, words) = (errno, message) }
        switch number {
        case ErrorNumber.addressInUse?:
            let next = port < 65535 ? port + 1 : 8080
            return .cannotListen(problem: "\(address) is already in use (another pixelwheel web? stop it)", instead: "\(shownHost):\(next)")
        case ErrorNumber.addressNotAvailable?:
            return .cannotListen(problem: "cannot listen on \(address): \(host) is not an address of this machine",
                                 instead: "127.0.0.1:\(port) (this machine only) or one of its own addresses")
        case ErrorNumber.permissionDenied?:
            return .cannotListen(problem: "cannot listen on \(address): ports below 1024 need root", instead: "\(shownHost):8080")
        default:
            return .cannotListen(problem: "cannot listen on \(address) (\(words))", instead: nil)
        }
    }

    /// Stops: every browser is told the server is going away, then the server shuts down;
    /// waits at most `timeoutSeconds` for it.
    ///
    /// FlyingFox's own `stop(timeout:)` closes the listening socket at once but then always
    /// waits the whole timeout (its accept loop ends only when cancelled), so it is only the
    /// backstop here: once every browser's socket has closed, the task running the server is
    /// cancelled, which ends FlyingFox's tasks at once.
    public func stop(timeoutSeconds: Int = 3) {
        broadcaster.finish()
        guard let (server, running) = state.withLock({ state -> (HTTPServer, Task<Void, Never>)? in
            defer { state.server = nil; state.running = nil }  // once: a second call returns at once
            guard !state.finished, let server = state.server, let running = state.running else { return nil }
            state.stopping = true
            return (server, running)
        }) else { return }
        let deadline = DispatchTime.now() + .seconds(timeoutSeconds)
        Task.detached { await server.stop(timeout: Double(timeoutSeconds)) }
        if state.withLock({ $0.openSockets > 0 }) { _ = socketsClosed.wait(timeout: deadline) }
        running.cancel()
        connections.stopSweeping()
        _ = ended.wait(timeout: deadline)
    }

    /// A browser's WebSocket opened: FlyingFox writes its frames until `socketClosed`.
    func socketOpened() {
        state.withLock { $0.openSockets += 1 }
    }

    /// FlyingFox let go of a browser's WebSocket.
    func socketClosed() {
        let last = state.withLock { state -> Bool in
            state.openSockets -= 1
            return state.stopping && state.openSockets == 0
        }
        if last { socketsClosed.signal() }
    }

    /// Takes one of the API's request tokens (all sources share them).
    func admitAPIRequest() -> Bool {
        let now = clock.now()
        return state.withLock { $0.apiRate.admit(at: now) }
    }

    /// Whole seconds since the server was made (`info.uptime`).
    var uptimeSeconds: Int { Int(max(0, clock.now() - startedAt) / 1_000_000_000) }

    func count(_ change: (inout Counts) -> Void) {
        state.withLock { change(&$0.counts) }
    }

    /// The policy for the address actually bound.
    var policy: WebOriginPolicy {
        WebOriginPolicy(listenHost: configuration.host, port: port ?? configuration.port, names: configuration.hostNames)
    }

    /// What `request` may do, by its source address and session cookie.
    func access(_ request: HTTPRequest, forAPI: Bool) -> WebAccess {
        configuration.auth.access(source: WLEDRoutes.address(request.remoteAddress), cookie: request.headers[HTTPHeader("Cookie")],
                                  forAPI: forAPI, at: clock.now())
    }

    /// Takes a place for a photo upload, if fewer than `PhotoUploads.maximumConcurrentUploads`
    /// are being read; `endPhotoUpload` gives it back.
    func beginPhotoUpload() -> Bool {
        state.withLock { state in
            guard state.photoUploads < PhotoUploads.maximumConcurrentUploads else { return false }
            state.photoUploads += 1
            return true
        }
    }

    /// Gives back the place `beginPhotoUpload` took.
    func endPhotoUpload() { state.withLock { $0.photoUploads -= 1 } }

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
}

/// Every request: the Host check, then the login (`/login`, `/logout`), the JSON API, the
/// page's files (`/`, `/NAME`), a recording (`/recordings/N.gif`) or the page's WebSocket
/// (`/page/ws`); GET only but for the login and the API. The page, the recordings and the
/// socket need the access `WebAuth` grants the request (the socket's input needs control).
/// The controls view's `/page/json/…` go to `WLEDRoutes` under the page's access; with `--api`,
/// the WLED API's paths and its WebSocket `/ws` go there under the API's.
///
/// One handler rather than FlyingFox's routes, because they match the path FlyingFox has
/// already decoded and normalised (`/./pixelwheel.js/..` would be `/`); this one passes the
/// path as sent to `WebPage.file(forPath:)`, which serves exact names only.
struct WebRoutes: HTTPHandler {
    let server: WebServer
    /// The page's WebSocket; `/ws` is WLED's (with `--api`).
    static let pageSocketPath = "/page/ws"
    /// The WLED API path a controls view's path stands for: `/page/json/state`, `/page/json/info`,
    /// …, `/page/presets.json` are the WLED API's documents and state changes under the page's own
    /// access (its login, never `--api-allow`), served with or without `--api`; nil for the rest.
    static func pageStatePath(_ path: String) -> String? {
        guard path.hasPrefix("/page/json") || path == "/page/presets.json" else { return nil }
        return String(path.dropFirst("/page".count))
    }

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let connections = server.connections, peer = request.remoteAddress
        connections.requestArrived(from: peer)
        // A photo upload may be longer: `PhotoRoutes` admits it (control, its size) before it is read.
        let bound = PhotoRoutes.isUpload(request) ? PhotoUploads.maximumFileBytes : connections.limits.bodyBytes
        guard let length = request.bodySequence.count, length <= bound else {
            // FlyingFox would read the whole body before answering: the connection is cut instead.
            connections.cut(peer, for: .bodyTooLarge)
            return Self.error(.payloadTooLarge)
        }
        var response = try await respond(to: request)
        response.headers[HTTPHeader("Server")] = "PixelWheel"
        connections.answered(peer, upgraded: response.statusCode == .switchingProtocols)
        return response
    }

    private func respond(to request: HTTPRequest) async throws -> HTTPResponse {
        let path = request.target.path()
        if let refusal = server.policy.hostRefusal(request.headers[.host]) {
            server.refuse("\(path): " + refusal)
            return Self.error(.forbidden, refusal)
        }
        if let statePath = Self.pageStatePath(path), let api = server.configuration.api {
            return try await WLEDRoutes(server: server, api: api, forPage: true).respond(to: request, path: statePath)
        }
        if WLEDAPI.handles(path), server.configuration.servesWLEDAPI, let api = server.configuration.api {
            return try await WLEDRoutes(server: server, api: api).respond(to: request, path: path)
        }
        if path == "/login" || path == "/logout" { return try await LoginRoutes(server: server).respond(to: request, path: path) }
        if path == "/photos.json" || path.hasPrefix("/photos/") { return try await PhotoRoutes(server: server).respond(to: request, path: path) }
        guard request.method == .GET else { return Self.error(.notFound) }
        let access = server.access(request, forAPI: false)
        if path == Self.pageSocketPath { return try await upgrade(request, access: access) }
        if path == "/ws", server.configuration.servesWLEDAPI, let api = server.configuration.api {
            return try await WLEDRoutes(server: server, api: api).upgrade(request)
        }
        let recordings = "/recordings/"
        if path.hasPrefix(recordings) {
            guard access >= .view else { return Self.error(.unauthorized, "log in first (/login)") }
            let name = path.dropFirst(recordings.count)
            if !name.isEmpty && !name.contains("/") { return recording(String(name)) }
        }
        if Self.documents.contains(path) && access == .none { return LoginRoutes.toLogin(server: server) }
        return page(path)
    }

    /// The pages that show the panel or control it: behind the login. Their scripts and style
    /// are served to anyone (they hold nothing secret), so the login page can use them.
    static let documents: Set<String> = ["/", "/index.html", "/controls", "/controls.html", "/photos", "/photos.html"]

    private func page(_ path: String) -> HTTPResponse {
        let name = path == "/controls" || path == "/login" || path == "/photos" ? path + ".html" : path
        guard let file = server.configuration.page.file(forPath: name) else { return Self.error(.notFound) }
        return Self.pageFile(file)
    }

    /// A file of the page, under the page's Content-Security-Policy (no inline script).
    static func pageFile(_ file: WebPage.File) -> HTTPResponse {
        HTTPResponse(statusCode: .ok,
                     headers: [.contentType: file.contentType, .cacheControl: "no-store",
                               HTTPHeader("X-Content-Type-Options"): "nosniff",
                               HTTPHeader("X-Frame-Options"): "DENY",
                               HTTPHeader("Content-Security-Policy"):
                                 "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'"],
                     body: Data(file.bytes))
    }

    private func recording(_ name: String) -> HTTPResponse {
        let broadcaster = server.broadcaster
        guard name.hasSuffix(".gif"), let number = Int(name.dropLast(4)), let gif = broadcaster.recording(number) else {
            return Self.error(.notFound, "no such recording (only the newest \(broadcaster.recordingsKept) are kept)")
        }
        return HTTPResponse(statusCode: .ok,
                            headers: [.contentType: "image/gif", .contentDisposition: "attachment; filename=\"pixelwheel-\(number).gif\""],
                            body: Data(gif))
    }

    /// The upgrade to `/page/ws`: refused unless Host and Origin are this page and fewer than
    /// `maximumClients` browsers are connected; FlyingFox checks the handshake itself.
    ///
    /// A refusal is a bare 400, as it was on Hummingbird, whose upgrader answered every refused
    /// upgrade so (docs/simulator.md says so); why is on standard error, not to the page.
    private func upgrade(_ request: HTTPRequest, access: WebAccess) async throws -> HTTPResponse {
        let content = PageSocketContent(server: server, canControl: access == .control)
        let handshake = WebSocketHTTPHandler(handler: BrowserSocket(server: server, peer: request.remoteAddress, content: content))
        guard request.headers[.upgrade]?.lowercased() == "websocket" else { return try await handshake.handleRequest(request) }
        if let refusal = server.policy.refusal(host: request.headers[.host], origin: request.headers[HTTPHeader("Origin")]) {
            server.refuse("a WebSocket: " + refusal)
            return HTTPResponse(statusCode: .badRequest)
        }
        guard access >= .view else {
            server.refuse("a WebSocket from \(WLEDRoutes.address(request.remoteAddress)): not logged in")
            return HTTPResponse(statusCode: .badRequest)
        }
        let broadcaster = server.broadcaster
        guard broadcaster.clientCount < broadcaster.maximumClients else {
            server.refuse("a WebSocket: \(broadcaster.maximumClients) viewers already (see --max-clients)")
            return HTTPResponse(statusCode: .badRequest)
        }
        return try await handshake.handleRequest(request)
    }

    /// An error answer: with `message`, as the JSON `{"error":{"message":…}}`.
    static func error(_ status: HTTPStatusCode, _ message: String? = nil) -> HTTPResponse {
        guard let message else { return HTTPResponse(statusCode: status) }
        let body = JSONValue.object([("error", .object([("message", .string(message))]))]).text
        return HTTPResponse(statusCode: status, headers: [.contentType: "application/json; charset=utf-8"], body: Data(body.utf8))
    }
}
