import ArgumentParser
import PixelRuntime
import PixelWeb
import PixelWebServer

struct WebCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "Run PixelWheel on a simulated panel in a web page: an iPod-classic shell with a click wheel to drag.",
        discussion: """
            Serves the page on http://127.0.0.1:8080/ (loopback only unless --listen or the file's \
            [web] says otherwise; beyond loopback control needs a password, see 'pixelwheel passwd'). \
            Drag around the wheel to scroll (one row per 20°), click the centre to select, MENU to go back; \
            the keys are the terminal simulator's; /controls is a compact page for a phone. Several \
            browsers may watch and turn the wheel at once; closing a page changes nothing. Ctrl-C or \
            SIGTERM stops the server.
            """)

    @OptionGroup var app: AppOptions

    @Option(name: .long, parsing: .unconditional, help: "The most browsers connected at once (1...64).")
    var maxClients: Int = 16

    @Option(name: .long, help: "Record everything shown, as round LEDs, into FILE.gif (atomically, when the server stops; at most the first 120 s).")
    var record: String?

    @OptionGroup var live: LiveOptions

    func validate() throws {
        let range = WebBroadcaster.clientRange
        guard range.contains(maxClients) else {
            throw OptionError.outOfRange(option: "--max-clients", allowed: "\(range.lowerBound)...\(range.upperBound)", got: "\(maxClients)")
        }
    }

    func run() throws {
        var web = WebSimulator()
        web.options.maxClients = maxClients; web.options.record = record; web.options.pageFolder = app.web.page
        try web.run(setup: { try app.setup() }, plan: { try live.plan(headless: false) })
    }
}
