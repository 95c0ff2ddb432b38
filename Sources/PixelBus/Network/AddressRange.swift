/// An IPv4 network in CIDR form ("192.168.1.0/24", or one address "10.0.0.7"): the `allow`
/// list of senders a receiver accepts.
public struct AddressRange: Sendable, Hashable, CustomStringConvertible {
    /// The network's first address (host order), its host bits zero.
    public let network: UInt32
    /// The prefix length, 0–32.
    public let prefixLength: Int

    /// The range `text` names ("a.b.c.d/n" or "a.b.c.d"), or nil when it names none.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let address = NetworkEndpoint.parseAddress(String(parts[0])) else { return nil }
        var length = 32
        if parts.count == 2 {
            guard (1...2).contains(parts[1].count), parts[1].allSatisfy({ $0.isASCII && $0.isNumber }),
                  let value = Int(parts[1]), value <= 32 else { return nil }
            length = value
        }
        prefixLength = length
        network = address & Self.mask(length)
    }

    /// Whether `address` (host order) lies in the range.
    public func contains(_ address: UInt32) -> Bool { address & Self.mask(prefixLength) == network }

    /// "a.b.c.d/n".
    public var description: String { NetworkEndpoint(address: network, port: 0).addressText + "/\(prefixLength)" }

    private static func mask(_ length: Int) -> UInt32 {
        length == 0 ? 0 : UInt32.max << UInt32(32 - length)
    }
}
