import PixelRuntime
import Synchronization

/// What the frame loop shares with every connected browser: the newest frame message, text
/// messages, requests to record, and finished recordings. Thread-safe; the loop publishes,
/// each connection's writer task takes.
///
/// Each client has one frame slot, not a queue: a new frame replaces one its writer has not
/// sent yet (counted as dropped), so a slow browser sees fewer frames and never holds up the
/// loop or the other browsers. Text messages queue, at most `textBacklog` per client (the
/// oldest go first).
public final class WebBroadcaster: Sendable {
    /// What a client's writer should send next.
    public struct Outgoing: Sendable {
        /// Text messages (JSON), oldest first.
        public var texts: [String]
        /// The newest frame message not yet sent, if any.
        public var frame: [UInt8]?
    }

    /// Per-client counts, for the bench and tests.
    public struct ClientCounts: Sendable, Equatable {
        public var framesSent = 0
        public var framesDropped = 0
    }

    private struct Slot {
        var frame: [UInt8]?
        var texts: [String] = []
        var wake: AsyncStream<Void>.Continuation
        var counts = ClientCounts()
    }

    private struct State {
        var clients: [Int: Slot] = [:]
        var nextID = 1
        var latestFrame: [UInt8]?
        var latestStatus: String?
        var recordRequests: [Int] = []
        var recordings: [(id: Int, bytes: [UInt8])] = []
        var nextRecording = 1
        var finished = false
        var formerCounts = ClientCounts()
    }

    private let state = Mutex(State())
    /// The most browsers connected at once.
    public let maximumClients: Int
    /// Text messages kept for a client that is not reading.
    public let textBacklog = 16
    /// Finished recordings kept for download.
    public let recordingsKept = 3

    /// The range of `maximumClients`.
    public static let clientRange = 1...64

    /// A broadcaster for at most `maximumClients` browsers, held to `clientRange`.
    public init(maximumClients: Int) {
        self.maximumClients = min(max(maximumClients, Self.clientRange.lowerBound), Self.clientRange.upperBound)
    }

    /// Registers a client; nil when `maximumClients` are connected or the server is stopping.
    /// The stream yields whenever there is something to take, and ends at `finish()`. The new
    /// client is sent the newest status and frame at once.
    public func connect() -> (id: Int, wake: AsyncStream<Void>)? {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id: Int? = state.withLock { state in
            guard !state.finished, state.clients.count < maximumClients else { return nil }
            let id = state.nextID
            state.nextID += 1
            state.clients[id] = Slot(frame: state.latestFrame, texts: state.latestStatus.map { [$0] } ?? [], wake: continuation)
            return id
        }
        guard let id else { continuation.finish(); return nil }
        continuation.yield()
        return (id, stream)
    }

    /// Forgets client `id` (its connection closed).
    public func disconnect(_ id: Int) {
        let slot = state.withLock { state -> Slot? in
            let slot = state.clients.removeValue(forKey: id)
            if let slot {
                state.formerCounts.framesSent += slot.counts.framesSent
                state.formerCounts.framesDropped += slot.counts.framesDropped
            }
            return slot
        }
        slot?.wake.finish()
    }

    /// What client `id` should send now; empty when nothing is waiting.
    public func take(_ id: Int) -> Outgoing {
        state.withLock { state in
            guard var slot = state.clients[id] else { return Outgoing(texts: [], frame: nil) }
            let outgoing = Outgoing(texts: slot.texts, frame: slot.frame)
            slot.texts.removeAll()
            slot.frame = nil
            if outgoing.frame != nil { slot.counts.framesSent += 1 }
            state.clients[id] = slot
            return outgoing
        }
    }

    /// Offers a new frame message to every client.
    public func publish(frame: [UInt8]) {
        let wakes = state.withLock { state -> [AsyncStream<Void>.Continuation] in
            state.latestFrame = frame
            for id in state.clients.keys {
                if state.clients[id]!.frame != nil { state.clients[id]!.counts.framesDropped += 1 }
                state.clients[id]!.frame = frame
            }
            return state.clients.values.map(\.wake)
        }
        for wake in wakes { wake.yield() }
    }

    /// Sends a text message to `client`, or to every client when nil. A status message is
    /// also kept for clients that connect later.
    public func send(text: String, to client: Int? = nil, isStatus: Bool = false) {
        let wakes = state.withLock { state -> [AsyncStream<Void>.Continuation] in
            if isStatus { state.latestStatus = text }
            let ids = client.map { [$0] } ?? Array(state.clients.keys)
            var wakes: [AsyncStream<Void>.Continuation] = []
            for id in ids where state.clients[id] != nil {
                state.clients[id]!.texts.append(text)
                if state.clients[id]!.texts.count > textBacklog { state.clients[id]!.texts.removeFirst() }
                wakes.append(state.clients[id]!.wake)
            }
            return wakes
        }
        for wake in wakes { wake.yield() }
    }

    /// Client `id` pressed Record.
    public func requestRecordToggle(from id: Int) {
        state.withLock { $0.recordRequests.append(id) }
    }

    /// The clients that pressed Record since the last call, in order.
    public func takeRecordRequests() -> [Int] {
        state.withLock { state in
            defer { state.recordRequests.removeAll() }
            return state.recordRequests
        }
    }

    /// Keeps a finished GIF for download; returns its number (`/recordings/N.gif`). Only the
    /// newest `recordingsKept` are kept.
    public func store(recording bytes: [UInt8]) -> Int {
        state.withLock { state in
            let id = state.nextRecording
            state.nextRecording += 1
            state.recordings.append((id, bytes))
            if state.recordings.count > recordingsKept { state.recordings.removeFirst() }
            return id
        }
    }

    /// Recording `id`, while it is kept.
    public func recording(_ id: Int) -> [UInt8]? {
        state.withLock { state in state.recordings.first { $0.id == id }?.bytes }
    }

    /// Browsers connected now.
    public var clientCount: Int { state.withLock { $0.clients.count } }

    /// Frames sent and dropped over every client, connected or gone.
    public var totals: ClientCounts {
        state.withLock { state in
            var total = state.formerCounts
            for slot in state.clients.values {
                total.framesSent += slot.counts.framesSent
                total.framesDropped += slot.counts.framesDropped
            }
            return total
        }
    }

    /// The server is stopping: every client's stream ends and no one may connect.
    public func finish() {
        let wakes = state.withLock { state -> [AsyncStream<Void>.Continuation] in
            state.finished = true
            return state.clients.values.map(\.wake)
        }
        for wake in wakes { wake.finish() }
    }
}
