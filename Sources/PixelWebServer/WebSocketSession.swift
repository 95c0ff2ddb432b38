import FlyingFox
import PixelCore
import PixelRuntime
import PixelWeb
import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials  // Data: FlyingFox's frames
#else
import Foundation
#endif

/// A WebSocket for one client: FlyingFox calls `makeFrames` once it accepts the upgrade, with
/// the frames the client sends, and writes the frames of the stream it gets back. `content`
/// says what the socket carries: the page's frames and input, or WLED's state.
struct BrowserSocket: WSHandler {
    let server: WebServer
    /// The client's address, by which a connection to cut off is found in the pool.
    let peer: HTTPRequest.Address?
    /// What the socket carries.
    let content: any SocketContent

    func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<WSFrame> {
        server.socketOpened()
        let handoff = FrameHandoff(onRelease: { [server] in server.socketClosed() })
        let lease = HandoffLease(handoff)
        let session = WebSocketSession(server: server, handoff: handoff, peer: peer, content: content)
        Task { await session.run(client) }
        // FlyingFox asks for each frame once the last is written; only this stream holds `lease`.
        return AsyncStream(unfolding: { await lease.handoff.take() }, onCancel: { handoff.release() })
    }
}

/// One browser's WebSocket, from the upgrade to the close: a writer sends what the broadcaster
/// has for it, a reader takes its messages through a `WebClientGuard`, and a watchdog gives up
/// the connection when a write waits longer than `stallSeconds`, pings a quiet browser and
/// bounds the close handshake.
///
/// FlyingFox hands over every frame as it arrives, pings and closes included, and keeps none
/// of the protocol above the framing: the answers to pings and closes, the frame-size limit,
/// the pings and the close handshake's time limit are here (Hummingbird's WebSocket handler
/// did them). FlyingFox reads a frame whole before handing it over, so a frame over
/// `maximumFrameSize` closes the connection once it has arrived; one announcing more than
/// `ConnectionLimits.frameBytes` is closed (1009) by the `ConnectionGuard` while it arrives.
final class WebSocketSession: Sendable {
    /// Why the session ends.
    enum Ending: Sendable, Equatable {
        /// This part is done; the others go on.
        case none
        /// The browser sent its close.
        case peerClosed
        /// The connection is gone (read to the end, or the write failed).
        case gone
        /// The browser broke the protocol (a frame too large, reserved bits, a bad control frame).
        case protocolFailure
        /// A write waited over `stallSeconds`.
        case stalled
        /// Our close was not answered within `closeSeconds`.
        case closeTimedOut
        /// The last ping was not answered.
        case pingTimeout

        /// Cut at once, nothing more written: the browser is not reading.
        var isHard: Bool { self == .stalled || self == .closeTimedOut }
    }

    private struct Handshake {
        /// When our close went (nil: open).
        var closingSince: Int64?
        var lastPing: Int64
        var awaitingPong = false
    }

    private let server: WebServer
    private let handoff: FrameHandoff
    private let peer: HTTPRequest.Address?
    private let content: any SocketContent
    private let writing: WriteWatch
    private let state: Mutex<Handshake>

    init(server: WebServer, handoff: FrameHandoff, peer: HTTPRequest.Address?, content: any SocketContent) {
        self.server = server
        self.handoff = handoff
        self.peer = peer
        self.content = content
        writing = WriteWatch(clock: server.clock)
        state = Mutex(Handshake(lastPing: server.clock.now()))
    }

    func run(_ client: AsyncThrowingStream<WSFrame, any Error>) async {
        // A frame announcing more than the guard allows is closed while its payload arrives.
        server.connections.watchFrames(from: peer) { [self] in beginClose(WSCloseCode(1009)) }
        let viewer = content.connect()
        if viewer == nil {
            server.refuse("a WebSocket: " + content.fullReason)
            beginClose(WSCloseCode(1013, reason: "too many clients"))
        } else {
            server.count { $0.connections += 1 }
        }
        let ending = await withTaskGroup(of: Ending.self) { group -> Ending in
            if let (id, wake) = viewer { group.addTask { await self.write(to: id, wake: wake) } }
            group.addTask { await self.read(client, from: viewer?.id) }
            group.addTask { await self.watch() }
            var ending = Ending.gone
            while let next = await group.next() {
                if next != .none { ending = next; break }
            }
            // Every part off the socket before FlyingFox may close it.
            handoff.failWriters()
            group.cancelAll()
            while await group.next() != nil {}
            return ending
        }
        if let id = viewer?.id { content.disconnect(id) }
        if ending == .stalled { server.count { $0.closedForStalling += 1 } }
        await end(hard: ending.isHard)
    }

    /// Sends what the content has for client `id` whenever `wake` says there is some.
    private func write(to id: Int, wake: AsyncStream<Void>) async -> Ending {
        do {
            for await _ in wake {
                for frame in content.take(id) {
                    try await writing.timed { try await handoff.write(frame) }
                }
            }
        } catch {
            return .gone
        }
        // The stream ended: the server is stopping (an ending session cancels this task instead).
        if !Task.isCancelled { beginClose(WSCloseCode(1001, reason: "PixelWheel stopped")) }
        return .none
    }

