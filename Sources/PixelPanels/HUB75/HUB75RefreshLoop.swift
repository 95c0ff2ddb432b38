import PixelBus
import PixelCore
import Synchronization

/// Runs a `HUB75Refresher` continuously on a thread the caller provides, until stopped or a
/// bus error ends it.
///
/// PixelPanels makes no system calls, so the thread comes from the caller:
/// `loop.start { body in Thread(block: body).start() }` in the runtime, or a closure that just
/// stores `body` in a test that then runs it on its own. The loop calls `refreshOnce()` back to
/// back; between refreshes it checks for `stop()`. A stopped loop leaves OE high (dark), since
/// every plane ends with OE high.
///
/// With `limit-refresh` (`HUB75Configuration.refreshPeriodNanoseconds` above 0) and a clock, the
/// loop paces itself on that clock — the run's one clock, never a global one: each refresh
/// starts one period after the one before, sleeping for what is left after a shorter refresh.
/// A refresh that takes longer is followed at once, and the next periods count from its end,
/// so a late refresh is not made up by hurrying the next ones. (hzeller waits from each
/// refresh's start too, but from the time read after the wait, which adds the wake-up delay to
/// every period.) A `stop()` is then seen within one period.
public final class HUB75RefreshLoop: Sendable {
    /// The refresher the loop drives.
    public let refresher: HUB75Refresher
    /// The clock `limit-refresh` paces on, if the loop was given one.
    public let clock: (any Clock & Sendable)?
    private let running = Atomic<Bool>(false)
    private let stopRequested = Atomic<Bool>(false)
    private let refreshes = Atomic<Int>(0)
    private let failure = Mutex<BusError?>(nil)

    /// A loop around `refresher`, not yet started. With `clock` (the run's clock) it keeps the
    /// configuration's `limit-refresh`; without one it refreshes back to back.
    public init(refresher: HUB75Refresher, clock: (any Clock & Sendable)? = nil) {
        self.refresher = refresher
        self.clock = clock
    }

    /// Hands the loop's body to `spawn`, which must run it once on a thread of its own. The
    /// loop counts as running from this call until the body returns. Starting a running loop
    /// stops the program.
    public func start(spawn: (@escaping @Sendable () -> Void) -> Void) {
        guard running.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
            preconditionFailure("HUB75RefreshLoop.start called while the loop is running")
        }
        stopRequested.store(false, ordering: .releasing)
        failure.withLock { $0 = nil }
        spawn { [self] in run() }
    }

    /// Asks the loop to stop after the refresh in progress; returns at once. `isRunning` turns
    /// false when the loop has finished.
    public func stop() {
        stopRequested.store(true, ordering: .releasing)
    }

    /// Whether the loop's body is still running (or about to run).
    public var isRunning: Bool { running.load(ordering: .acquiring) }

    /// Full refreshes completed since the loop was created: divide by elapsed time for the
    /// refresh rate.
    public var completedRefreshes: Int { refreshes.load(ordering: .relaxed) }

    /// The bus error that ended the last run, if one did.
    public var failureReason: BusError? { failure.withLock { $0 } }

    private func run() {
        defer { running.store(false, ordering: .releasing) }
        let period: Int64 = refresher.configuration.refreshPeriodNanoseconds
        let pacing: (any Clock & Sendable)? = period > 0 ? clock : nil
        var start: Int64 = pacing?.now() ?? 0
        while !stopRequested.load(ordering: .acquiring) {
            do {
                try refresher.refreshOnce()
            } catch {
                failure.withLock { $0 = error }
                return
            }
            refreshes.wrappingAdd(1, ordering: .relaxed)
            if let pacing {
                start = Self.nextStart(after: start, period: period, clock: pacing)
            }
        }
    }

    /// Waits on `clock` for the start of the refresh after the one that started at `start`:
    /// `start + period` if that is still ahead (sleeping until then), else now. Returns it.
    static func nextStart(after start: Int64, period: Int64, clock: any Clock) -> Int64 {
        let due: Int64 = start + period
        let now: Int64 = clock.now()
        guard now < due else { return now }
        clock.sleep(until: due)
        return due
    }
}
