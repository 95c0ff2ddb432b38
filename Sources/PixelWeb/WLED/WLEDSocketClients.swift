import Synchronization

/// The clients of WLED's `/ws` WebSocket and what each is owed: the state (on connect, after
/// every change, on `{"v":true}`) and, while it asked for it with `{"lv":true}`, the live
/// preview. Flags rather than queues: a client that reads slowly gets the newest state and the
/// newest picture, never a backlog. Bounded by `maximumClients`.
public final class WLEDSocketClients: Sendable {
    /// What one client is owed when it is woken.
    public struct Owed: Sendable, Equatable {
        /// `{"state":…,"info":…}`.
        public var state: Bool
        /// A live preview picture.
        public var live: Bool
        /// `{"success":true}`, WLED's answer to a message that changed nothing.
        public var success: Bool

        /// These flags.
        public init(state: Bool, live: Bool, success: Bool) {
            self.state = state; self.live = live; self.success = success
        }
    }

    private struct Client {
        var owed = Owed(state: true, live: false, success: false)
        var wantsLive = false
        var lastLive: Int64?
        let wake: AsyncStream<Void>.Continuation
    }

    private struct State {
        var clients: [Int: Client] = [:]
        var nextID = 1
        var finished = false
    }

    /// The most clients at once (WLED on an ESP32 allows 4; Home Assistant needs one).
    public let maximumClients: Int
    /// The shortest time between two live pictures to one client: WLED sends about every 40 ms.
    public static let liveIntervalNanoseconds: Int64 = 40_000_000
    private let state = Mutex(State())

    /// Room for `maximumClients` clients.
    public init(maximumClients: Int = 8) { self.maximumClients = max(1, maximumClients) }

    /// Registers a client, owed the state at once; nil when full or finished. The stream
    /// yields whenever something is owed, and ends at `finish()`.
    public func connect() -> (id: Int, wake: AsyncStream<Void>)? {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id: Int? = state.withLock { state in
            guard !state.finished, state.clients.count < maximumClients else { return nil }
            defer { state.nextID += 1 }
            state.clients[state.nextID] = Client(wake: continuation)
            return state.nextID
        }
        guard let id else {
            continuation.finish()
            return nil
        }
        continuation.yield()
        return (id, stream)
    }

    /// Forgets client `id`.
    public func disconnect(_ id: Int) {
        let client = state.withLock { $0.clients.removeValue(forKey: id) }
        client?.wake.finish()
    }

    /// What client `id` is owed; the flags are cleared.
    public func take(_ id: Int) -> Owed {
        state.withLock { state in
            guard let client = state.clients[id] else { return Owed(state: false, live: false, success: false) }
            state.clients[id]?.owed = Owed(state: false, live: false, success: false)
            return client.owed
        }
    }

    /// The state changed: every client is owed it.
    public func stateChanged() {
        let wakes = state.withLock { state -> [AsyncStream<Void>.Continuation] in
            for id in Array(state.clients.keys) { state.clients[id]?.owed.state = true }
            return state.clients.values.map(\.wake)
        }
        for wake in wakes { wake.yield() }
    }

    /// Client `id` is owed the state (`{"v":true}`) or a `{"success":true}`.
    public func owe(_ id: Int, state owedState: Bool) {
        let wake = state.withLock { state -> AsyncStream<Void>.Continuation? in
            if owedState { state.clients[id]?.owed.state = true } else { state.clients[id]?.owed.success = true }
            return state.clients[id]?.wake
        }
        wake?.yield()
    }

    /// Client `id` starts (`{"lv":true}`) or stops the live preview.
    public func setLive(_ id: Int, _ on: Bool) {
        state.withLock { state in
            state.clients[id]?.wantsLive = on
            if !on { state.clients[id]?.owed.live = false }
        }
    }

    /// A frame was shown at `now` (monotonic ns): each live client whose last picture is at
    /// least `liveIntervalNanoseconds` old is owed one.
    public func frameShown(at now: Int64) {
        let wakes = state.withLock { state -> [AsyncStream<Void>.Continuation] in
            var wakes: [AsyncStream<Void>.Continuation] = []
            for (id, client) in state.clients where client.wantsLive {
                if let last = client.lastLive, now - last < Self.liveIntervalNanoseconds { continue }
                state.clients[id]?.lastLive = now
                state.clients[id]?.owed.live = true
                wakes.append(client.wake)
            }
            return wakes
        }
        for wake in wakes { wake.yield() }
    }

    /// How many clients are connected (`info.ws`).
    public var count: Int { state.withLock { $0.clients.count } }

    /// No more clients; every stream ends.
    public func finish() {
        let wakes = state.withLock { state -> [AsyncStream<Void>.Continuation] in
            state.finished = true
            return state.clients.values.map(\.wake)
        }
        for wake in wakes { wake.finish() }
    }
}
