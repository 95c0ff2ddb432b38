/// One Art-Net 4 packet that a node acts on: DMX data, a poll to answer, or a sync.
///
/// Every packet starts with "Art-Net\0" and the opcode, little endian, at bytes 8–9; these three
/// then carry the protocol version, big endian, at 10–11 (14 for Art-Net 4; lower is refused).
public enum ArtNetPacket: Sendable, Hashable {
    /// ArtDmx (opcode 0x5000): channel data for one port address.
    case dmx(ArtDmxPacket)
    /// ArtPoll (opcode 0x2000): a controller looking for nodes; answer with ArtPollReply.
    case poll(ArtPollPacket)
    /// ArtSync (opcode 0x5200): show the data received since the last sync.
    case sync

    /// The identifier at bytes 0–7.
    static let identifier: [UInt8] = Array("Art-Net".utf8) + [0]
    /// The protocol version this node speaks, and the lowest it accepts.
    public static let protocolVersion: UInt16 = 14

    /// Art-Net's opcodes, as sent (little endian on the wire).
    public enum OpCode: UInt16, Sendable {
        /// ArtPoll.
        case poll = 0x2000
        /// ArtPollReply.
        case pollReply = 0x2100
        /// ArtDmx.
        case dmx = 0x5000
        /// ArtSync.
        case sync = 0x5200
    }

    /// The packet in `bytes`, or why it is none a node acts on.
    public static func parse(_ bytes: [UInt8]) throws(PacketError) -> ArtNetPacket {
        let packet = PacketBytes(bytes, .artNet)
        try packet.require(10)
        guard packet.matches(identifier, at: 0) else { throw .notThisProtocol(.artNet) }
        let code = try packet.littleEndian16(8)
        guard let opCode = OpCode(rawValue: code), opCode != .pollReply else {
            throw .unsupportedKind(.artNet, kind: Int(code))
        }
        let version = try packet.bigEndian16(10)
        guard version >= protocolVersion else { throw .unsupportedVersion(.artNet, version: Int(version)) }
        switch opCode {
        case .dmx: return .dmx(try ArtDmxPacket(packet))
        case .poll: return .poll(try ArtPollPacket(packet))
        case .sync, .pollReply:
            try packet.require(14)
            return .sync
        }
    }
}

/// An ArtDmx packet: up to 512 channels for one 15-bit port address.
public struct ArtDmxPacket: Sendable, Hashable {
    /// The sequence number, 1–255, or 0 when the sender does not number its packets.
    public var sequence: UInt8
    /// The physical input port the data came from, for information only.
    public var physical: UInt8
    /// The 15-bit port address: Net (7 bits) << 8 | Sub-Net (4 bits) << 4 | Universe (4 bits).
    public var portAddress: UInt16
    /// The channel values from channel 1 (Art-Net's channel 0), 1–512 of them.
    public var channels: ArraySlice<UInt8>

    /// The offset of the first channel.
    static let dataOffset = 18

    /// Reads an ArtDmx whose identifier, opcode and version are checked.
    init(_ packet: PacketBytes) throws(PacketError) {
        try packet.require(Self.dataOffset)
        sequence = try packet.byte(12)
        physical = try packet.byte(13)
        let subUniverse = try packet.byte(14)
        let net = try packet.byte(15)
        guard net <= 0x7F else { throw .fieldOutOfRange(.artNet, field: "Net", value: Int(net)) }
        portAddress = UInt16(net) << 8 | UInt16(subUniverse)
        let length = Int(try packet.bigEndian16(16))
        // The specification asks for an even length from 2; odd lengths are harmless and read.
        guard (1...512).contains(length) else { throw .fieldOutOfRange(.artNet, field: "data length", value: length) }
        let available = packet.count - Self.dataOffset
        guard length <= available else {
            throw .lengthMismatch(.artNet, field: "data length", declared: length, actual: available)
        }
        channels = try packet.slice(Self.dataOffset, length: length)
    }

    /// A packet to send or to test with.
    public init(sequence: UInt8, physical: UInt8 = 0, portAddress: UInt16, channels: ArraySlice<UInt8>) {
        self.sequence = sequence
        self.physical = physical
        self.portAddress = portAddress & 0x7FFF
        self.channels = channels.prefix(512)
    }
}

/// An ArtPoll: a controller asks every node to answer with ArtPollReply.
public struct ArtPollPacket: Sendable, Hashable {
    /// The flags byte (bit 1: send ArtPollReply when the node changes; others about diagnostics).
    public var flags: UInt8
    /// The lowest priority of diagnostics the controller wants.
    public var diagnosticPriority: UInt8

    /// A poll to send or to test with.
    public init(flags: UInt8, diagnosticPriority: UInt8) {
        self.flags = flags
        self.diagnosticPriority = diagnosticPriority
    }

    /// Reads an ArtPoll whose identifier, opcode and version are checked.
    init(_ packet: PacketBytes) throws(PacketError) {
        flags = try packet.byte(12)
        diagnosticPriority = try packet.byte(13)
    }
}
