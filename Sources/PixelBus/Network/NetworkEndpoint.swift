/// An IPv4 address and UDP or TCP port: where a datagram came from, or where a reply goes.
public struct NetworkEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// The address, most significant byte first in the high bits (127.0.0.1 is 0x7F00_0001).
    public var address: UInt32
    /// The port.
    public var port: UInt16

    /// An endpoint at `address` (host order, 127.0.0.1 is 0x7F00_0001) and `port`.
    public init(address: UInt32, port: UInt16) {
        self.address = address
        self.port = port
    }

    /// The endpoint of dotted-quad `text` ("192.168.1.20") and `port`; nil when `text` is no IPv4 address.
    public init?(dotted text: String, port: UInt16) {
        guard let address = Self.parseAddress(text) else { return nil }
        self.init(address: address, port: port)
    }

    /// The address as four bytes, most significant first.
    public var addressBytes: [UInt8] {
        [UInt8(truncatingIfNeeded: address >> 24), UInt8(truncatingIfNeeded: address >> 16),
         UInt8(truncatingIfNeeded: address >> 8), UInt8(truncatingIfNeeded: address)]
    }

    /// The address alone, dotted ("127.0.0.1").
    public var addressText: String { addressBytes.map { String($0) }.joined(separator: ".") }

    /// "address:port".
    public var description: String { "\(addressText):\(port)" }

    /// Whether the address is in 127.0.0.0/8.
    public var isLoopback: Bool { address >> 24 == 127 }

    /// The host-order address of dotted-quad `text`, or nil: four decimal parts 0–255, no more.
    public static func parseAddress(_ text: String) -> UInt32? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var address: UInt32 = 0
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let value = UInt32(part), value <= 255 else { return nil }
            address = address << 8 | value
        }
        return address
    }
}

/// One UDP datagram as received: its bytes and who sent it.
public struct Datagram: Sendable, Hashable {
    /// The datagram's bytes (at most the receiver's bound; longer ones are cut and counted).
    public var bytes: [UInt8]
    /// The sender.
    public var sender: NetworkEndpoint
    /// This machine's address it arrived at (host order): the address it was sent to, or for a
    /// broadcast the address of the interface it came in on; 0 when the channel does not say.
    public var localAddress: UInt32

    /// A datagram of `bytes` from `sender`, arrived at `localAddress` (0: not known).
    public init(bytes: [UInt8], sender: NetworkEndpoint, localAddress: UInt32 = 0) {
        self.bytes = bytes
        self.sender = sender
        self.localAddress = localAddress
    }
}
