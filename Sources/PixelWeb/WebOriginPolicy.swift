import PixelRuntime

/// Which WebSocket upgrades `pixelwheel web` accepts. A page on another site must not be able
/// to drive the panel through a browser on this machine, so:
///
/// - the `Host` header must name this server's port, and, when the server listens on a
///   loopback address, a loopback name (`localhost`, `127.0.0.1`, `[::1]`) — a rebound DNS
///   name pointing at 127.0.0.1 is refused;
/// - the `Origin` header must be present and be this same host (`http://` or `https://`).
public struct WebOriginPolicy: Sendable {
    /// The address the server listens on, as given (`127.0.0.1`, `0.0.0.0`, `::1`, a name).
    public let listenHost: String
    /// The port it listens on.
    public let port: Int

    /// The policy of a server listening on `listenHost`:`port`.
    public init(listenHost: String, port: Int) {
        self.listenHost = listenHost
        self.port = port
    }

    /// Whether `host` is a loopback address or name: `localhost`, `::1` (bracketed or not) or a
    /// dotted IPv4 address 127.x.y.z. A name that only starts with `127.` is not one: an
    /// attacker's `127.0.0.1.rebind.example` can resolve anywhere.
    public static func isLoopback(_ host: String) -> Bool {
        let name = host.lowercased()
        if name == "localhost" || name == "::1" || name == "[::1]" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in
            (1...3).contains(part.count) && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) && Int(part)! <= 255
        }
    }

    /// Nil when a request with this `Host` header may be answered at all, else why not: on
    /// loopback, only loopback names on this port (so a page on a rebound DNS name can read
    /// nothing, recordings included).
    public func hostRefusal(_ host: String?) -> String? {
        guard let host, !host.isEmpty else { return "no Host header" }
        guard let (name, hostPort) = Self.split(host) else { return "malformed Host header '\(host)'" }
        guard hostPort == port else { return "Host '\(host)' is not this server's port \(port)" }
        if Self.isLoopback(listenHost) && !Self.isLoopback(name) {
            return "Host '\(host)' is not a loopback name; open http://127.0.0.1:\(port)/"
        }
        return nil
    }

    /// Nil when a WebSocket upgrade with these headers is allowed, else why not (for the log):
    /// the `Host` rule, then an `Origin` that is this same host.
    public func refusal(host: String?, origin: String?) -> String? {
        if let refusal = hostRefusal(host) { return refusal }
        guard let host, let origin else { return "no Origin header" }
        let lowered = origin.lowercased(), expected = host.lowercased()
        guard lowered == "http://" + expected || lowered == "https://" + expected else {
            return "Origin '\(origin)' is not this page (\(host))"
        }
        return nil
    }

    /// `name[:port]` or `[v6][:port]` split into the name and the port (80 when absent).
    static func split(_ host: String) -> (String, Int)? {
        var name = Substring(host), portText: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            name = host[...close]
            let rest = host[host.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                portText = rest.dropFirst()
            }
        } else if let colon = host.lastIndex(of: ":") {
            name = host[..<colon]
            portText = host[host.index(after: colon)...]
        }
        guard !name.isEmpty, !name.contains(where: { $0 == "/" || $0 == "@" || $0 == " " }) else { return nil }
        guard let portText else { return (String(name), 80) }
        guard let port = Int(portText), (1...65535).contains(port) else { return nil }
        return (String(name), port)
    }
}

/// A `--listen` address: `HOST:PORT`, `[IPv6]:PORT`, or `:PORT` (loopback).
public struct WebListenAddress: Equatable, Sendable, CustomStringConvertible {
    /// The host to bind (`127.0.0.1`, `0.0.0.0`, `::1`, a name).
    public var host: String
    /// The port; 0 asks the system for a free one.
    public var port: Int

    /// `host`:`port`.
    public init(host: String, port: Int) { self.host = host; self.port = port }

    /// The default: loopback, port 8080.
    public static let standard = WebListenAddress(host: "127.0.0.1", port: 8080)

    /// Parses `text`; the error names the form expected.
    public init(parsing text: String) throws {
        let problem = OptionError.badValue(option: "--listen \(text):", problem: "expected ADDR:PORT with a port of 0...65535, e.g. 127.0.0.1:8080 or 0.0.0.0:8080")
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
        guard host.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == ":" }), host.count <= 253,
              portText.count <= 5, portText.allSatisfy(\.isNumber), let port = Int(portText), (0...65535).contains(port)
        else { throw problem }
        self.host = String(host)
        self.port = port
    }

    /// `HOST:PORT` (`[IPv6]:PORT`), as `--listen` takes it.
    public var description: String { (host.contains(":") ? "[\(host)]" : host) + ":\(port)" }

    /// Whether only this machine can connect.
    public var isLoopback: Bool { WebOriginPolicy.isLoopback(host) }

    /// The page's address for a listen port `port`.
    public func url(port: Int) -> String {
        let shown = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host
        return "http://" + (shown.contains(":") ? "[\(shown)]" : shown) + ":\(port)/"
    }
}
