import PixelCore

/// The machine's monotonic clock (`CLOCK_MONOTONIC`), which never jumps when the wall clock
/// is set, as a `Clock` whose timeline starts when it is made. Sleeps use absolute deadlines
/// (`clock_nanosleep` with `TIMER_ABSTIME` on Linux), so a late wake-up does not push later
/// frames back.
///
/// Copies share the origin, so every part of a run handed this clock reads one timeline. Only
/// PixelSystem and PixelLinux read the machine's clock; everything else is handed a `Clock`.
public struct MonotonicClock: Clock, Sendable {
    /// The machine's monotonic clock at this clock's 0, in nanoseconds since boot (what the
    /// kernel stamps GPIO edges with, for converting those onto this timeline).
    public let origin: Int64

    /// A clock reading 0 now.
    public init() { origin = Self.machineNanoseconds() }

    /// Nanoseconds since this clock was made.
    public func now() -> Int64 { Self.machineNanoseconds() - origin }

    /// The machine's monotonic clock in nanoseconds since boot: only for PixelSystem and
    /// PixelLinux, which convert kernel timestamps (`origin` is the same scale).
    public static func machineNanoseconds() -> Int64 { SystemCalls.monotonicNanoseconds() }

    /// Sleeps until this clock reads `deadline`; returns early when SIGINT or SIGTERM is
    /// pending (see `StopSignals`), so a loop waiting for its next frame stops at once.
    public func sleep(until deadline: Int64) {
        // A deadline of Int64.max means "until stopped": keep the machine's deadline in range.
        let (machineDeadline, overflow) = origin.addingReportingOverflow(deadline)
        while now() < deadline {
            SystemCalls.sleep(untilMonotonic: overflow ? .max : machineDeadline)
            if SignalWatcher.shared.stopRequested { return }
        }
    }

    /// Always false: this is the real clock.
    public var isVirtual: Bool { false }
}
