import PixelConfig
import PixelCore
import PixelInputs
import PixelRuntime
import PixelSystem
import PixelWeb

/// The page (and the JSON API, when on) attached to a session: the one way `web`, `sim` and
/// `run` serve it. The server runs on its own threads; the session's loop meets it through
/// `inputs` (the browsers' and the API's input, beside the encoder's) and `viewers` (the main
/// panel's frames — on real panels, the frames they were sent).
public final class WebFrontEnd: FrontEnd {
    /// What the command chooses beside the `[web]` set-up.
    public struct Options {
        /// The most browsers connected at once, 1...64 (`--max-clients`, checked where it is
        /// read; the broadcaster holds any other value to that range).
        public var maxClients = 16
        /// Record everything shown into this GIF file when the server stops.
        public var record: String?
        /// The page's folder (nil: the installed one, or `web/` in the source tree).
        public var pageFolder: String?
        /// 16 browsers, no recording, the installed page.
        public init() {}
    }

    /// What is checked before the session is built: the page, the recording's path, the
    /// password file.
    public struct Prepared {
        let web: WebSetup
        let options: Options
        let page: WebPage
        let password: WebPasswordCheck

        /// Checks `web` and `options`; each problem one line naming the fix.
        public init(web: WebSetup, options: Options) throws {
            if let record = options.record { try OfflineRender.checkWritable(record, extensions: [".gif"]) }
            guard let folder = WebPage.locate(explicit: options.pageFolder) else { throw WebSetupError.pageMissing }
            page = try WebPage(directory: folder)
            password = try WebPasswordCheck(web.password)
            self.web = web; self.options = options
        }
    }

    /// The server.
    public let server: WebServer
    /// The browsers' input and the API's, for the session's loop.
    public let inputs: [any InputSource]
    /// The page's frames, the recording and the API's state, for the session's loop.
    public let viewers: [any FrameOutput]
    /// Who may do what.
    public let auth: WebAuth
    private let prepared: Prepared

    /// Starts serving `session` as `prepared` says, on the session's clock, which must be the
    /// machine's (the server's threads read it).
    public init(_ prepared: Prepared, session: Session) throws {
        guard let clock = session.machineClock else {
            throw RuntimeError.unusable("the page needs the machine's clock; run the session in real time")
        }
        let web = prepared.web, fps = session.setup.fps
        self.prepared = prepared
        let broadcaster = WebBroadcaster(maximumClients: prepared.options.maxClients)
        let queue = WebInputQueue()
        auth = WebAuth(password: prepared.password, viewWithoutPassword: web.viewWithoutPassword, apiAllow: APIAllowList(web.apiAllow))
        var configuration = WebServer.Configuration(host: web.host, port: web.port, page: prepared.page)
        configuration.auth = auth
        configuration.hostNames = WebOriginPolicy.hostNames(name: web.name, machine: Environment.hostName)
        configuration.photos = session.setup.photosFolder.map { PhotoUploads(folder: $0) }
        var inputs: [any InputSource] = [WebInputSource(queue: queue, now: clock.now)]
        var viewers: [any FrameOutput] = [
            WebFrameOutput(broadcaster: broadcaster, panelText: session.panelText, fps: fps,
                           clicks: { session.clicks }, theme: { session.state?.settings.theme ?? .dark }, now: clock.now),
        ]
        if let record = prepared.options.record { viewers.append(GIFFileOutput.webRecord(path: record, fps: fps)) }
        // The app's state in the WLED API's terms: the controls view's always, the API's with --api.
        if let app = session.state {
            let hub = WLEDHub(initial: WLEDSnapshot(app: app, live: nil, applied: 0))
            let ip = web.host == "0.0.0.0" || web.host == "::" ? "" : web.host
            configuration.api = WLEDServerAPI(hub: hub, identity: WLEDIdentity(name: web.name, pixelWheelVersion: PixelWheelVersion.current, ip: ip), fps: fps)
            configuration.servesWLEDAPI = web.api
            inputs.append(WLEDInputSource(hub: hub, now: clock.now))
            viewers.append(WLEDStateOutput(hub: hub) { applied in
                // The app's live stream: the one the stream source reports, none once given back.
                session.state.map { WLEDSnapshot(app: $0, live: $0.liveStream, applied: applied) }
            })
        }
        server = WebServer(configuration: configuration, broadcaster: broadcaster, inputs: queue, clock: clock)
        self.inputs = inputs
        self.viewers = viewers
        try server.start()
    }

    /// The page's address, for the first lines a command prints.
    public var url: String { WebListenAddress(host: prepared.web.host, port: server.port ?? prepared.web.port).url(port: server.port ?? prepared.web.port) }

    /// The lines saying where the page and the API are and who may use them.
    public var announcement: [String] {
        let web = prepared.web
        var lines = ["page: \(url)" + (auth.needsLogin ? " (control needs the password" + (web.viewWithoutPassword ? "; anyone may watch)" : ")")
                                                     : web.isLoopback ? " (this machine only)" : web.viewWithoutPassword ? " (others may only watch)" : "")]
        if web.api {
            let allowed = web.apiAllow.map(\.description).joined(separator: ", ")
            let who = auth.needsLogin ? (allowed.isEmpty ? "a logged-in page only" : "a logged-in page and \(allowed) without a password")
                : (allowed.isEmpty ? "loopback only" : "loopback and \(allowed)") + ", no password"
            lines.append("WLED JSON API: \(url)json (\(who); plain HTTP)")
        }
        return lines
    }

    /// Stops the server and says what it did, in one line.
    public func finish() -> [String] { [stop()] }

    /// Stops the server and says what it did, in one line.
    public func stop() -> String {
        server.stop()
        let counts = server.counts, totals = server.broadcaster.totals, logins = auth.failureCounts
        return "web: \(counts.connections) browser connection(s), \(totals.framesSent) frames sent, \(totals.framesDropped) dropped for slow browsers; "
            + "\(counts.badMessages) bad message(s) ignored, \(counts.closedForBadMessages) connection(s) closed for them, "
            + "\(counts.closedForStalling) closed for not reading, \(counts.refused) refused"
            + (auth.needsLogin ? "; \(logins.failed) wrong password(s), \(logins.refusedWhileLocked) attempt(s) refused while locked out" : "")
            + (prepared.options.record.map { "; recorded \($0)" } ?? "")
    }
}

extension WebFrontEnd {
    /// The page of `setup`'s `[web]` when it is on (`run` and `sim`), read from `pageFolder`
    /// (`--page`; nil finds it as `WebPage.locate` does), checked before the session is built;
    /// nil when off.
    public static func prepare(for setup: Setup, pageFolder: String?) throws -> Prepared? {
        var options = Options()
        options.pageFolder = pageFolder
        return setup.web.isOn ? try Prepared(web: setup.web, options: options) : nil
    }

    /// Starts `prepared` (when there is one) on `session` and says where through `report`.
    public static func start(_ prepared: Prepared?, session: Session, report: (String) -> Void) throws -> WebFrontEnd? {
        guard let prepared else { return nil }
        let web = try WebFrontEnd(prepared, session: session)
        for line in web.announcement { report(line) }
        return web
    }
}
