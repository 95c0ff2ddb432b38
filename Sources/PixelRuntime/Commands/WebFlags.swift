import PixelConfig

/// The web flags of `sim`, `web` and `run` — `--listen`, `--api`, `--api-allow`, `--name` and
/// `--password-file` — given over the set-up's `[web]` table. There is no flag for the password
/// itself: a command line is visible to every user of the machine.
public struct WebFlags: Sendable {
    /// `--listen ADDR:PORT`.
    public var listen: String?
    /// `--api`.
    public var api = false
    /// `--api-allow CIDR`, each.
    public var apiAllow: [String] = []
    /// `--name NAME`.
    public var name: String?
    /// `--password-file FILE`.
    public var passwordFile: String?

    /// No flags: the set-up's `[web]` as it is.
    public init() {}

    /// Whether any flag asks for the page (so `run` and `sim` serve it without a `[web]` table).
    public var turnsOn: Bool { listen != nil || api || passwordFile != nil }

    /// Sets what the flags give over `setup`, then checks what listening would expose; a bad
    /// value throws one line naming the flag.
    public func apply(to setup: inout WebSetup) throws {
        if turnsOn { setup.isOn = true }
        do {
            if let listen { (setup.host, setup.port) = try WebSetup.parseListen(listen) }
        } catch { throw Self.listenError(listen ?? "") }
        do {
            if let name { setup.name = try WebSetup.checkName(name) }
        } catch { throw OptionError.badValue(option: "--name:", problem: error.description) }
        do {
            if !apiAllow.isEmpty { setup.apiAllow = try apiAllow.map { text throws(NetworkSetupProblem) in try NetworkSetup.parseAllow(text) } }
        } catch { throw OptionError.badValue(option: "--api-allow:", problem: error.description) }
        if api { setup.api = true }
        if let passwordFile {
            guard !passwordFile.isEmpty else { throw OptionError.badValue(option: "--password-file:", problem: "give a file's path, as 'pixelwheel passwd --file FILE' wrote it") }
            setup.password = .file(passwordFile)
        }
        if !setup.apiAllow.isEmpty && !setup.api { throw OptionError.needs(option: "--api-allow", what: "--api", why: "it names who may use the JSON API") }
        do {
            try setup.checkExposure()
        } catch { throw OptionError.unavailable(error.description) }
    }

    /// The error for a `--listen` value that is not `ADDR:PORT`.
    public static func listenError(_ text: String) -> OptionError {
        .badValue(option: "--listen \(text):", problem: "expected ADDR:PORT with a port of 0...65535, e.g. 127.0.0.1:8080 or 0.0.0.0:8080")
    }

    /// Checks the flags on their own, before any set-up is read.
    public func check() throws {
        var setup = WebSetup()
        try apply(to: &setup)
    }
}

extension Setup {
    /// Gives `flags` over the set-up's `[web]` table.
    public mutating func apply(_ flags: WebFlags) throws {
        try flags.apply(to: &web)
    }
}
