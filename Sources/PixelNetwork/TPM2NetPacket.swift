/// One TPM2.net packet (UDP port 65506).
///
/// | byte | field |
/// |---|---|
/// | 0 | 0x9C, the packet start |
/// | 1 | type: 0xDA data, 0xAA poll (answer with `TPM2NetPacket.pollAnswer`), 0xC0 command |
/// | 2–3 | the size of this packet's data in bytes, big endian |
/// | 4 | packet number, 1-based (as WLED reads it) |
/// | 5 | number of packets in the frame |
/// | 6… | RGB data, then the end byte 0x36 |
///
/// A frame is shown when the packet numbered like the count arrives. Every packet of a frame
/// but the last carries the same size, so a packet's first LED is (number − 1) × size / 3.
public enum TPM2NetPacket: Sendable, Hashable {
    /// Pixel data for part of a frame.
    case data(TPM2NetData)
    /// A poll: answer with `pollAnswer`.
    case poll

    /// The packet start byte.
    public static let startByte: UInt8 = 0x9C
    /// The packet end byte.
    public static let endByte: UInt8 = 0x36
    /// The type of a data packet.
    static let dataType: UInt8 = 0xDA
    /// The type of a poll.
    static let pollType: UInt8 = 0xAA
    /// The answer to a poll, one byte (WLED sends it to port 65442).
    public static let pollAnswer: [UInt8] = [0xAC]
    /// The header's length.
    static let headerLength = 6

    /// The packet in `bytes`, or why it is none.
    public static func parse(_ bytes: [UInt8]) throws(PacketError) -> TPM2NetPacket {
        let packet = PacketBytes(bytes, .tpm2Net)
        guard try packet.byte(0) == startByte else { throw .notThisProtocol(.tpm2Net) }
        let type = try packet.byte(1)
        if type == pollType { return .poll }
        guard type == dataType else { throw .unsupportedKind(.tpm2Net, kind: Int(type)) }
        try packet.require(headerLength)
        let size = Int(try packet.bigEndian16(2))
        let number = try packet.byte(4)
        let count = try packet.byte(5)
        guard count >= 1 else { throw .fieldOutOfRange(.tpm2Net, field: "packet count", value: Int(count)) }
        guard number >= 1 && number <= count else {
            throw .fieldOutOfRange(.tpm2Net, field: "packet number", value: Int(number))
        }
        let end = try packet.byte(headerLength + size)
        guard end == endByte else { throw .fieldOutOfRange(.tpm2Net, field: "end byte", value: Int(end)) }
        let data = try packet.slice(headerLength, length: size)
        return .data(TPM2NetData(packetNumber: number, packetCount: count, data: data))
    }
}

/// The pixels of one TPM2.net data packet.
public struct TPM2NetData: Sendable, Hashable {
    /// This packet's number, 1…`packetCount`.
    public var packetNumber: UInt8
    /// The packets in the frame.
    public var packetCount: UInt8
    /// RGB bytes.
    public var data: ArraySlice<UInt8>

    /// True for the frame's last packet, after which the frame is shown.
    public var endsFrame: Bool { packetNumber == packetCount }

    /// A packet to send or to test with.
    public init(packetNumber: UInt8, packetCount: UInt8, data: ArraySlice<UInt8>) {
        self.packetNumber = packetNumber
        self.packetCount = packetCount
        self.data = data
    }
}
