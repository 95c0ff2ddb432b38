import FlyingFox
import PixelWeb
#if canImport(FoundationEssentials)
import FoundationEssentials  // Data: FlyingFox's frames
#else
import Foundation
#endif

/// What a WebSocket carries above the framing, which `WebSocketSession` does for every socket
/// alike (pings, the close handshake, stalled writes, the frame size, the message rate).
protocol SocketContent: Sendable {
    /// The largest data frame read: larger closes the connection (1009).
    var maximumFrameSize: Int { get }
    /// Why a client was refused when `connect` returned nil, for the log.
    var fullReason: String { get }
    /// Registers a client: its id and a stream that yields whenever `take` has something for
    /// it; nil when no more clients fit.
    func connect() -> (id: Int, wake: AsyncStream<Void>)?
    /// The frames to send client `id` now, in order.
    func take(_ id: Int) -> [WSFrame]
    /// A data frame from client `id` at `now`; false when it was bad (a strike against it).
    func receive(_ frame: WSFrame, from id: Int, at now: Int64) -> Bool
    /// Client `id` is gone.
    func disconnect(_ id: Int)
}

extension WSFrame {
    /// One whole text message, unmasked, as a server sends it.
    static func text(_ text: String) -> WSFrame { WSFrame(fin: true, opcode: .text, mask: nil, payload: Data(text.utf8)) }
    /// One whole binary message, unmasked, as a server sends it.
    static func binary(_ bytes: [UInt8]) -> WSFrame { WSFrame(fin: true, opcode: .binary, mask: nil, payload: Data(bytes)) }
}

/// The page's socket (`/page/ws`): the broadcaster's frames and status out, the browser's
/// wheel, buttons and keys in.
struct PageSocketContent: SocketContent {
    let server: WebServer
    /// Whether its input drives the app (false: it may only watch).
    let canControl: Bool

    var maximumFrameSize: Int { WebServer.maximumFrameSize }

    var fullReason: String { "\(server.broadcaster.maximumClients) viewers already (see --max-clients)" }

    func connect() -> (id: Int, wake: AsyncStream<Void>)? { server.broadcaster.connect() }

    func take(_ id: Int) -> [WSFrame] {
        let outgoing = server.broadcaster.take(id)
        var frames = outgoing.texts.map(WSFrame.text)
        if let frame = outgoing.frame { frames.append(.binary(frame)) }
        return frames
    }

    func receive(_ frame: WSFrame, from id: Int, at now: Int64) -> Bool {
        guard frame.opcode == .binary, frame.fin, frame.payload.count <= WebClientMessage.maximumLength,
              case let .success(message) = WebClientMessage.parse(Array(frame.payload)) else { return false }
        if !canControl {
            // Watching only: its input is read (and rate-limited) but drives nothing.
        } else if message == .recordToggle {
            server.broadcaster.requestRecordToggle(from: id)
        } else {
            server.inputs.post(client: id, message, arrived: now)
        }
        return true
    }

    func disconnect(_ id: Int) {
        server.broadcaster.disconnect(id)
        server.inputs.post(client: id, nil, arrived: server.clock.now())
    }
}