    /// Takes the client's frames: its messages (`id` nil: none are taken), pings and closes.
    private func read(_ client: AsyncThrowingStream<WSFrame, any Error>, from id: Int?) async -> Ending {
        let clock = server.clock
        var limits = WebClientGuard()
        do {
            for try await frame in client {
                server.connections.frameArrived(from: peer)
                if frame.payload.count > content.maximumFrameSize {
                    beginClose(WSCloseCode(1009))
                    return .protocolFailure
                }
                if frame.rsv1 || frame.rsv2 || frame.rsv3 {
                    beginClose(WSCloseCode(1002))
                    return .protocolFailure
                }
                switch frame.opcode {
                case .close, .ping, .pong:
                    guard frame.fin, frame.payload.count <= 125 else {
                        beginClose(WSCloseCode(1002))
                        return .protocolFailure
                    }
                    if frame.opcode == .close {
                        beginClose(Self.reply(toClose: Array(frame.payload)))  // nothing when ours went first
                        return .peerClosed
                    } else if frame.opcode == .ping {
                        if !isClosing { handoff.send(WSFrame(fin: true, opcode: .pong, mask: nil, payload: frame.payload)) }
                    } else {
                        state.withLock { $0.awaitingPong = false }
                    }
                case .text, .binary, .continuation:
                    // Once closing, only the browser's close matters.
                    guard let id, !isClosing else { continue }
                    let now = clock.now()
                    var verdict = limits.admit(at: now)
                    if verdict == .accept && !content.receive(frame, from: id, at: now) {
                        verdict = limits.strike(at: now)
                    }
                    if verdict != .accept { server.count { $0.badMessages += 1 } }
                    if verdict == .close {
                        server.count { $0.closedForBadMessages += 1 }
                        beginClose(WSCloseCode(1008, reason: "too many bad messages"))
                    }
                default:
                    beginClose(WSCloseCode(1002))
                    return .protocolFailure
                }
            }
        } catch {}
        return .gone
    }

    /// Each second: a write waiting too long, the close handshake's time limit, the ping.
    private func watch() async -> Ending {
        let clock = server.clock
        let second: Int64 = 1_000_000_000
        enum Step { case wait, ping, pingUnanswered, closeTimedOut }
        while true {
            var pause = second
            if let since = state.withLock({ $0.closingSince }) {
                pause = min(second, max(second / 20, since + WebServer.closeSeconds * second - clock.now()))
            }
            do { try await Task.sleep(for: .nanoseconds(pause)) } catch { return .none }
            let now = clock.now()
            if writing.waitingSince(now: now) > WebServer.stallSeconds * second { return .stalled }
            let step = state.withLock { state -> Step in
                if let since = state.closingSince { return now - since >= WebServer.closeSeconds * second ? .closeTimedOut : .wait }
                guard now - state.lastPing >= WebServer.pingSeconds * second else { return .wait }
                if state.awaitingPong { return .pingUnanswered }
                state.awaitingPong = true
                state.lastPing = now
                return .ping
            }
            switch step {
            case .wait: break
            case .ping: handoff.send(WSFrame(fin: true, opcode: .ping, mask: nil, payload: Data()))
            case .pingUnanswered:
                beginClose(WSCloseCode(1001, reason: "Ping timeout"))
                return .pingTimeout
            case .closeTimedOut: return .closeTimedOut
            }
        }
    }

    /// Sends a close with `code`, unless one went already.
    private func beginClose(_ code: WSCloseCode) {
        let now = server.clock.now()
        let first = state.withLock { state -> Bool in
            guard state.closingSince == nil else { return false }
            state.closingSince = now
            return true
        }
        if first { handoff.send(WSFrame.close(code: code)) }
    }

    private var isClosing: Bool { state.withLock { $0.closingSince != nil } }

    /// The close answering a browser's: 1000, or 1002 (protocol error) for a code a browser
    /// may not send or a reason that is not UTF-8.
    static func reply(toClose payload: [UInt8]) -> WSCloseCode {
        if payload.isEmpty { return WSCloseCode(1000) }
        guard payload.count >= 2, String(validating: payload.dropFirst(2), as: UTF8.self) != nil else { return WSCloseCode(1002) }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        let allowed = (1000...1003).contains(code) || (1007...1011).contains(code) || (3000...4999).contains(code)
        return WSCloseCode(allowed ? 1000 : 1002)
    }

    /// Ends the stream FlyingFox writes from: what is queued (a close) goes first unless `hard`.
    /// A connection FlyingFox is still writing to after that — at once when `hard`, else after
    /// `closeSeconds` — is cut off through the pool, for up to ten seconds more.
    private func end(hard: Bool) async {
        handoff.finish(droppingQueued: hard)
        let clock = server.clock
        let start = clock.now(), second: Int64 = 1_000_000_000
        let grace = hard ? 0 : WebServer.closeSeconds * second
        while !handoff.isReleased && clock.now() - start < grace + 10 * second {
            if clock.now() - start >= grace, let peer { _ = server.pool.abortWrites(to: peer) }
            do { try await Task.sleep(for: .milliseconds(100)) } catch { return }
        }
    }
}

