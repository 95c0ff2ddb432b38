import PixelBus
import PixelNetwork

/// Where and to whom the page and the WLED JSON API are served: the `[web]` table and the
/// `--listen`, `--api`, `--api-allow`, `--name` and `--password-file` flags of `sim`, `web`
/// and `run`, which share these names and their checks.
public struct WebSetup: Sendable, Equatable {
    /// Where a password comes from.
    public enum Password: Sendable, Equatable {
        /// Written in the configuration file in plain text (`password = "…"`).
        case plain(String)
        /// A file holding one crypt(3) hash, as `pixelwheel passwd` writes it (`password_file`).
        case file(String)
    }

    /// Whether the page is served at all: `web` always serves it; `run` and `sim` when the
    /// file has a `[web]` table or a flag asks for it.
    public var isOn = false
    /// The address to listen on (`127.0.0.1`, `0.0.0.0`, `::1`).
    public var host = "127.0.0.1"
    /// The port; 0 asks the system for a free one.
    public var port = 8080
    /// The password that control needs, if any.
    public var password: Password?
    /// Whether a browser without the password may watch (never control).
    public var viewWithoutPassword = false
    /// Whether the WLED JSON API is served.
    public var api = false
    /// Sources that may use the API without a password (beside loopback when no password is set).
    public var apiAllow: [AddressRange] = []
    /// The device's name (`info.name`), also accepted as the host name in `Host` headers.
    public var name = "PixelWheel"

    /// Off, on loopback port 8080, no password, no API.
    public init() {}

    /// The longest name, in characters (WLED's own limit).
    public static let maximumNameLength = 32
    /// The listen address unless told.
    public static let standardListen = "127.0.0.1:8080"

    /// `host:port` as `--listen` takes it (`[v6]:port` for IPv6).
    public var listenText: String { (host.contains(":") ? "[\(host)]" : host) + ":\(port)" }

    /// Whether only this machine can connect.
    public var isLoopback: Bool { Self.isLoopbackHost(host) }

    /// Refuses to listen beyond loopback when nothing guards control: no password, no API
    /// allow-list, and viewing without a password not chosen. One line naming the fixes.
    public func checkExposure() throws(NetworkSetupProblem) {
        guard isOn, !isLoopback, password == nil, !viewWithoutPassword, !(api && !apiAllow.isEmpty) else { return }
        throw NetworkSetupProblem("listening on \(listenText) without a password would let anyone who reaches this machine control it; "
            + "set one with 'pixelwheel passwd' and password_file in [web] (or --password-file FILE), "
            + "or set view_without_password = true to let others only watch, or api = true with api_allow = [\"CIDR\"] for the JSON API only")
    }

    /// Parses `ADDR:PORT`, `[IPv6]:PORT` or `:PORT` (loopback) into the host and the port.
    public static func parseListen(_ text: String) throws(NetworkSetupProblem) -> (host: String, port: Int) {
        let problem = NetworkSetupProblem("'\(text)' is not ADDR:PORT with a port of 0...65535; write e.g. 127.0.0.1:8080 or 0.0.0.0:8080")
        var host: Substring, portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else { throw problem }
            host = text[text.index(after: text.startIndex)..<close]
            portText = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") else { throw problem }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        if host.isEmpty { host = "127.0.0.1" }
        let hostIsPlain = host.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == ":" } && host.count <= 253
        guard hostIsPlain, portText.count <= 5, portText.allSatisfy(\.isNumber), let port = Int(portText), (0...65535).contains(port)
        else { throw problem }
        return (String(host), port)
    }

    /// Checks `name`: 1 to 32 characters, printable.
    public static func checkName(_ name: String) throws(NetworkSetupProblem) -> String {
        guard !name.isEmpty, name.count <= maximumNameLength, !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw NetworkSetupProblem("must be 1...\(maximumNameLength) printable characters, such as \"Desk\"")
        }
        return name
    }

    /// Checks a password written in the file: 1 to 256 bytes.
    public static func checkPassword(_ password: String) throws(NetworkSetupProblem) -> String {
        guard (1...256).contains(password.utf8.count) else {
            throw NetworkSetupProblem("must be 1...256 bytes; better, leave it out of this file and use password_file (see 'pixelwheel passwd')")
        }
        return password
    }

    /// Whether `host` is a loopback address or name: `localhost`, `::1` or 127.x.y.z.
    public static func isLoopbackHost(_ host: String) -> Bool {
        let name = host.lowercased()
        if name == "localhost" || name == "::1" || name == "[::1]" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in
            (1...3).contains(part.count) && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) && Int(part)! <= 255
        }
    }
}
