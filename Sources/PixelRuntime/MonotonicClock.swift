#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PixelEffects

/// The machine's monotonic clock (`CLOCK_MONOTONIC`), which never jumps when the wall clock
/// is set. Sleeps use absolute deadlines (`clock_nanosleep` with `TIMER_ABSTIME` on Linux),
/// so a late wake-up does not push later frames back.
public struct MonotonicClock: MonotonicTimeSource, Sendable {
    /// The machine's monotonic clock.
    public init() {}

    /// Nanoseconds on the monotonic clock (origin: boot).
    public mutating func now() -> Int64 { Self.nanoseconds() }

    /// Nanoseconds on the monotonic clock.
    public static func nanoseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// Sleeps until the monotonic clock reads `deadline` nanoseconds.
    public mutating func sleep(until deadline: Int64) {
        var ts = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        #if os(Linux)
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
        #else
        let remaining = deadline - Self.nanoseconds()
        if remaining > 0 {
            ts = timespec(tv_sec: Int(remaining / 1_000_000_000), tv_nsec: Int(remaining % 1_000_000_000))
            nanosleep(&ts, nil)
        }
        #endif
    }
}
