/// An E1.31 synchronization packet (49 bytes): show the data held for `syncAddress`.
public struct E131SyncPacket: Sendable, Hashable {
    /// The sender's component identifier.
    public var source: E131SourceID
    /// The sync packet's own sequence number (byte 44).
    public var sequence: UInt8
    /// The synchronization universe (bytes 45–46) whose held data is shown now.
    public var syncAddress: UInt16

    /// The length of a sync packet.
    public static let length = 49

    /// Reads the framing layer of a packet whose root layer is checked.
    init(_ packet: PacketBytes, source: E131SourceID) throws(PacketError) {
        try packet.require(Self.length)
        self.source = source
        sequence = try packet.byte(44)
        syncAddress = try packet.bigEndian16(45)
        guard E131DataPacket.universes.contains(syncAddress) else {
            throw .fieldOutOfRange(.e131, field: "sync address", value: Int(syncAddress))
        }
    }

    /// A packet to send or to test with.
    public init(source: E131SourceID, sequence: UInt8, syncAddress: UInt16) {
        self.source = source
        self.sequence = sequence
        self.syncAddress = syncAddress
    }
}
