import PixelCore
import PixelInputs
import PixelRuntime
import PixelSystem
import PixelWeb

/// `pixelwheel web`: a session on simulated panels in real time, with the page as its front
/// end — the server's frame hub as a viewer, the browsers' input queue as a source.
public struct WebSimulator {
    /// Where to serve.
    public var listen: WebListenAddress = .standard
    /// The most browsers connected at once.
    public var maxClients = 16
    /// Record everything shown into this GIF file when the server stops.
    public var record: String?
    /// The page's folder (nil: the installed one, or `web/` in the source tree).
    public var pageFolder: String?
    /// Serve the WLED JSON API (`--api`).
    public var api = false
    /// Sources beside loopback allowed to use the API without a password (`--api-allow`).
    public var apiAllow = APIAllowList()
    /// The device's name in the API (`--name`).
    public var name = "PixelWheel"

    /// Serves `127.0.0.1:8080`, 16 browsers, no recording, the installed page.
    public init() {}

    /// Serves the app of the set-up `makeSetup` reads until the plan `makePlan` reads ends it,
    /// or SIGINT or SIGTERM; prints the address first and the counts at the end. The recording
    /// path and the page are checked before the set-up and the plan are read.
    public func run(setup makeSetup: () throws -> Setup, plan makePlan: () throws -> LivePlan) throws {
        guard (1...64).contains(maxClients) else { throw OptionError.outOfRange(option: "--max-clients", allowed: "1...64", got: "\(maxClients)") }
        if let record { try OfflineRender.checkWritable(record, extensions: [".gif"]) }
        guard let folder = WebPage.locate(explicit: pageFolder) else { throw WebSetupError.pageMissing }
        let page = try WebPage(directory: folder)
        let setup = try makeSetup(), plan = try makePlan()
        // The session's clock, shared with the server's threads.
        let clock = MonotonicClock()
        let session = try Session(setup: setup, buses: .simulated, timing: .realTime(clock))
        for warning in session.warnings { Environment.printError("warning: " + warning) }

        let broadcaster = WebBroadcaster(maximumClients: maxClients)
        let queue = WebInputQueue()
        var configuration = WebServer.Configuration(host: listen.host, port: listen.port, page: page)
        var apiInputs: [any InputSource] = []
        var apiViewers: [any FrameOutput] = []
        if api, let app = session.state {
            let hub = WLEDHub(initial: WLEDSnapshot(app: app, live: nil, applied: 0))
            let ip = listen.host == "0.0.0.0" || listen.host == "::" ? "" : listen.host
            configuration.api = WLEDServerAPI(hub: hub, identity: WLEDIdentity(name: name, pixelWheelVersion: PixelWheelVersion.current, ip: ip),
                                              allow: apiAllow, fps: setup.fps)
            apiInputs.append(WLEDInputSource(hub: hub, now: clock.now))
            apiViewers.append(WLEDStateOutput(hub: hub) { applied in
                session.state.map { app in
                    let live = session.networkStreams?.liveStream.map { (protocolName: $0.networkProtocol.displayName, sender: $0.sender.addressText) }
                    return WLEDSnapshot(app: app, live: live, applied: applied)
                }
            })
        }
        let server = WebServer(configuration: configuration, broadcaster: broadcaster, inputs: queue, clock: clock)
        try server.start()
        defer { server.stop() }
        let port = server.port ?? listen.port
        if !listen.isLoopback {
            Environment.printError("warning: listening on \(listen.host):\(port): anyone who can reach this machine can watch and turn the wheel, "
                + "and a web page open in a browser on your network could too")
        }
        Environment.printNow("PixelWheel web simulator: \(listen.url(port: port)) (\(session.panelText), \(setup.fps) fps) — open it in a browser; Ctrl-C stops")

        var viewers: [any FrameOutput] = [
            WebFrameOutput(broadcaster: broadcaster, panelText: session.panelText, fps: setup.fps,
                           clicks: { session.clicks }, theme: { session.state?.settings.theme ?? .dark }, now: clock.now),
        ]
        if let record { viewers.append(GIFFileOutput.webRecord(path: record, fps: setup.fps)) }
        viewers += apiViewers
        if api {
            let others = apiAllow.ranges.isEmpty ? "loopback only" : "loopback and " + apiAllow.ranges.map(\.description).joined(separator: ", ")
            Environment.printNow("WLED JSON API: \(listen.url(port: port))json (\(others), no password; plain HTTP)")
        }
        try session.run(inputs: [WebInputSource(queue: queue, now: clock.now), StopRequestSource.onSignals()] + apiInputs,
                        viewers: viewers, script: plan.script, length: plan.length)
        server.stop()
        let counts = server.counts, totals = broadcaster.totals
        Environment.printNow("stopped: \(counts.connections) browser connection(s), \(totals.framesSent) frames sent, \(totals.framesDropped) dropped for slow browsers; "
            + "\(counts.badMessages) bad message(s) ignored, \(counts.closedForBadMessages) connection(s) closed for them, "
            + "\(counts.closedForStalling) closed for not reading, \(counts.refused) refused"
            + (record.map { "; recorded \($0)" } ?? ""))
    }
}
