import PixelBus
import PixelNetwork

/// Which network streams a run receives, and how: the `[network]` table and the `--network…`
/// flags of `sim`, `web` and `run`, which share these names and their checks.
public struct NetworkSetup: Sendable, Equatable {
    /// The protocols received, in `NetworkProtocol` order; empty is off (the default).
    public var protocols: [NetworkProtocol] = []
    /// The IPv4 address to listen on (`--network-listen`, 127.0.0.1 unless told).
    public var listen = "127.0.0.1"
    /// How long a stream holds the display without packets, nanoseconds (2.5 s unless told).
    public var timeoutNanoseconds: Int64 = 2_500_000_000
    /// The universe (E1.31) or port address (Art-Net) of the top-left pixel (`--universe`, 1).
    public var universe: UInt16 = 1
    /// The DMX channel of the top-left pixel's first byte in its universe (`--start-channel`, 1).
    public var startChannel = 1
    /// The channels each universe carries (`--universe-size`); nil: the whole pixels that fit
    /// in 512, 510 for RGB. With 512, pixels run on from one universe into the next.
    public var universeSize: Int?
    /// Ports moved from the standard ones (`--network-port PROTOCOL=PORT`).
    public var ports: [NetworkProtocol: UInt16] = [:]
    /// The senders allowed (`--network-allow CIDR`); empty allows every sender.
    public var allow: [AddressRange] = []

    /// Off.
    public init() {}

    /// Whether any protocol is on.
    public var isOn: Bool { !protocols.isEmpty }

    /// The port `kind` listens on.
    public func port(for kind: NetworkProtocol) -> UInt16 { ports[kind] ?? kind.standardPort }

    /// The listen address, host order (checked when set).
    public var listenAddress: UInt32 { NetworkEndpoint.parseAddress(listen) ?? 0x7F00_0001 }

    /// Whether the listen address is beyond loopback with no `allow` list (whether or not any
    /// protocol is on yet: a flag may turn one on over a file's address).
    public var listensBeyondLoopbackToAnyone: Bool {
        !NetworkEndpoint(address: listenAddress, port: 0).isLoopback && allow.isEmpty
    }

    /// Refuses a listen address beyond loopback with no `allow` list when a protocol is on: a
    /// stream takes the display, so another machine may send one only when the user has named
    /// which. The message names both the `--network-allow` flag and the `allow` key; the
    /// `[network]` table's own check names only its key (`exposureProblem(listen:fix:)`).
    public func checkExposure() throws(NetworkSetupProblem) {
        guard isOn, listensBeyondLoopbackToAnyone else { return }
        throw Self.exposureProblem(listen: listen, fix: Self.allowFix)
    }

    /// How the flags and the file name the allowed senders, for messages.
    public static let allowFix = "with --network-allow CIDR (allow = [...] in [network])"

    /// The problem of listening on `listen` to every sender, naming the senders `fix`.
    public static func exposureProblem(listen: String, fix: String) -> NetworkSetupProblem {
        NetworkSetupProblem("listening on \(listen) would let any machine that reaches this one take the display; "
            + "name the senders \(fix), e.g. 192.168.1.0/24, or 0.0.0.0/0 for every sender")
    }

    /// The names `--network` takes, for messages.
    public static var protocolNames: String { NetworkProtocol.allCases.map(\.flagName).joined(separator: ",") }

