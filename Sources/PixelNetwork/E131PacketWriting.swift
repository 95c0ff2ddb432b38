/// E1.31 packets as a sender writes them (ANSI E1.31-2018, tables 4-1 and 4-2).
extension E131DataPacket {
    /// The data packet on the wire: 126 bytes of layers, then the start code 0 and the channels.
    public var bytes: [UInt8] {
        let total: Int = Self.startCodeOffset + 1 + channels.count
        var bytes = E131RootLayer.bytes(vector: E131Packet.rootVectorData, source: source, total: total)
        bytes.appendBigEndian(E131RootLayer.flagsAndLength(total - 38))
        bytes.appendBigEndian(E131Packet.framingVectorData)
        var name = Array(sourceNameBytes.prefix(63))
        name += [UInt8](repeating: 0, count: 64 - name.count)
        bytes += name
        bytes.append(priority)
        bytes.appendBigEndian(syncAddress)
        bytes.append(sequence)
        bytes.append(options.rawValue)
        bytes.appendBigEndian(universe)
        bytes.appendBigEndian(E131RootLayer.flagsAndLength(total - 115))
        bytes += [0x02, 0xA1, 0x00, 0x00, 0x00, 0x01]  // DMP set property; address and data types; first address 0; increment 1
        bytes.appendBigEndian(UInt16(channels.count + 1))
        bytes.append(0)  // start code: dimmer data
        bytes += channels
        return bytes
    }
}

extension E131SyncPacket {
    /// The synchronization packet on the wire (49 bytes).
    public var bytes: [UInt8] {
        var bytes = E131RootLayer.bytes(vector: E131Packet.rootVectorExtended, source: source, total: Self.length)
        bytes.appendBigEndian(E131RootLayer.flagsAndLength(Self.length - 38))
        bytes.appendBigEndian(E131Packet.framingVectorSync)
        bytes.append(sequence)
        bytes.appendBigEndian(syncAddress)
        bytes += [0, 0]  // reserved
        return bytes
    }
}

/// The root layer every E1.31 packet starts with.
enum E131RootLayer {
    /// Bytes 0–37 of a packet of `total` bytes.
    static func bytes(vector: UInt32, source: E131SourceID, total: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(total)
        bytes.appendBigEndian(UInt16(0x0010))  // preamble size
        bytes.appendBigEndian(UInt16(0x0000))  // post-amble size
        bytes += E131Packet.packetIdentifier
        bytes.appendBigEndian(flagsAndLength(total - 16))
        bytes.appendBigEndian(vector)
        bytes += source.bytes
        return bytes
    }

    /// A PDU's flags (0x7) and its length from that point to the end.
    static func flagsAndLength(_ length: Int) -> UInt16 { 0x7000 | UInt16(length & 0x0FFF) }
}
