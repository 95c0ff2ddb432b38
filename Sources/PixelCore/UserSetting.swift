/// A setting a person chooses, named in an error's fix by the layer that knows how it was
/// given: the command line names it as its option (`--listen ADDR:PORT`), and everything else
/// in the configuration file's words (`listen in [web]`). So the runtime, the web server and the
/// drivers, which do not know which of the two was used, throw errors that name no flag.
public enum UserSetting: Hashable, Sendable {
    /// The port of a stream protocol (its name in the configuration, e.g. `e131`).
    case networkPort(protocolName: String)
    /// The address the stream receivers listen on.
    case networkListen
    /// The page's address and port.
    case webListen
    /// The page's folder.
    case page
    /// How HUB75's GPIO lines are driven.
    case gpioBackend

    /// The setting in the configuration file's words.
    public var configurationWords: String {
        switch self {
        case let .networkPort(name): "ports.\(name) in [network]"
        case .networkListen: "listen in [network]"
        case .webListen: "listen in [web]"
        case .page: "the page folder"
        case .gpioBackend: "the GPIO backend"
        }
    }
}

/// An error whose fix names a `UserSetting`: its `description` uses the configuration file's
/// words, and the command line asks for `message(naming:)` with its options' names.
public protocol NamesUserSetting: Error, CustomStringConvertible {
    /// The one line, naming each setting as `name` gives it.
    func message(naming name: (UserSetting) -> String) -> String
}

extension NamesUserSetting {
    /// The line in the configuration file's words.
    public var description: String { message(naming: \.configurationWords) }
}