/// The frames for one browser, handed one at a time to the FlyingFox connection that writes them.
///
/// FlyingFox writes a WebSocket from the stream a `WSHandler` returns, and asks for the next
/// frame only once the last is written. `write` returns at that request, so a writer waits for
/// the browser as it did on Hummingbird's outbound writer (and the broadcaster keeps only the
/// newest frame for a slow browser), and a browser that stopped reading shows as a `write`
/// that does not return. Control frames (`send`) queue without waiting.
final class FrameHandoff: Sendable {
    /// The connection ended, or the session stopped writing, before the frame was written.
    struct Ended: Error {}

    private struct Queued {
        var frame: WSFrame
        /// Its writer, for a data frame.
        var written: CheckedContinuation<Void, any Error>?
    }

    private struct State {
        var queue: [Queued] = []
        /// The writer of the frame FlyingFox is writing.
        var inFlight: CheckedContinuation<Void, any Error>?
        /// FlyingFox, waiting for a frame (only while the queue is empty).
        var taker: CheckedContinuation<WSFrame?, Never>?
        var writable = true
        var finished = false
        var released = false
    }

    private let state = Mutex(State())
    private let onRelease: @Sendable () -> Void

    /// A handoff that calls `onRelease` once FlyingFox lets go of it.
    init(onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }

    /// Queues a control frame (ping, pong, close) without waiting.
    func send(_ frame: WSFrame) {
        enqueue(Queued(frame: frame, written: nil))
    }

    /// Queues a data frame and returns once FlyingFox has written it; throws `Ended` when the
    /// connection ends first or after `failWriters`.
    func write(_ frame: WSFrame) async throws {
        try await withCheckedThrowingContinuation { written in
            enqueue(Queued(frame: frame, written: written))
        }
    }

    private func enqueue(_ item: Queued) {
        let (taker, refused) = state.withLock { state -> (CheckedContinuation<WSFrame?, Never>?, Bool) in
            guard !state.finished, item.written == nil || state.writable else { return (nil, true) }
            guard let taker = state.taker else {
                state.queue.append(item)
                return (nil, false)
            }
            state.taker = nil
            state.inFlight = item.written
            return (taker, false)
        }
        if refused { item.written?.resume(throwing: Ended()) }
        taker?.resume(returning: item.frame)
    }

    /// FlyingFox's side: the frame it took last is written; the next one, or nil once finished.
    func take() async -> WSFrame? {
        let written = state.withLock { state in
            defer { state.inFlight = nil }
            return state.inFlight
        }
        written?.resume()
        return await withCheckedContinuation { taker in
            let ready = state.withLock { state -> WSFrame?? in
                if !state.queue.isEmpty {
                    let next = state.queue.removeFirst()
                    state.inFlight = next.written
                    return .some(next.frame)
                }
                if state.finished { return .some(nil) }
                state.taker = taker
                return .none
            }
            if let ready { taker.resume(returning: ready) }
        }
    }

    /// Every write waiting, and every one to come, throws `Ended`; data frames not yet taken
    /// are dropped. Control frames stay queued.
    func failWriters() {
        let writers = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.writable = false
            var writers = state.queue.compactMap(\.written)
            state.queue.removeAll { $0.written != nil }
            if let inFlight = state.inFlight {
                writers.append(inFlight)
                state.inFlight = nil
            }
            return writers
        }
        for writer in writers { writer.resume(throwing: Ended()) }
    }

    /// No more frames: FlyingFox gets those queued (none when `droppingQueued`), then the end.
    func finish(droppingQueued: Bool) {
        failWriters()
        let taker = state.withLock { state -> CheckedContinuation<WSFrame?, Never>? in
            state.finished = true
            if droppingQueued { state.queue.removeAll() }
            defer { state.taker = nil }
            return state.taker
        }
        taker?.resume(returning: nil)
    }

    /// FlyingFox will not ask again: it dropped the stream (after its end or a failed write), or
    /// its task was cancelled.
    func release() {
        let first = state.withLock { state -> Bool in
            defer { state.released = true }
            return !state.released
        }
        guard first else { return }
        finish(droppingQueued: true)
        onRelease()
    }

    /// Whether FlyingFox has let go.
    var isReleased: Bool { state.withLock { $0.released } }
}

/// Held only by the stream handed to FlyingFox, so that the handoff hears when FlyingFox lets
/// go of it, however that happens: `AsyncStream(unfolding:)` says only when it is cancelled.
final class HandoffLease: Sendable {
    let handoff: FrameHandoff

    init(_ handoff: FrameHandoff) { self.handoff = handoff }

    deinit { handoff.release() }
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
