import PixelBus
import Synchronization

/// Runs a `HUB75Refresher` continuously on a thread the caller provides, until stopped or a
/// bus error ends it.
///
/// PixelPanels makes no system calls, so the thread comes from the caller:
/// `loop.start { body in Thread(block: body).start() }` in the runtime, or a closure that just
/// stores `body` in a test that then runs it on its own. The loop calls `refreshOnce()` back to
/// back; between refreshes it checks for `stop()`. A stopped loop leaves OE high (dark), since
/// every plane ends with OE high.
public final class HUB75RefreshLoop: Sendable {
    /// The refresher the loop drives.
    public let refresher: HUB75Refresher
    private let running = Atomic<Bool>(false)
    private let stopRequested = Atomic<Bool>(false)
    private let refreshes = Atomic<Int>(0)
    private let failure = Mutex<BusError?>(nil)

    /// A loop around `refresher`, not yet started.
    public init(refresher: HUB75Refresher) {
        self.refresher = refresher
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
        while !stopRequested.load(ordering: .acquiring) {
            do {
                try refresher.refreshOnce()
            } catch {
                failure.withLock { $0 = error }
                return
            }
            refreshes.wrappingAdd(1, ordering: .relaxed)
        }
    }
}
