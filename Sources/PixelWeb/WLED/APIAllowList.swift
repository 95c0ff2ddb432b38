import PixelBus
import PixelNetwork

/// The IPv4 sources allowed to use the API without a password (`--api-allow CIDR`, the same
/// ranges as `--network-allow`), beside loopback, which always is. An IPv6 peer is allowed only
/// as `::1` or as an IPv4-mapped address (`::ffff:a.b.c.d`) inside a range.
public struct APIAllowList: Sendable, Equatable {
    /// The ranges beside loopback.
    public var ranges: [AddressRange]

    /// Loopback and `ranges`.
    public init(_ ranges: [AddressRange] = []) { self.ranges = ranges }

    /// Loopback and the ranges `texts` name (`a.b.c.d/n` or `a.b.c.d`).
    public init(parsing texts: [String]) throws(APIAllowError) {
        var ranges: [AddressRange] = []
        for text in texts {
            guard let range = AddressRange(parsing: text) else { throw .notIPv4Range(text) }
            ranges.append(range)
        }
        self.ranges = ranges
    }

    /// Whether a peer at `address` (as the socket reports it) may use the API: loopback
    /// (127.0.0.0/8, `::1`) always, other IPv4 addresses when a range holds them.
    public func allows(_ address: String) -> Bool {
        if address == "::1" { return true }
        guard let single = Self.ipv4(address) else { return false }
        return single >> 24 == 127 || ranges.contains { $0.contains(single) }
    }

    /// Whether one of the ranges holds `address`; loopback is not implied.
    public func allowsExplicitly(_ address: String) -> Bool {
        guard let single = Self.ipv4(address) else { return false }
        return ranges.contains { $0.contains(single) }
    }

    /// The IPv4 address of a peer as the socket reports it (`a.b.c.d` or `::ffff:a.b.c.d`).
    static func ipv4(_ address: String) -> UInt32? {
        var text = address
        let mapped = "::ffff:"
        if text.lowercased().hasPrefix(mapped) { text = String(text.dropFirst(mapped.count)) }
        guard !text.contains("/"), let single = AddressRange(parsing: text) else { return nil }
        return single.network
    }
}

/// An API allow-list entry that cannot be used.
public enum APIAllowError: Error, Equatable, Sendable, CustomStringConvertible {
    case notIPv4Range(String)

    public var description: String {
        switch self {
        case let .notIPv4Range(text):
            return "'\(text)' is not an IPv4 address or network for the API's allow list; write ADDR or ADDR/BITS, e.g. 192.168.1.20/32 (the Home Assistant host)"
        }
    }
}
