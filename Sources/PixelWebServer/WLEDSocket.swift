import FlyingFox
import PixelCore
import PixelWeb
#if canImport(FoundationEssentials)
import FoundationEssentials  // Data: FlyingFox's frames
#else
import Foundation
#endif

extension WLEDRoutes {
    /// The upgrade to WLED's `/ws`: the API's access and Origin checks (viewing suffices; its
    /// changes need control), then room for one more client (503 when full); FlyingFox checks
    /// the handshake itself.
    func upgrade(_ request: HTTPRequest) async throws -> HTTPResponse {
        if let refusal = refusal(request, changes: false) { return refusal }
        let content = WLEDSocketContent(server: server, api: api, canControl: server.access(request, forAPI: true) == .control)
        let handshake = WebSocketHTTPHandler(handler: BrowserSocket(server: server, peer: request.remoteAddress, content: content))
        let sockets = api.hub.sockets
        if request.headers[.upgrade]?.lowercased() == "websocket" && sockets.count >= sockets.maximumClients {
            server.refuse("a WLED WebSocket: \(sockets.maximumClients) clients already")
            return Self.answer(.error(503, code: 1))
        }
        return try await handshake.handleRequest(request)
    }
}

/// WLED's `/ws`: `{"state":…,"info":…}` on connect and after every change (from the API, the
/// wheel or the page), `{"v":true}` answered with the same, other JSON applied as
/// `POST /json/state` is (through the same rate limit), and the live preview while the client
/// asked for it with `{"lv":true}`. Binary messages (WLED's E1.31, Art-Net and DDP over the
/// socket) are not taken and count as bad.
struct WLEDSocketContent: SocketContent {
    let server: WebServer
    let api: WLEDServerAPI
    /// Whether its changes are applied (false: it may only watch, and its changes are ignored).
    let canControl: Bool

    var maximumFrameSize: Int { WLEDStateRequest.maximumBytes }

    var fullReason: String { "\(api.hub.sockets.maximumClients) WLED WebSocket clients already" }

    func connect() -> (id: Int, wake: AsyncStream<Void>)? { api.hub.sockets.connect() }

    func take(_ id: Int) -> [WSFrame] {
        let owed = api.hub.sockets.take(id)
        var frames: [WSFrame] = []
        if owed.state {
            let documents = api.documents(api.hub.snapshot, uptime: server.uptimeSeconds)
            frames.append(.text(documents.stateAndInfo.text))
        }
        if owed.success { frames.append(.text(#"{"success":true}"#)) }
        if owed.live, let picture = api.hub.livePicture {
            frames.append(.binary(picture.binaryMessage))
        }
        return frames
    }

    func receive(_ frame: WSFrame, from id: Int, at now: Int64) -> Bool {
        let sockets = api.hub.sockets
        guard frame.opcode == .text, frame.fin,
              let message = try? WLEDSocketMessage(Array(frame.payload), current: api.hub.snapshot) else { return false }
        switch message {
        case .stateWanted:
            sockets.owe(id, state: true)
        case let .live(on):
            sockets.setLive(id, on)
            sockets.owe(id, state: false)
        case let .change(request):
            if !request.commands.isEmpty && canControl {
                guard server.admitAPIRequest(), api.hub.post(request.commands) != nil else { return false }
            }
            // A change is sent to every client once the frame loop has applied it.
            if request.wantsState || request.commands.isEmpty { sockets.owe(id, state: request.wantsState) }
        }
        return true
    }

    func disconnect(_ id: Int) { api.hub.sockets.disconnect(id) }
}
