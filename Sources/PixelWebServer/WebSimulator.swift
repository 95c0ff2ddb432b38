import PixelConfig
import PixelCore
import PixelInputs
import PixelRuntime
import PixelSystem
import PixelWeb

/// `pixelwheel web`: a session on simulated panels in real time, with the page as its only
/// front end (a `WebFrontEnd`).
public struct WebSimulator {
    /// The front end's options: browsers, recording, page folder.
    public var options = WebFrontEnd.Options()

    /// 16 browsers, no recording, the installed page.
    public init() {}

    /// Serves the app of the set-up `makeSetup` reads until the plan `makePlan` reads ends it,
    /// or SIGINT or SIGTERM; prints the address first and the counts at the end. The set-up is
    /// read (it opens nothing) and the page, the recording's path and the password are checked
    /// once, before the session is built.
    public func run(setup makeSetup: () throws -> Setup, plan makePlan: () throws -> LivePlan) throws {
        var setup = try makeSetup()
        setup.web.isOn = true
        do {
            try setup.web.checkExposure()
        } catch { throw RuntimeError.unusable(error.description) }
        let prepared = try WebFrontEnd.Prepared(web: setup.web, options: options)
        let plan = try makePlan()
        let session = try Session(setup: setup, buses: .simulated(network: SocketTransport()), timing: .realTime())
        for warning in session.warnings { Environment.printError("warning: " + warning) }
        let web = try WebFrontEnd(prepared, session: session)
        defer { web.server.stop() }
        Environment.printNow("PixelWheel web simulator: \(web.url) (\(session.panelText), \(setup.fps) fps) — open it in a browser; Ctrl-C stops")
        for line in web.announcement.dropFirst() { Environment.printNow(line) }
        let result = try session.run(frontEnds: [web, StopSignalsFrontEnd()], plan: plan)
        for line in result.lines { Environment.printNow("stopped: " + line.dropFirst("web: ".count)) }
    }
}
