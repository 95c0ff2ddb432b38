import PixelBus
import PixelCore
import PixelEffects
import PixelPanels
import PixelSystem
import Synchronization

/// A panel as a frame output, on the machine's buses or on device models alike: frames go to
/// the driver, and a device that vanishes is reported, skipped and probed again the same way
/// on both. Only two things follow the buses (`Placement`):
///
/// - HUB75's refresh runs on a thread of its own on the machine (real-time priority and the
///   last core when permitted); on device models it runs twice after each frame, on the
///   simulation's clock, so the model shows that frame (a new one is swapped in only at the
///   end of a refresh) and the run stays exactly repeatable.
/// - When the loop ends, a real panel is blanked — strips would otherwise keep their last
///   colours — the refresh stops and the lines are released with the driver. A simulated panel
///   keeps its last picture, so what it showed (and its bus trace) ends with the last frame.
public final class PanelDriverOutput: FrameOutput {
    /// Where the driver's buses lead.
    public enum Placement: Sendable {
        /// The machine's buses: refresh thread, blank at the end.
        case machine
        /// Device models: refresh after each frame, last picture kept.
        case simulated
    }

    /// The driver.
    public let driver: PanelDriver
    /// Where its buses lead.
    public let placement: Placement
    /// Whether a real panel is blanked when the loop ends.
    public let blanksAtEnd: Bool
    private var refreshLoop: HUB75RefreshLoop?
    /// What the refresh thread could set up (priority, core), for the user.
    public private(set) var refreshNote: String?
    /// How often a missing device is probed again, in nanoseconds.
    public static let probeInterval: Int64 = 3_000_000_000
    private var missingSince: FrameTime?
    private var lastProbe: FrameTime = .zero
    private var lastTime: FrameTime = .zero
    /// The brightness last asked for, applied again when a missing device comes back.
    private var brightness: Int?
    private let warn: (String) -> Void

    /// Drives `driver`, starting its refresh thread if it has one and sits on the machine's
    /// buses; `warn` hears, once each, a device going missing and coming back. The refresh
    /// thread keeps HUB75's `limit-refresh` on `refreshClock`, the run's clock (without one it
    /// refreshes back to back); on device models refreshes follow the frames instead.
    public init(driver: PanelDriver, placement: Placement = .machine, blanksAtEnd: Bool = true,
                refreshClock: (any Clock & Sendable)? = nil, warn: @escaping (String) -> Void = { _ in }) {
        self.driver = driver
        self.placement = placement
        self.blanksAtEnd = blanksAtEnd
        self.warn = warn
        if let refresher = driver.refresher, placement == .machine {
            let loop = HUB75RefreshLoop(refresher: refresher, clock: refreshClock)
            let note = Mutexed<String?>(nil)
            loop.start { body in
                SystemThread.startRealtime(name: "pixelwheel hub75 refresh", report: { note.value = $0 }, body)
            }
            refreshLoop = loop
            refreshNote = note.waitForValue()
        }
    }

    /// Shows `frame`. A device that stops answering, or whose node goes away, is reported once
    /// and skipped; every `probeInterval` it is started again, and once it answers it is
    /// rewritten whole, at the brightness last asked for. The rest of the program runs on.
    public func show(_ frame: Frame, status: FrameStatus) throws {
        let now = status.tick.timestamp
        lastTime = now
        if missingSince != nil {
            guard now.nanoseconds - lastProbe.nanoseconds >= Self.probeInterval else { return }
            lastProbe = now
            do throws(BusError) {
                try (driver.panel as? any RestartablePanel)?.restart()
                if let brightness { try driver.panel.setBrightness(percent: brightness) }
                try driver.panel.show(frame)
                missingSince = nil
                warn("\(Self.name(of: driver.panel)) is back; its display was rewritten")
            } catch {
                guard error.meansDeviceGone else { throw error }
            }
            return
        }
        do throws(BusError) {
            if placement == .simulated { try driver.showAndRefresh(frame) } else { try driver.panel.show(frame) }
        } catch {
            try markGone(error)
        }
    }

