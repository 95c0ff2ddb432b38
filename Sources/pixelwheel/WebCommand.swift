import ArgumentParser
import PixelRuntime
import PixelWeb
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

    @Flag(name: .long, help: "Serve the WLED JSON API (/json, /json/state, …) for Home Assistant and WLED clients: plain HTTP, no password; loopback only unless --api-allow.")
    var api = false

    @Option(name: .long, help: ArgumentHelp("Let this IPv4 address or network use the API without a password (beside loopback); repeat for several. Needs --api.", valueName: "CIDR"))
    var apiAllow: [String] = []

    @Option(name: .long, help: ArgumentHelp("The device's name in the API (info.name; the MAC Home Assistant keys it by is derived from it).", valueName: "NAME"))
    var name: String = "PixelWheel"


    @Option(name: .long, help: "The page's folder (default: the installed one, or web/ in the source tree the binary was built in).")
    var page: String?

    func validate() throws {
        guard (1...64).contains(maxClients) else { throw OptionError.outOfRange(option: "--max-clients", allowed: "1...64", got: "\(maxClients)") }
        if !apiAllow.isEmpty && !api { throw ValidationError("--api-allow needs --api") }
        _ = try APIAllowList(parsing: apiAllow)
        guard !name.isEmpty, name.count <= WLEDIdentity.maximumNameLength else {
            throw ValidationError("--name must be 1...\(WLEDIdentity.maximumNameLength) characters")
        }
    }

    func run() throws {
        var web = WebSimulator()
        web.listen = listen; web.maxClients = maxClients; web.record = record; web.pageFolder = page
        web.api = api; web.apiAllow = try APIAllowList(parsing: apiAllow); web.name = name
        try web.run(setup: { try app.flags.setup() }, plan: { try live.plan(headless: false) })
    }
}
