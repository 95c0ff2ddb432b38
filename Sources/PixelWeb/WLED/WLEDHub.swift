import PixelCore
import PixelInputs
import PixelRuntime
import Synchronization

/// Where the server's threads and the frame loop meet for the WLED API: requests post batches
/// of remote commands, the loop takes them as input (`WLEDInputSource`) and publishes what the
/// app then shows (`WLEDStateOutput`). A batch's number comes back in the snapshot once the app
/// has applied it, so a reply can show the state after the change. Bounded: past `capacity`
/// waiting batches, a new one is refused.
public final class WLEDHub: Sendable {
    private struct State {
        var waiting: [(batch: Int, commands: [RemoteCommand])] = []
        var posted = 0
        var taken = 0
        var snapshot: WLEDSnapshot
        var frame: Frame?
        var loop = WLEDLoopCounts()
    }

    private let state: Mutex<State>
    /// The most batches that wait at once.
    public let capacity: Int
    /// The clients of the `/ws` WebSocket, told of every change of the state.
    public let sockets: WLEDSocketClients

    /// A hub whose first snapshot is `initial`, holding at most `capacity` waiting batches and
    /// `socketClients` WebSocket clients.
    public init(initial: WLEDSnapshot, capacity: Int = 64, socketClients: Int = 8) {
        state = Mutex(State(snapshot: initial))
        self.capacity = capacity
        sockets = WLEDSocketClients(maximumClients: socketClients)
    }

    /// Posts `commands`; returns the batch's number, or nil when too many batches wait.
    public func post(_ commands: [RemoteCommand]) -> Int? {
        state.withLock { state in
            guard state.waiting.count < capacity else { return nil }
            state.posted += 1
            state.waiting.append((state.posted, commands))
            return state.posted
        }
    }

    /// The frame loop takes every waiting command, oldest first; the batches count as applied
    /// from the next `publish`.
    func take() -> [RemoteCommand] {
        state.withLock { state in
            defer { state.waiting.removeAll(keepingCapacity: true) }
            if let last = state.waiting.last { state.taken = last.batch }
            return state.waiting.flatMap { $0.commands }
        }
    }

    /// The newest batch taken by the loop, for the snapshot it publishes after applying it.
    func takenBatch() -> Int { state.withLock { $0.taken } }

    /// The frame loop publishes the app's state; the WebSocket clients are told when it is
    /// another than before (a batch applied without a change is no change).
    func publish(_ snapshot: WLEDSnapshot) {
        let changed = state.withLock { state -> Bool in
            var unstamped = state.snapshot
            unstamped.applied = snapshot.applied
            state.snapshot = snapshot
            return unstamped != snapshot
        }
        if changed { sockets.stateChanged() }
    }

    /// The newest published state.
    public var snapshot: WLEDSnapshot { state.withLock { $0.snapshot } }

    /// The frame loop publishes the main panel's picture (a copy of the value, no pixel copy).
    func publish(frame: Frame) {
        state.withLock { $0.frame = frame }
    }

    /// The frame loop publishes its counts.
    func publish(loop: WLEDLoopCounts) {
        state.withLock { $0.loop = loop }
    }

    /// The frame loop's counts so far.
    public var loop: WLEDLoopCounts { state.withLock { $0.loop } }

    /// The newest picture, thinned for WLED's live views; nil before the first frame.
    public var livePicture: WLEDLivePicture? { state.withLock { $0.frame }.map(WLEDLivePicture.init) }
}

/// The WLED API's changes as an input source of the frame loop: each command is an `InputEvent`
/// `.remote(…)` stamped now, applied by the app like a turn of the wheel.
public final class WLEDInputSource: InputSource {
    private let hub: WLEDHub
    private let now: () -> Int64

    /// Takes from `hub`; `now` is the run's clock in nanoseconds.
    public init(hub: WLEDHub, now: @escaping () -> Int64) {
        self.hub = hub
        self.now = now
    }

    public func events(upTo time: FrameTime) throws -> [InputEvent] {
        let stamp = FrameTime(nanoseconds: min(now(), time.nanoseconds))
        return hub.take().map { InputEvent(.remote($0), at: stamp) }
    }

    public var quitRequested: Bool { false }
}

/// Publishes the app's state to the hub after every frame (so after the inputs it applied).
public final class WLEDStateOutput: FrameOutput {
    private let hub: WLEDHub
    private let read: (_ applied: Int) -> WLEDSnapshot?

    /// Publishes what `read` gives (nil: nothing, the content is not the app), stamped with the
    /// newest batch the loop had taken before the frame.
    public init(hub: WLEDHub, read: @escaping (_ applied: Int) -> WLEDSnapshot?) {
        self.hub = hub
        self.read = read
    }

    public func show(_ frame: Frame, status: FrameStatus) throws {
        if let snapshot = read(hub.takenBatch()) { hub.publish(snapshot) }
        hub.publish(frame: frame)
        hub.publish(loop: WLEDLoopCounts(frames: status.frames, missedFrames: status.missedFrames,
                                         measuredFPS: status.measuredFPS.map { Int(($0.tenths + 5) / 10) }))
        hub.sockets.frameShown(at: status.tick.timestamp.nanoseconds)
    }

    public func finish() throws { hub.sockets.finish() }
}

/// What the frame loop has done so far, for `info`: frames shown and skipped, and the rate
/// measured over the last second or so.
public struct WLEDLoopCounts: Sendable, Equatable {
    /// Frames shown.
    public var frames = 0
    /// Frames skipped because the loop ran late.
    public var missedFrames = 0
    /// Frames per second measured, rounded; nil before there is a measure (or on a virtual clock).
    public var measuredFPS: Int?

    /// Counts of `frames` shown, `missedFrames` skipped, at `measuredFPS`.
    public init(frames: Int = 0, missedFrames: Int = 0, measuredFPS: Int? = nil) {
        self.frames = frames; self.missedFrames = missedFrames; self.measuredFPS = measuredFPS
    }
}
