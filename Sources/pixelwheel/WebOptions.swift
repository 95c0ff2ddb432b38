import ArgumentParser
import PixelRuntime

/// Where and to whom the page and the JSON API are served, shared by `sim`, `web` and `run`;
/// the same names as the `[web]` table, whose values they override. There is no flag for the
/// password itself (a command line is visible to every user): `--password-file` names a file
/// `pixelwheel passwd` wrote.
struct WebOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Serve the page on this address and port (default: 127.0.0.1:8080, or the file's [web]); beyond loopback it needs a password, view_without_password, or --api with --api-allow.", valueName: "ADDR:PORT"))
    var listen: String?

    @Flag(name: .long, help: "Serve the WLED JSON API (/json, /json/state, …) for Home Assistant and WLED clients; plain HTTP.")
    var api = false

    @Option(name: .long, help: ArgumentHelp("Let this IPv4 address or network use the API without a password (without a password set, loopback may too); repeat for several. Needs --api.", valueName: "CIDR"))
    var apiAllow: [String] = []

    @Option(name: .long, help: ArgumentHelp("The device's name in the API (info.name; the MAC Home Assistant keys it by is derived from it) and a host name the page may be reached by (default: PixelWheel).", valueName: "NAME"))
    var name: String?

    @Option(name: .long, help: ArgumentHelp("The password file 'pixelwheel passwd' wrote: control (the wheel, the API) then needs a login.", valueName: "FILE"))
    var passwordFile: String?

    @Option(name: .long, help: ArgumentHelp("The page's folder, holding index.html (default: the installed one, or web/ in the source tree the binary was built in).", valueName: "DIR"))
    var page: String?

    /// The flags as the runtime takes them.
    var flags: WebFlags {
        var flags = WebFlags()
        flags.listen = listen; flags.api = api; flags.apiAllow = apiAllow; flags.name = name; flags.passwordFile = passwordFile
        return flags
    }

    func validate() throws {
        try flags.check()
    }
}
