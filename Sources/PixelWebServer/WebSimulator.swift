import PixelCore
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
        let server = WebServer(configuration: .init(host: listen.host, port: listen.port, page: page),
                               broadcaster: broadcaster, inputs: queue, clock: clock)
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
        try session.run(inputs: [WebInputSource(queue: queue, now: clock.now), StopRequestSource.onSignals()],
                        viewers: viewers, script: plan.script, length: plan.length)
        server.stop()
        let counts = server.counts, totals = broadcaster.totals
        Environment.printNow("stopped: \(counts.connections) browser connection(s), \(totals.framesSent) frames sent, \(totals.framesDropped) dropped for slow browsers; "
            + "\(counts.badMessages) bad message(s) ignored, \(counts.closedForBadMessages) connection(s) closed for them, "
            + "\(counts.closedForStalling) closed for not reading, \(counts.refused) refused"
            + (record.map { "; recorded \($0)" } ?? ""))
    }
}
