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
        var failures: [(matches: @Sendable (SystemCall) -> Bool, errno: Int32, remaining: Int)] = []
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
        state.withLock { $0.failures.append((matches, errno, times)) }
    }

    /// Records `call`; returns the errno to fail it with, or nil to make it for real.
    func record(_ call: SystemCall) -> Int32? {
        state.withLock { state in
            if case .monotonicClock = call, !recordsClockReads { return nil }
            state.calls.append(call)
            for i in state.failures.indices where state.failures[i].remaining > 0 && state.failures[i].matches(call) {
                state.failures[i].remaining -= 1
                return state.failures[i].errno
            }
            return nil
        }
    }
}
