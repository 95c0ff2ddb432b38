import FlyingFox
import PixelCore
import PixelInputs
import PixelSystem
import PixelWeb
import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials  // Data: FlyingFox's bodies
#else
import Foundation
#endif

/// The WLED JSON API on the server (`--api`): what it serves.
public struct WLEDServerAPI: Sendable {
    /// Where requests meet the frame loop.
    public var hub: WLEDHub
    /// Who the device says it is.
    public var identity: WLEDIdentity
    /// The run's frame rate, reported in `info.leds.fps`.
    public var fps: Int

    /// The API over `hub` as `identity`; who may use it is the server's `WebAuth`'s to say.
    public init(hub: WLEDHub, identity: WLEDIdentity, fps: Int) {
        self.hub = hub; self.identity = identity; self.fps = fps
    }

    /// The documents of `snapshot`, `uptime` seconds after the start, with the WebSocket's clients.
    func documents(_ snapshot: WLEDSnapshot, uptime: Int) -> WLEDDocuments {
        var documents = WLEDDocuments(snapshot: snapshot, identity: identity, fps: fps, uptime: uptime)
        documents.webSocketClients = hub.sockets.count
        documents.loop = hub.loop
        return documents
    }
}

/// One API request: the access check (`WebAuth`: the source, or a logged-in page's cookie;
/// watching allows GET only), an Origin check for browsers, the rate limit, then the
/// document, or for `POST /json/state` the body (at most `WLEDStateRequest.maximumBytes`, by
/// its Content-Length before it is read) applied through the frame loop and answered with the
/// state after it.
struct WLEDRoutes {
    let server: WebServer
    let api: WLEDServerAPI
    /// For the controls view's `/page/json/…`: the page's access (its login), not the API's
    /// allow list, and only the JSON documents and state changes.
    var forPage = false

    /// How long a change may wait for the frame loop to apply it before the answer is 503.
    static let applySeconds: Int64 = 2

    func respond(to request: HTTPRequest, path: String) async throws -> HTTPResponse {
        if forPage && !(path == "/json" || path.hasPrefix("/json/") || path == "/presets.json") { return Self.answer(WLEDAPI.notFound) }
        if WLEDHTTPRequest.isHTTPAPI(path) { return try await respondToHTTPAPI(request, path: path) }
        if let refusal = refusal(request, changes: request.method != .GET) { return refusal }
        guard server.admitAPIRequest() else { return Self.answer(.error(503, code: 1)) }
        if request.method == .GET {
            let live = path == "/json/live" ? api.hub.livePicture : nil
            let page = request.query.last { $0.name == "page" }.map { "page=" + $0.value }
            return Self.answer(WLEDAPI.get(path, query: page, documents: documents(api.hub.snapshot), live: live))
        }
        guard request.method == .POST, WLEDAPI.isStatePost(path) else { return Self.answer(WLEDAPI.notFound) }
        guard let length = request.bodySequence.count, length <= WLEDStateRequest.maximumBytes else {
            return Self.answer(.error(413, code: WLEDAPI.jsonErrorCode))
        }
        let body = [UInt8](try await request.bodyData)
        let change: WLEDStateRequest
        do {
            change = try WLEDStateRequest(body: body, current: api.hub.snapshot)
        } catch {
            return Self.answer(.error(400, code: WLEDAPI.jsonErrorCode))
        }
        guard let snapshot = try await apply(change.commands) else { return Self.answer(.error(503, code: 1)) }
        return Self.answer(WLEDAPI.applied(change, documents: documents(snapshot)))
    }

