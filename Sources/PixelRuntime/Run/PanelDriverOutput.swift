import PixelCore
import PixelEffects
import PixelPanels
import PixelSystem
import Synchronization

/// A panel on real buses as a frame output: frames go to the driver; HUB75's refresh runs
/// on a thread of its own (real-time priority and the last core when permitted). When the loop
/// ends the panel is blanked — strips would otherwise keep their last colours — the refresh
/// stops, and the lines are released with the driver.
public final class PanelDriverOutput: FrameOutput {
    /// The driver.
    public let driver: PanelDriver
    private var refreshLoop: HUB75RefreshLoop?
    /// What the refresh thread could set up (priority, core), for the user.
    public private(set) var refreshNote: String?
    /// How often a missing device is probed again, in nanoseconds.
    public static let probeInterval: Int64 = 3_000_000_000
    private var missingSince: FrameTime?
    private var lastProbe: FrameTime = .zero
    private let warn: (String) -> Void

    /// Drives `driver`, starting its refresh thread if it has one; `warn` hears, once each, a
    /// device going missing and coming back.
    public init(driver: PanelDriver, warn: @escaping (String) -> Void = { _ in }) {
        self.driver = driver
        self.warn = warn
        if let refresher = driver.refresher {
            let loop = HUB75RefreshLoop(refresher: refresher)
            let note = Mutexed<String?>(nil)
            loop.start { body in
                SystemThread.startRealtime(name: "pixelwheel hub75 refresh", report: { note.value = $0 }, body)
            }
            refreshLoop = loop
            refreshNote = note.waitForValue()
        }
    }

    /// Shows `frame`. A device that stops answering is reported once and skipped; every
    /// `probeInterval` it is started again, and once it answers it is rewritten whole. The rest
    /// of the program runs on meanwhile.
    public func show(_ frame: Frame, status: FrameStatus) throws {
        let now = status.tick.timestamp
        if missingSince != nil {
            guard now.nanoseconds - lastProbe.nanoseconds >= Self.probeInterval else { return }
            lastProbe = now
            do {
                try (driver.panel as? any RestartablePanel)?.restart()
                try driver.panel.show(frame)
                missingSince = nil
                warn("\(Self.name(of: driver.panel)) is back; its display was rewritten")
            } catch BusError.noAcknowledge {
                return
            }
            return
        }
        do {
            try driver.panel.show(frame)
        } catch let .noAcknowledge(device, address) {
            missingSince = now
            lastProbe = now
            warn(BusError.noAcknowledge(device: device, address: address).description + "; running on without it and retrying every 3 s")
        }
    }

    /// HUB75: refreshes completed so far by the refresh thread (nil for other panels).
    public var completedRefreshes: Int? { refreshLoop?.completedRefreshes }

    /// Whether the device stopped answering and has not come back yet.
    public var isMissing: Bool { missingSince != nil }

    static func name(of panel: any Panel) -> String { "the \(panel.width)x\(panel.height) panel" }

    public func setBrightness(percent: Int) throws { try driver.panel.setBrightness(percent: percent) }

    /// Blanks the panel and stops the refresh.
    public func finish() throws {
        defer { refreshLoop?.stop() }
        guard missingSince == nil else { return }
        try driver.panel.show(Frame(width: driver.panel.width, height: driver.panel.height))
        if let refresher = driver.refresher, refreshLoop == nil { try refresher.refreshOnce() }
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
        for _ in 0..<1000 where !state.withLock({ $0.set }) { SystemThread.sleep(nanoseconds: 1_000_000) }
        return value
    }
}

/// `--show-refresh`: prints the HUB75 refresh rate measured on the monotonic clock, about once a
/// second, as rpi-rgb-led-matrix's `--led-show-refresh` does.
public final class RefreshRateReporter: FrameOutput {
    private let panel: PanelDriverOutput
    private var last: (time: Int64, refreshes: Int)?

    /// Reports the refresh rate of `panel`.
    public init(panel: PanelDriverOutput) { self.panel = panel }

    /// The rate between two readings, in Hz, rounded to a whole number.
    public static func hertz(refreshes: Int, nanoseconds: Int64) -> Int {
        nanoseconds > 0 ? Int((Int64(refreshes) * 1_000_000_000 + nanoseconds / 2) / nanoseconds) : 0
    }

    public func show(_ frame: Frame, status: FrameStatus) {
        guard let refreshes = panel.completedRefreshes else { return }
        let now = MonotonicClock.nanoseconds()
        guard let last else { self.last = (now, refreshes); return }
        guard now - last.time >= 1_000_000_000 else { return }
        Environment.printError("refresh: \(Self.hertz(refreshes: refreshes - last.refreshes, nanoseconds: now - last.time)) Hz")
        self.last = (now, refreshes)
    }

    public func setBrightness(percent: Int) {}
    public func finish() {}
}
