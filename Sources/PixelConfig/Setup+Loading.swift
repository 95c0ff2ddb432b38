import PixelPanels

/// A configuration file with problems: every one of them, each with its line, one per line.
/// The commands print it to standard error and exit with 2.
public struct InvalidConfiguration: Error, CustomStringConvertible {
    /// The problems, one per line.
    public let description: String
}

extension Setup {
    /// The set-up of the configuration file at `path`, checked whole before any device opens.
    public static func load(_ path: String) throws -> Setup {
        do {
            return try ConfigurationLoader.load(path)
        } catch let error as ConfigurationError {
            throw InvalidConfiguration(description: error.description)
        }
    }

    /// What `run --check` says of a valid file at `path`: its panels, its encoder and its page.
    public func checkSummary(path: String) -> String {
        let described = panels.map { "\($0.role.rawValue) \($0.description.text) on \($0.description.device)" }
        return "\(path): valid; " + (described.isEmpty ? "no panel (simulator \(size))" : described.joined(separator: "; "))
            + (encoder.map { "; encoder A=GPIO \($0.a) B=GPIO \($0.b) switch=GPIO \($0.button)" } ?? "")
            + (web.isOn ? "; page on \(web.listenText)" + (web.password == nil ? "" : " with a password") + (web.api ? ", JSON API on" : "") : "")
    }

    /// The first HUB75 panel, for `wiring --config`; nil when the file has none.
    public var firstHUB75Panel: PanelDescription? { panels.first { $0.description.bus == .gpio }?.description }
}

extension Setup {
    /// This set-up with the `--led-*` `flags` laid over its first HUB75 panel (see
    /// `overridingHUB75(with:addsPanel:)`); unchanged when there are none. A file whose panel
    /// the flags make clash with its pins throws `InvalidConfiguration`.
    public func overriding(ledFlags flags: [String], addsPanel: Bool) throws -> Setup {
        guard !flags.isEmpty else { return self }
        let translation = try HzellerFlag.translate(flags)
        do {
            return try overridingHUB75(with: translation, addsPanel: addsPanel)
        } catch let error as ConfigurationError {
            throw InvalidConfiguration(description: error.description)
        }
    }
}
