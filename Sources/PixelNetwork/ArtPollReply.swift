/// The ArtPollReply packets (239 bytes each) with which a node answers an ArtPoll, so that
/// controllers list it: one per port address the node shows, with BindIndex counting 1, 2, …,
/// as WLED and other one-port-per-reply nodes do.
public struct ArtPollReply: Sendable, Hashable {
    /// The node's IPv4 address, most significant byte first.
    public var address: [UInt8]
    /// The node's MAC address (6 bytes), or zeros when unknown.
    public var macAddress: [UInt8]
    /// The short name controllers list (at most 17 bytes are sent).
    public var shortName: String
    /// The long name (at most 63 bytes are sent).
    public var longName: String
    /// The 15-bit port addresses (universes) the node shows, in order.
    public var portAddresses: [UInt16]

    /// The length of one reply.
    public static let length = 239
    /// Art-Net's UDP port, which the reply states (little endian, 0x1936).
    public static let port: UInt16 = 6454
    /// The ESTA manufacturer code for prototypes (0x7FF0), until PixelWheel has its own.
    static let estaPrototype: UInt16 = 0x7FF0

    /// A reply for a node at `address` (4 bytes) showing `portAddresses`.
    public init(address: [UInt8], macAddress: [UInt8] = [0, 0, 0, 0, 0, 0], shortName: String = "PixelWheel",
                longName: String = "PixelWheel LED display", portAddresses: [UInt16]) {
        self.address = address
        self.macAddress = macAddress
        self.shortName = shortName
        self.longName = longName
        self.portAddresses = portAddresses
    }

    /// One packet per port address, BindIndex 1, 2, … (at most 255 of them).
    public var packets: [[UInt8]] {
        portAddresses.prefix(255).enumerated().map { index, portAddress in
            packet(portAddress: portAddress, bindIndex: UInt8(index + 1))
        }
    }

    /// The reply for one port address.
    func packet(portAddress: UInt16, bindIndex: UInt8) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: Self.length)
        put(ArtNetPacket.identifier, at: 0, into: &bytes)
        bytes[8] = 0x00  // OpPollReply 0x2100, low byte first
        bytes[9] = 0x21
        put(Array(address.prefix(4)), at: 10, into: &bytes)
        bytes[14] = UInt8(truncatingIfNeeded: Self.port)  // low byte first
        bytes[15] = UInt8(truncatingIfNeeded: Self.port >> 8)
        bytes[17] = 1  // firmware version
        bytes[18] = UInt8(truncatingIfNeeded: portAddress >> 8) & 0x7F  // NetSwitch
        bytes[19] = UInt8(truncatingIfNeeded: portAddress >> 4) & 0x0F  // SubSwitch
        bytes[20] = 0x00  // OEM unknown: 0x00FF
        bytes[21] = 0xFF
        bytes[23] = 0xD0  // Status1: indicators normal, port address set from the front panel
        bytes[24] = UInt8(truncatingIfNeeded: Self.estaPrototype)  // low byte first
        bytes[25] = UInt8(truncatingIfNeeded: Self.estaPrototype >> 8)
        put(Array(shortName.utf8.prefix(17)), at: 26, into: &bytes)
        put(Array(longName.utf8.prefix(63)), at: 44, into: &bytes)
        put(Array("#0001 [0000] PixelWheel ready".utf8), at: 108, into: &bytes)
        bytes[173] = 1  // one port
        bytes[174] = 0x80  // the port outputs DMX512
        bytes[182] = 0x80  // GoodOutput: data is being output
        bytes[190] = UInt8(truncatingIfNeeded: portAddress) & 0x0F  // SwOut
        put(Array(macAddress.prefix(6)), at: 201, into: &bytes)
        put(Array(address.prefix(4)), at: 207, into: &bytes)  // BindIp
        bytes[211] = bindIndex
        bytes[212] = 0x08  // Status2: 15-bit port addresses (Art-Net 3 and 4)
        return bytes
    }

    private func put(_ field: [UInt8], at offset: Int, into bytes: inout [UInt8]) {
        for (index, byte) in field.enumerated() { bytes[offset + index] = byte }
    }
}
