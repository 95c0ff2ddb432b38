import ArgumentParser
import PixelBus
import PixelConfig
import PixelRuntime
import PixelWeb

/// Where and to whom the page and the JSON API are served, shared by `sim`, `web` and `run`;
/// the same names as the `[web]` table, whose values they override. There is no flag for the
/// password itself (a command line is visible to every user): `--password-file` names a file
/// `pixelwheel passwd` wrote.
struct WebOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Serve the page on this address and port (default: 127.0.0.1:8080, or the file's [web]); beyond loopback it needs a password, view_without_password, or --api with --api-allow.", valueName: "ADDR:PORT"),
            transform: parseWebListen)
    var listen: WebListenAddress?

    @Flag(name: .long, help: "Serve the WLED JSON API (/json, /json/state, …) for Home Assistant and WLED clients; plain HTTP.")
    var api = false

    @Option(name: .long, help: ArgumentHelp("Let this IPv4 address or network use the API without a password (without a password set, loopback may too); repeat for several. Needs --api.", valueName: "CIDR"),
            transform: parseAddressRange)
    var apiAllow: [AddressRange] = []

    @Option(name: .long, help: ArgumentHelp("The device's name in the API (info.name; the MAC Home Assistant keys it by is derived from it) and a host name the page may be reached by (default: PixelWheel).", valueName: "NAME"),
            transform: parseDeviceName)
    var name: String?

    @Option(name: .long, help: ArgumentHelp("The password file 'pixelwheel passwd' wrote: control (the wheel, the API) then needs a login.", valueName: "FILE"),
            transform: parsePasswordFile)
    var passwordFile: String?

    @Option(name: .long, help: ArgumentHelp("The page's folder, holding index.html (default: the installed one, or web/ in the source tree the binary was built in).", valueName: "DIR"))
    var page: String?

    /// Whether any option asks for the page (so `run` and `sim` serve it without a `[web]` table).
    var turnsOn: Bool { listen != nil || api || passwordFile != nil }

    /// Gives the options over `setup` (the file's `[web]`, or none), then checks what
    /// listening would expose.
    func apply(to setup: inout WebSetup) throws {
        if turnsOn { setup.isOn = true }
        if let listen { (setup.host, setup.port) = (listen.host, listen.port) }
        if let name { setup.name = name }
        if !apiAllow.isEmpty { setup.apiAllow = apiAllow }
        if api { setup.api = true }
        if let passwordFile { setup.password = .file(passwordFile) }
        if !setup.apiAllow.isEmpty && !setup.api { throw OptionError.needs(option: "--api-allow", what: "--api", why: "it names who may use the JSON API") }
        do {
            try setup.checkExposure()
        } catch { throw OptionError.unavailable(error.description) }
    }

    func validate() throws {
        var setup = WebSetup()
        try apply(to: &setup)
    }
}
