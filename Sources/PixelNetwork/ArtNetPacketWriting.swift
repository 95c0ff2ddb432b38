/// Art-Net packets as a controller writes them.
extension ArtDmxPacket {
    /// The ArtDmx on the wire. An odd channel count is padded with a zero, as the
    /// specification asks for an even length.
    public var bytes: [UInt8] {
        var data = Array(channels)
        if data.count % 2 == 1 { data.append(0) }
        var bytes = ArtNetPacket.header(.dmx)
        bytes += [sequence, physical, UInt8(truncatingIfNeeded: portAddress), UInt8(truncatingIfNeeded: portAddress >> 8) & 0x7F]
        bytes.appendBigEndian(UInt16(data.count))
        return bytes + data
    }
}

extension ArtNetPacket {
    /// An ArtSync on the wire (14 bytes).
    public static var syncBytes: [UInt8] { header(.sync) + [0, 0] }

    /// "Art-Net\0", the opcode low byte first, and protocol version 14.
    static func header(_ opCode: OpCode) -> [UInt8] {
        var bytes = identifier
        bytes.append(UInt8(truncatingIfNeeded: opCode.rawValue))
        bytes.append(UInt8(truncatingIfNeeded: opCode.rawValue >> 8))
        bytes.appendBigEndian(protocolVersion)
        return bytes
    }
}
