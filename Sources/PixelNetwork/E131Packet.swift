/// One E1.31 (sACN) packet that a receiver acts on: dimmer data for a universe, a sync, or a
/// universe discovery, which a receiver may ignore.
///
/// Layout (ANSI E1.31-2018, offsets from 0): the root layer (preamble 0x0010 at 0, the ACN
/// packet identifier "ASC-E1.17\0\0\0" at 4, the root vector at 18, the sender's CID at 22),
/// then the framing layer from 38 and, for data, the DMP layer from 115.
public enum E131Packet: Sendable, Hashable {
    /// Dimmer data (start code 0) for one universe.
    case data(E131DataPacket)
    /// A synchronization packet: show the data held for `syncAddress`.
    case sync(E131SyncPacket)
    /// A universe discovery packet (a sender's list of universes); nothing to show.
    case discovery(source: E131SourceID)

    /// The ACN packet identifier at bytes 4–15.
    static let packetIdentifier: [UInt8] = Array("ASC-E1.17".utf8) + [0, 0, 0]
    /// The root vector of a data packet.
    static let rootVectorData: UInt32 = 0x0000_0004
    /// The root vector of sync and discovery packets.
    static let rootVectorExtended: UInt32 = 0x0000_0008
    /// The framing vector of a data packet.
    static let framingVectorData: UInt32 = 0x0000_0002
    /// The extended framing vector of a sync packet.
    static let framingVectorSync: UInt32 = 0x0000_0001
    /// The extended framing vector of a universe discovery packet.
    static let framingVectorDiscovery: UInt32 = 0x0000_0002

    /// The multicast group a sender sends universe `universe` to: 239.255.hi.lo (host order).
    public static func multicastGroup(universe: UInt16) -> UInt32 {
        0xEFFF_0000 | UInt32(universe)
    }

    /// The universe whose group `group` is, or nil when it is no E1.31 group (239.255.0.0/16).
    public static func universe(ofGroup group: UInt32) -> UInt16? {
        group >> 16 == 0xEFFF ? UInt16(truncatingIfNeeded: group) : nil
    }

    /// The packet in `bytes`, or why it is none a receiver acts on.
    public static func parse(_ bytes: [UInt8]) throws(PacketError) -> E131Packet {
        let packet = PacketBytes(bytes, .e131)
        try packet.require(44)
        guard try packet.bigEndian16(0) == 0x0010, packet.matches(packetIdentifier, at: 4) else {
            throw .notThisProtocol(.e131)
        }
        let rootVector = try packet.bigEndian32(18)
        let framingVector = try packet.bigEndian32(40)
        let source = E131SourceID(try packet.slice(22, length: 16))
        switch (rootVector, framingVector) {
        case (rootVectorData, framingVectorData):
            return .data(try E131DataPacket(packet, source: source))
        case (rootVectorExtended, framingVectorSync):
            return .sync(try E131SyncPacket(packet, source: source))
        case (rootVectorExtended, framingVectorDiscovery):
            return .discovery(source: source)
        case (rootVectorData, _), (rootVectorExtended, _):
            throw .unsupportedKind(.e131, kind: Int(framingVector))
        default:
            throw .unsupportedKind(.e131, kind: Int(rootVector))
        }
    }
}

/// The 16-byte component identifier (CID) that names an E1.31 sender for its lifetime.
public struct E131SourceID: Sendable, Hashable, CustomStringConvertible {
    /// Bytes 0–7, big endian.
    public let high: UInt64
    /// Bytes 8–15, big endian.
    public let low: UInt64

    /// The identifier from its 16 bytes (fewer are padded with zeros, more are ignored).
    public init<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        var high: UInt64 = 0
        var low: UInt64 = 0
        for (index, byte) in bytes.prefix(16).enumerated() {
            if index < 8 {
                high |= UInt64(byte) << (56 - 8 * UInt64(index))
            } else {
                low |= UInt64(byte) << (56 - 8 * UInt64(index - 8))
            }
        }
        self.high = high
        self.low = low
    }

    /// The 16 bytes, as they go on the wire.
    public var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        bytes.appendBigEndian(UInt32(truncatingIfNeeded: high >> 32))
        bytes.appendBigEndian(UInt32(truncatingIfNeeded: high))
        bytes.appendBigEndian(UInt32(truncatingIfNeeded: low >> 32))
        bytes.appendBigEndian(UInt32(truncatingIfNeeded: low))
        return bytes
    }

    /// 32 hexadecimal digits.
    public var description: String {
        bytes.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}
