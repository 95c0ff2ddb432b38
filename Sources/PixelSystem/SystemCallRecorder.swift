import Synchronization

/// Records the calls made through the system-call seam and injects failures, for tests.
///
/// Install one for the duration of a test with `SystemCallRecorder.$current.withValue(r) { … }`.
/// Every call made from that task goes into `calls`; a call matched by `fail(_:errno:)` is not
/// made at all and returns -1 with that `errno`, as the kernel would — the way swift-system's
/// `forceErrno` lets its tests reach every error path without a device.
public final class SystemCallRecorder: Sendable {
    /// The recorder of the current task, if a test installed one.
    @TaskLocal public static var current: SystemCallRecorder?

    private struct State {
        var calls: [SystemCall] = []
        var answers: [(matches: @Sendable (SystemCall) -> Bool, answer: SystemCallAnswer, text: String?, remaining: Int)] = []
    }
    private let state = Mutex(State())
    /// Whether clock reads are recorded too (off: they would drown the interesting calls).
    public let recordsClockReads: Bool

    /// An empty recorder; clock reads are left out unless `recordsClockReads`.
    public init(recordsClockReads: Bool = false) { self.recordsClockReads = recordsClockReads }

    /// Every call made so far, oldest first.
    public var calls: [SystemCall] { state.withLock { $0.calls } }

    /// Makes the next `times` calls that `matches` fail with `errno` (default: every one).
    public func fail(errno: Int32, times: Int = .max, when matches: @escaping @Sendable (SystemCall) -> Bool) {
        state.withLock { $0.answers.append((matches, .fail(errno: errno), nil, times)) }
    }

    /// Answers the next `times` calls that `matches` with success and `result`, without making
    /// them: a stand-in kernel, so a test can follow a driver past `open` on a machine with no
    /// such device. (A call whose result is a handle gets `result` as the handle's bits.)
    public func succeed(returning result: Int = 0, times: Int = .max, when matches: @escaping @Sendable (SystemCall) -> Bool) {
        state.withLock { $0.answers.append((matches, .succeed(result), nil, times)) }
    }

    /// Answers the next `times` calls that `matches` with success, as if the C function had
    /// written `text` into its buffer: what the kernel would say back, such as the consumer
    /// of a GPIO line (see `SystemCalls.libraryText`).
    public func succeed(writing text: String, times: Int = .max, when matches: @escaping @Sendable (SystemCall) -> Bool) {
        state.withLock { $0.answers.append((matches, .succeed(0), text, times)) }
    }

    /// Records `call`; returns how to answer it, or nil to make it for real. The first
    /// matching rule, in the order they were given, answers.
    func record(_ call: SystemCall) -> SystemCallAnswer? { respond(to: call)?.answer }

    /// `record(_:)`, with the text a `succeed(writing:)` rule gives.
    func respond(to call: SystemCall) -> (answer: SystemCallAnswer, text: String?)? {
        state.withLock { state in
            if case .monotonicClock = call, !recordsClockReads { return nil }
            state.calls.append(call)
            for i in state.answers.indices where state.answers[i].remaining > 0 && state.answers[i].matches(call) {
                state.answers[i].remaining -= 1
                return (state.answers[i].answer, state.answers[i].text)
            }
            return nil
        }
    }
}

/// How a test answers a call through the seam instead of making it.
public enum SystemCallAnswer: Sendable, Equatable {
    /// The call fails: -1 (or nil) with this `errno`.
    case fail(errno: Int32)
    /// The call succeeds with this result, and is not made.
    case succeed(Int)
}
