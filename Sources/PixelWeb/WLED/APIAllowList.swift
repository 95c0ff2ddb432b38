/// The IPv4 sources allowed to use the API without a password (`--api-allow CIDR`), beside
/// loopback, which always is. IPv6 blocks are not read yet; an IPv6 peer is allowed only as
/// `::1` or as an IPv4-mapped address (`::ffff:a.b.c.d`) inside a block.
public struct APIAllowList: Sendable, Equatable {
    /// One IPv4 block: an address and a prefix length.
    public struct Block: Sendable, Equatable, CustomStringConvertible {
        /// The network, host bits cleared.
        public let network: UInt32
        /// Leading bits that must match, 0...32.
        public let prefix: Int

        /// Reads `a.b.c.d/n` (or `a.b.c.d`, /32).
        public init(parsing text: String) throws(APIAllowError) {
            let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            guard let address = APIAllowList.ipv4(String(parts[0])) else { throw .notIPv4Block(text) }
            var prefix = 32
            if parts.count == 2 {
                guard let n = Int(parts[1]), (0...32).contains(n), parts[1].utf8.count <= 2 else { throw .notIPv4Block(text) }
                prefix = n
            }
            self.prefix = prefix
            network = address & Self.mask(prefix)
        }

        static func mask(_ prefix: Int) -> UInt32 { prefix == 0 ? 0 : UInt32.max << UInt32(32 - prefix) }

        /// Whether `address` is inside the block.
        public func contains(_ address: UInt32) -> Bool { address & Self.mask(prefix) == network }

        public var description: String {
            "\(network >> 24).\(network >> 16 & 255).\(network >> 8 & 255).\(network & 255)/\(prefix)"
        }
    }

    /// The blocks beside loopback.
    public var blocks: [Block]

    /// Loopback and `blocks`.
    public init(_ blocks: [Block] = []) { self.blocks = blocks }

    /// Whether a peer at `address` (as the socket reports it) may use the API: loopback
    /// (127.0.0.0/8, `::1`) always, other IPv4 addresses when a block holds them.
    public func allows(_ address: String) -> Bool {
        var text = address
        if text == "::1" { return true }
        let mapped = "::ffff:"
        if text.lowercased().hasPrefix(mapped) { text = String(text.dropFirst(mapped.count)) }
        guard let ipv4 = Self.ipv4(text) else { return false }
        if ipv4 >> 24 == 127 { return true }
        return blocks.contains { $0.contains(ipv4) }
    }

    /// Dotted-quad IPv4 `a.b.c.d` as a number; nil for anything else.
    static func ipv4(_ text: String) -> UInt32? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var value: UInt32 = 0
        for part in parts {
            guard (1...3).contains(part.utf8.count), part.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let n = UInt32(part), n <= 255 else {
                return nil
            }
            value = value << 8 | n
        }
        return value
    }
}

/// An `--api-allow` value that cannot be used.
public enum APIAllowError: Error, Equatable, Sendable, CustomStringConvertible {
    case notIPv4Block(String)

    public var description: String {
        switch self {
        case let .notIPv4Block(text):
            return "--api-allow '\(text)' is not an IPv4 address or block; write ADDR or ADDR/BITS, e.g. 192.168.1.20/32 (the Home Assistant host)"
        }
    }
}
