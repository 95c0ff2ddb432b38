/// The machine's monotonic clock (`CLOCK_MONOTONIC`), which never jumps when the wall clock
/// is set. Sleeps use absolute deadlines (`clock_nanosleep` with `TIMER_ABSTIME` on Linux),
/// so a late wake-up does not push later frames back.
public struct MonotonicClock: Sendable {
    /// The machine's monotonic clock.
    public init() {}

    /// Nanoseconds on the monotonic clock (origin: boot).
    public mutating func now() -> Int64 { Self.nanoseconds() }

    /// Nanoseconds on the monotonic clock.
    public static func nanoseconds() -> Int64 { SystemCalls.monotonicNanoseconds() }

    /// Sleeps until the monotonic clock reads `deadline` nanoseconds (again after a signal,
    /// unless `SignalWatcher` has a stop request pending).
    public mutating func sleep(until deadline: Int64) {
        while Self.nanoseconds() < deadline {
            SystemCalls.sleep(untilMonotonic: deadline)
            if SignalWatcher.shared.stopRequested { return }
        }
    }
}