    /// WLED's HTTP API, `/win&…` (GET, or POST as some integrations send it): with parameters
    /// a change, under the same access rules as the JSON API's, applied through the frame loop;
    /// answered with the `<vs>` XML of the state after it.
    private func respondToHTTPAPI(_ request: HTTPRequest, path: String) async throws -> HTTPResponse {
        if let refusal = refusal(request, changes: WLEDHTTPRequest.changes(path)) { return refusal }
        guard server.admitAPIRequest() else { return Self.answer(.error(503, code: 1)) }
        let change = WLEDHTTPRequest(path: path, current: api.hub.snapshot)
        guard let snapshot = try await apply(change.state.commands) else { return Self.answer(.error(503, code: 1)) }
        var response = WLEDResponse(xml: documents(snapshot).xml)
        response.ignored = change.ignored
        return Self.answer(response)
    }

    /// Posts `commands` to the frame loop and waits (at most `applySeconds`) until it applied
    /// them: the snapshot after, or nil when the queue is full or the loop did not get to them.
    private func apply(_ commands: [RemoteCommand]) async throws -> WLEDSnapshot? {
        guard !commands.isEmpty else { return api.hub.snapshot }
        guard let batch = api.hub.post(commands) else { return nil }
        let deadline = server.clock.now() + Self.applySeconds * 1_000_000_000
        var snapshot = api.hub.snapshot
        while snapshot.applied < batch {
            guard server.clock.now() < deadline else { return nil }
            try await Task.sleep(nanoseconds: 5_000_000)
            snapshot = api.hub.snapshot
        }
        return snapshot
    }

    /// The answer to a request without the access it needs (`changes`: control; otherwise at
    /// least viewing) — neither logged in nor in `--api-allow` — or from a page of another
    /// origin; nil for a request that may go on.
    func refusal(_ request: HTTPRequest, changes: Bool) -> HTTPResponse? {
        let peer = Self.address(request.remoteAddress)
        let access = server.access(request, forAPI: !forPage)
        guard access == .control || (access == .view && !changes) else {
            let needsLogin = server.configuration.auth.needsLogin
            let door = forPage ? "the controls" : "the JSON API"
            let why = forPage ? (needsLogin ? "not logged in" : "not this machine (set a password: pixelwheel passwd)")
                : (needsLogin ? "not logged in and not in --api-allow" : "not in --api-allow")
            server.refuse("\(door) to \(peer.isEmpty ? "an unknown source" : peer): " + why)
            let message = forPage ? (needsLogin ? "log in (/login)" : "this page is for this machine only; set a password (pixelwheel passwd)")
                : needsLogin ? "log in (/login) or be in api_allow" : "source not allowed (see --api-allow)"
            return Self.answer(WLEDResponse(status: needsLogin ? 401 : 403, body: .object([("error", .string(message))])))
        }
        if let origin = request.headers[HTTPHeader("Origin")],
           let refusal = server.policy.refusal(host: request.headers[.host], origin: origin) {
            server.refuse("the JSON API from a page: " + refusal)
            return Self.answer(WLEDResponse(status: 403, body: .object([("error", .string("cross-origin request refused"))])))
        }
        return nil
    }

    private func documents(_ snapshot: WLEDSnapshot) -> WLEDDocuments {
        api.documents(snapshot, uptime: server.uptimeSeconds)
    }

    /// The peer's address as text, or empty when unknown.
    static func address(_ address: HTTPRequest.Address?) -> String {
        switch address {
        case let .ip4(host, _)?, let .ip6(host, _)?: return host
        default: return ""
        }
    }

    /// `response` as HTTP: JSON, never cached; the keys not honoured in `X-PixelWheel-Ignored`.
    static func answer(_ response: WLEDResponse) -> HTTPResponse {
        var headers: [HTTPHeader: String] = [.contentType: response.contentType, .cacheControl: "no-store"]
        if !response.ignored.isEmpty { headers[HTTPHeader("X-PixelWheel-Ignored")] = response.ignored.joined(separator: ",") }
        let phrase = response.status == 200 ? "OK" : "Error"
        return HTTPResponse(statusCode: HTTPStatusCode(response.status, phrase: phrase), headers: HTTPHeaders(headers), body: Data(response.body.utf8))
    }
}
