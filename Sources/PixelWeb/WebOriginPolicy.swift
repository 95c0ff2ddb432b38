import PixelConfig
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
    /// Host names it may be reached by, lowercased (the configured name, the machine's name,
    /// each also with `.local`); a reverse proxy's name is one, so these are accepted on any port.
    public let names: [String]

    /// The policy of a server listening on `listenHost`:`port`, reached by `names` beside addresses.
    public init(listenHost: String, port: Int, names: [String] = []) {
        self.listenHost = listenHost
        self.port = port
        self.names = names.map { $0.lowercased() }
    }

    /// The host names of a device named `name` on a machine named `machine`: each (when it is a
    /// valid DNS name) and each with `.local` (mDNS), lowercased.
    public static func hostNames(name: String, machine: String?) -> [String] {
        var names: [String] = []
        for candidate in [name, machine].compactMap({ $0?.lowercased() }) where isDNSName(candidate) {
            names.append(candidate)
            if !candidate.hasSuffix(".local") { names.append(candidate + ".local") }
        }
        return names
    }

    /// Whether `text` is a DNS name: dot-separated labels of letters, digits and inner hyphens.
    static func isDNSName(_ text: String) -> Bool {
        guard (1...253).contains(text.utf8.count) else { return false }
        return text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            (1...63).contains(label.utf8.count) && label.first != "-" && label.last != "-"
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }

    /// Whether `name` (from a Host header) is an address rather than a name: dotted IPv4 or bracketed IPv6.
    static func isAddressLiteral(_ name: String) -> Bool {
        if name.hasPrefix("[") { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { (1...3).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// Whether `host` is a loopback address or name: `localhost`, `::1` (bracketed or not) or a
    /// dotted IPv4 address 127.x.y.z. A name that only starts with `127.` is not one: an
    /// attacker's `127.0.0.1.rebind.example` can resolve anywhere.
    public static func isLoopback(_ host: String) -> Bool { WebSetup.isLoopbackHost(host) }

    /// Nil when a request with this `Host` header may be answered at all, else why not: one of
    /// `names` on any port; else this port and, on loopback, a loopback name, beyond it an
    /// address or a loopback name (so a page on a rebound DNS name can read nothing,
    /// recordings included).
    public func hostRefusal(_ host: String?) -> String? {
        guard let host, !host.isEmpty else { return "no Host header" }
        guard let (name, hostPort) = Self.split(host) else { return "malformed Host header '\(host)'" }
        if names.contains(name.lowercased()) { return nil }
        guard hostPort == port else { return "Host '\(host)' is not this server's port \(port)" }
        if Self.isLoopback(listenHost) && !Self.isLoopback(name) {
            return "Host '\(host)' is not a loopback name; open http://127.0.0.1:\(port)/"
        }
        if !Self.isLoopback(name) && !Self.isAddressLiteral(name) {
            let known = names.isEmpty ? "" : " or " + names.joined(separator: ", ")
            return "Host '\(host)' is not this machine's address\(known); set name in [web] (--name) to the name it is reached by"
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
    public init(parsing text: String) throws(NetworkSetupProblem) {
        (host, port) = try WebSetup.parseListen(text)
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
