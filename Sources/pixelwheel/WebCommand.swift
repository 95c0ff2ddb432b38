import ArgumentParser
import PixelCore
import PixelImages
import PixelRuntime
import PixelWeb
import PixelSystem
import PixelWebServer

struct WebCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "Run PixelWheel on a simulated panel in a web page: an iPod-classic shell with a click wheel to drag.",
        discussion: """
            Serves the page on http://127.0.0.1:8080/ (loopback only unless --listen says otherwise). \
            Drag around the wheel to scroll (one row per 20°), click the centre to select, MENU to go back; \
            the keys are the terminal simulator's. Several browsers may watch and turn the wheel at once; \
            closing a page changes nothing. Ctrl-C or SIGTERM stops the server.
            """)

    @OptionGroup var app: AppOptions

    @Option(name: .long, help: ArgumentHelp("Address and port to serve on (default: 127.0.0.1:8080); beyond loopback anyone who can reach it can turn the wheel.", valueName: "ADDR:PORT"),
            transform: WebListenAddress.init(parsing:))
    var listen: WebListenAddress = .standard

    @Option(name: .long, parsing: .unconditional, help: "The most browsers connected at once (1...64).")
    var maxClients: Int = 16

    @Option(name: .long, help: "Record everything shown, as round LEDs, into FILE.gif (atomically, when the server stops; at most the first 120 s).")
    var record: String?

    @OptionGroup var live: LiveOptions


    @Option(name: .long, help: "The page's folder (default: the installed one, or web/ in the source tree the binary was built in).")
    var page: String?

    func validate() throws {
        guard (1...64).contains(maxClients) else { throw OptionError.outOfRange(option: "--max-clients", allowed: "1...64", got: "\(maxClients)") }
    }

    func run() throws {
        let address = listen
        if let record { try OfflineRender.checkWritable(record, extensions: [".gif"]) }
        guard let folder = WebPage.locate(explicit: page) else {
            throw WebSetupError.pageMissing
        }
        let webPage = try WebPage(directory: folder)
        let setup = try app.setup()
        let script = try live.inputScript()
        let clock = MonotonicClock()
        var options = Session.Options()
        options.wallClock = { Environment.localSecondsSinceMidnight() }
        let session = try Session(setup: setup, buses: .simulated, clock: clock, options: options)
        for warning in session.warnings { printError("warning: " + warning) }

        let broadcaster = WebBroadcaster(maximumClients: maxClients)
        let queue = WebInputQueue()
        let server = WebServer(configuration: .init(host: address.host, port: address.port, page: webPage),
                               broadcaster: broadcaster, inputs: queue, clock: clock)
        try server.start()
        let url = address.url(port: server.port ?? address.port)
        if !address.isLoopback {
            printError("warning: listening on \(address.host):\(server.port ?? address.port): anyone who can reach this machine can watch and turn the wheel, "
                + "and a web page open in a browser on your network could too")
        }
        Environment.printNow("PixelWheel web simulator: \(url) (\(session.panelText), \(setup.fps) fps) — open it in a browser; Ctrl-C stops")

        var viewers: [any FrameOutput] = [
            WebFrameOutput(broadcaster: broadcaster, panelText: session.panelText, fps: setup.fps,
                           clicks: { session.clicks }, theme: { session.state?.settings.theme ?? .dark }, now: clock.now),
        ]
        if let record { viewers.append(GIFFileOutput.webRecord(path: record, fps: setup.fps)) }
        defer { server.stop() }
        try session.run(inputs: [WebInputSource(queue: queue, now: clock.now), StopRequestSource.onSignals()],
                        viewers: viewers, script: script, length: live.length(headless: false, script: script))
        server.stop()
        let counts = server.counts, totals = broadcaster.totals
        Environment.printNow("stopped: \(counts.connections) browser connection(s), \(totals.framesSent) frames sent, \(totals.framesDropped) dropped for slow browsers; "
            + "\(counts.badMessages) bad message(s) ignored, \(counts.closedForBadMessages) connection(s) closed for them, "
            + "\(counts.closedForStalling) closed for not reading, \(counts.refused) refused"
            + (record.map { "; recorded \($0)" } ?? ""))
    }
}