    /// The protocols of `list`: comma-separated names, or `all`.
    public static func parseProtocols(_ list: String) throws(NetworkSetupProblem) -> [NetworkProtocol] {
        let trimmed = list.trimmingSpaces()
        if trimmed == "all" { return NetworkProtocol.allCases }
        var chosen: Set<NetworkProtocol> = []
        for name in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let word = String(name).trimmingSpaces()
            guard let kind = NetworkProtocol(flagName: word) else {
                throw NetworkSetupProblem("'\(word)' is no protocol; give a comma-separated subset of \(protocolNames), or all")
            }
            chosen.insert(kind)
        }
        return NetworkProtocol.allCases.filter { chosen.contains($0) }
    }

    /// Checks `address` as a listen address: dotted IPv4.
    public static func checkListen(_ address: String) throws(NetworkSetupProblem) {
        guard NetworkEndpoint.parseAddress(address) != nil else {
            throw NetworkSetupProblem("'\(address)' is not an IPv4 address; give one such as 127.0.0.1, 0.0.0.0 (every interface) or 192.168.1.20")
        }
    }

    /// The timeout of `seconds`, 0.1–3600, in nanoseconds.
    public static func timeout(seconds: Double) throws(NetworkSetupProblem) -> Int64 {
        guard seconds >= 0.1, seconds <= 3600 else { throw NetworkSetupProblem("must be seconds in 0.1...3600 (got \(seconds))") }
        return Int64(seconds * 1_000_000_000)
    }

    /// Checks a start channel or universe size (`what`): a DMX channel, 1–512.
    public static func checkChannel(_ channel: Int, _ what: String) throws(NetworkSetupProblem) -> Int {
        guard (1...512).contains(channel) else { throw NetworkSetupProblem("must be \(what), 1...512 (got \(channel))") }
        return channel
    }

    /// The channels a universe carries, told or the default (510: 170 RGB pixels).
    public var channelsPerUniverse: Int { universeSize ?? PixelFormat.rgb.pixelsPerUniverse * PixelFormat.rgb.bytesPerPixel }

    /// Refuses a start channel past the universe's last channel; `startFix` and `sizeFix` name
    /// the two settings as the flags or the file do.
    public func checkChannels(startFix: String, sizeFix: String) throws(NetworkSetupProblem) {
        guard startChannel > channelsPerUniverse else { return }
        throw NetworkSetupProblem("the start channel \(startChannel) is past the last channel a universe carries (\(channelsPerUniverse)); "
            + "lower \(startFix) or raise \(sizeFix)")
    }

    /// Checks `universe`: 1–63999 (E1.31's universes; Art-Net's port addresses start there too).
    public static func checkUniverse(_ universe: Int) throws(NetworkSetupProblem) -> UInt16 {
        guard (1...63999).contains(universe) else { throw NetworkSetupProblem("must be a universe in 1...63999 (got \(universe))") }
        return UInt16(universe)
    }

    /// One `PROTOCOL=PORT` assignment.
    public static func parsePort(_ text: String) throws(NetworkSetupProblem) -> (NetworkProtocol, UInt16) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, let kind = NetworkProtocol(flagName: parts[0]) else {
            throw NetworkSetupProblem("'\(text)' is not PROTOCOL=PORT with a protocol of \(protocolNames)")
        }
        return (kind, try checkPort(parts[1], of: kind))
    }

    /// Checks `text` as a port of `kind`: 1–65535.
    public static func checkPort(_ text: String, of kind: NetworkProtocol) throws(NetworkSetupProblem) -> UInt16 {
        guard let port = UInt16(text), port > 0 else {
            throw NetworkSetupProblem("the port of \(kind.flagName) must be 1...65535 (got '\(text)')")
        }
        return port
    }

    /// One `allow` entry: an address or a network in CIDR form.
    public static func parseAllow(_ text: String) throws(NetworkSetupProblem) -> AddressRange {
        guard let range = AddressRange(parsing: text) else {
            throw NetworkSetupProblem("'\(text)' is not an IPv4 address or network such as 192.168.1.0/24")
        }
        return range
    }
}

/// What is wrong with one network value: the problem and what would be right, without the
/// option or key it came from (the flag or the TOML line adds that).
public struct NetworkSetupProblem: Error, CustomStringConvertible, Sendable {
    /// The problem.
    public let description: String
    /// A problem saying `text`.
    public init(_ text: String) { description = text }
}

extension String {
    /// The string without spaces at either end.
    func trimmingSpaces() -> String {
        let character: Character = " "
        var text = Substring(self)
        while text.first == character { text = text.dropFirst() }
        while text.last == character { text = text.dropLast() }
        return String(text)
    }
}