    /// Starts waiting for the device when `error` says it went away; otherwise throws it.
    private func markGone(_ error: BusError) throws(BusError) {
        guard error.meansDeviceGone else { throw error }
        missingSince = lastTime
        lastProbe = lastTime
        warn(Self.goneMessage(error) + "; running on without it and retrying every 3 s")
    }

    /// What went away, for the one warning: a chip that stopped answering, or a node that
    /// disappeared while running (its start-up hint about enabling I²C would mislead here).
    static func goneMessage(_ error: BusError) -> String {
        if case let .deviceMissing(device, _) = error { return "\(device) went away" }
        return error.description
    }

    /// HUB75: refreshes completed so far by the refresh thread (nil for other panels).
    public var completedRefreshes: Int? { refreshLoop?.completedRefreshes }

    /// Whether the device stopped answering and has not come back yet.
    public var isMissing: Bool { missingSince != nil }

    static func name(of panel: any Panel) -> String { "the \(panel.width)x\(panel.height) panel" }

    /// Sets the brightness now, or, while the device is missing, once it is back.
    public func setBrightness(percent: Int) throws {
        brightness = percent
        guard missingSince == nil else { return }
        do throws(BusError) {
            try driver.panel.setBrightness(percent: percent)
        } catch {
            try markGone(error)
        }
    }

    /// Stops the refresh and blanks a real panel. The refresh thread is waited for (up to a
    /// second) before the black picture goes out in one last refresh on this thread, which
    /// ends with OE high: a refresh cut off by the process's exit could leave a row lit.
    public func finish() throws {
        var refreshStopped = true
        if let refreshLoop {
            refreshLoop.stop()
            refreshStopped = waitUpToASecond { !refreshLoop.isRunning }
        }
        guard missingSince == nil, placement == .machine, blanksAtEnd else { return }
        try driver.panel.show(Frame(width: driver.panel.width, height: driver.panel.height))
        if let refresher = driver.refresher, refreshStopped {
            // The black frame becomes the front buffer here, as it would at a refresh's end.
            _ = refresher.framebuffer.swapIfReady()
            try refresher.refreshOnce()
        }
    }
}

/// A value handed between threads, with a wait for the first one set.
final class Mutexed<T: Sendable>: Sendable {
    private let state: Mutex<(value: T, set: Bool)>
    init(_ value: T) { state = Mutex((value, false)) }
    var value: T {
        get { state.withLock { $0.value } }
        set { state.withLock { $0 = (newValue, true) } }
    }
    /// Waits up to a second for `value` to be set, then returns it.
    func waitForValue() -> T {
        waitUpToASecond { state.withLock { $0.set } }
        return value
    }
}

/// Sleeps a millisecond at a time, for at most a second, until `done` is true; returns `done()`.
@discardableResult
private func waitUpToASecond(until done: () -> Bool) -> Bool {
    for _ in 0..<1000 where !done() { SystemThread.sleep(nanoseconds: 1_000_000) }
    return done()
}

/// `--show-refresh`: prints the HUB75 refresh rate measured on the run's clock, about once a
/// second, as rpi-rgb-led-matrix's `--led-show-refresh` does.
public final class RefreshRateReporter: FrameOutput {
    private let panel: PanelDriverOutput
    private let clock: any Clock
    private var last: (time: Int64, refreshes: Int)?

    /// Reports the refresh rate of `panel`, timed on `clock`.
    public init(panel: PanelDriverOutput, clock: any Clock) { self.panel = panel; self.clock = clock }

    /// The rate between two readings, in Hz, rounded to a whole number.
    public static func hertz(refreshes: Int, nanoseconds: Int64) -> Int {
        nanoseconds > 0 ? Int((Int64(refreshes) * 1_000_000_000 + nanoseconds / 2) / nanoseconds) : 0
    }

    public func show(_ frame: Frame, status: FrameStatus) {
        guard let refreshes = panel.completedRefreshes else { return }
        let now = clock.now()
        guard let last else { self.last = (now, refreshes); return }
        guard now - last.time >= 1_000_000_000 else { return }
        Environment.printError("refresh: \(Self.hertz(refreshes: refreshes - last.refreshes, nanoseconds: now - last.time)) Hz")
        self.last = (now, refreshes)
    }

}
