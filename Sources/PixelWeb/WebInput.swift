import PixelRuntime
import PixelInputs
import PixelCore
import PixelEffects
import PixelUI
import Synchronization

/// Messages from every browser, waiting for the frame loop: the server's tasks post, the loop's
/// `WebInputSource` takes. Bounded: past `capacity` waiting messages, new ones are dropped and
/// counted (the loop takes them every frame, so only a stalled loop fills it).
public final class WebInputQueue: Sendable {
    /// One posted message: from which client, what, and when it arrived (monotonic ns). A nil
    /// message says the client went away.
    public struct Entry: Sendable {
        public var client: Int
        public var message: WebClientMessage?
        public var arrived: Int64
    }

    private struct State {
        var entries: [Entry] = []
        var dropped = 0
    }

    private let state = Mutex(State())
    /// The most messages that wait at once.
    public let capacity: Int

    /// An empty queue holding at most `capacity` messages.
    public init(capacity: Int = 4096) { self.capacity = capacity }

    /// Posts `message` from `client`, arrived at `arrived`; false when the queue was full.
    @discardableResult
    public func post(client: Int, _ message: WebClientMessage?, arrived: Int64) -> Bool {
        state.withLock { state in
            guard state.entries.count < capacity || message == nil else {
                state.dropped += 1
                return false
            }
            state.entries.append(Entry(client: client, message: message, arrived: arrived))
            return true
        }
    }

    /// Takes every waiting message, oldest first.
    public func takeAll() -> [Entry] {
        state.withLock { state in
            defer { state.entries.removeAll(keepingCapacity: true) }
            return state.entries
        }
    }

    /// Messages dropped because the queue was full.
    public var dropped: Int { state.withLock { $0.dropped } }
}

/// The browsers as an input source: each client's drag samples go through a `ClickWheel` of
/// its own in angle mode (one step per 20°, jumps of 20° or more ignored), its buttons through
/// debouncers of their own (no debounce; a hold of 600 ms is a long press, as on GPIO), and its
/// arrow keys through the wheel as detents, as in the terminal. Events are stamped with the
/// frame being latched. The queue is taken once per frame (the loop asks again while it
/// latches late; then only long presses fall due), so many busy browsers cannot keep the loop
/// re-rendering one frame. Owned by the frame loop's thread.
public final class WebInputSource: InputSource {
    private let queue: WebInputQueue
    private let now: () -> Int64
    private var clients: [Int: ClientInput] = [:]
    private var takenAt: FrameTime?
    /// Browsers never quit the app: closing a page changes nothing.
    public let quitRequested = false

    private struct ClientInput {
        var wheel = ClickWheel()
        var buttons: [InputAction.Button: ButtonDebouncer] = [:]
    }

    /// Takes messages from `queue`; `now` (monotonic ns) times button holds.
    public init(queue: WebInputQueue, now: @escaping () -> Int64) {
        self.queue = queue
        self.now = now
    }

    public func events(upTo time: FrameTime) -> [InputEvent] {
        var events: [InputEvent] = []
        func emit(_ actions: [InputEvent]) {
            for event in actions { events.append(InputEvent(event.action, at: time)) }
        }
        let entries = takenAt == time ? [] : queue.takeAll()
        takenAt = time
        for entry in entries {
            var client = clients[entry.client] ?? ClientInput()
            let arrived = FrameTime(nanoseconds: entry.arrived)
            switch entry.message {
            case nil:
                // Gone: a held button is let go, a drag ends; nothing else changes.
                for button in client.buttons.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
                    emit(client.buttons[button]!.feed(pressed: false, at: arrived))
                }
                clients[entry.client] = nil
                continue
            case let .dragSample(angle)?:
                let steps = client.wheel.drag(to: angle)
                if steps != 0 { events.append(InputEvent(.rotate(steps), at: time)) }
            case .dragEnd?:
                client.wheel.endDrag()
            case let .rotate(detents)?:
                let steps = client.wheel.turn(detents: detents, at: time)
                if steps != 0 { events.append(InputEvent(.rotate(steps), at: time)) }
            case let .buttonDown(button)?:
                var debouncer = client.buttons[button]
                    ?? ButtonDebouncer(button: button, activeLow: false, debounce: .zero, start: arrived)
                emit(debouncer.feed(pressed: true, at: arrived))
                client.buttons[button] = debouncer
            case let .buttonUp(button)?:
                if var debouncer = client.buttons[button] {
                    emit(debouncer.feed(pressed: false, at: arrived))
                    client.buttons[button] = debouncer
                }
            case .recordToggle?:
                break  // the frame hub records; the app never sees it
            }
            clients[entry.client] = client
        }
        // Long presses fall due with time alone.
        let current = FrameTime(nanoseconds: now())
        for id in clients.keys.sorted() {
            for button in clients[id]!.buttons.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
                emit(clients[id]!.buttons[button]!.advance(to: current))
            }
        }
        return events
    }
}
