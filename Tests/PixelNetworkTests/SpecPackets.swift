/// Packets written out field by field from the specifications' tables, independently of the
/// module's own builders, so a parser test checks the parser against the specification.
enum SpecPackets {
    static func bigEndian16(_ value: Int) -> [UInt8] { [UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)] }
    static func bigEndian32(_ value: Int) -> [UInt8] { bigEndian16(value >> 16) + bigEndian16(value & 0xFFFF) }
    /// A PDU's flags and length: 0x7 in the top nibble, the length from that offset to the end.
    static func flagsAndLength(_ length: Int) -> [UInt8] { bigEndian16(0x7000 | length) }

    static let cid: [UInt8] = Array(0x10...0x1F)

    /// The E1.31 root layer (38 bytes) for a packet of `total` bytes.
    static func e131Root(vector: Int, total: Int) -> [UInt8] {
        var bytes: [UInt8] = [0x00, 0x10, 0x00, 0x00]
        bytes += Array("ASC-E1.17".utf8) + [0, 0, 0]
        bytes += flagsAndLength(total - 16)
        bytes += bigEndian32(vector)
        bytes += cid
        return bytes
    }

    /// An E1.31 data packet (ANSI E1.31-2018, table 4-1), 126 + channels.count bytes.
    static func e131Data(universe: Int, channels: [UInt8], priority: UInt8 = 100, sequence: UInt8 = 1,
                         options: UInt8 = 0, syncAddress: Int = 0, startCode: UInt8 = 0) -> [UInt8] {
        let total = 126 + channels.count
        var bytes = e131Root(vector: 4, total: total)
        bytes += flagsAndLength(total - 38)
        bytes += bigEndian32(2)
        var name = Array("spec test".utf8)
        name += [UInt8](repeating: 0, count: 64 - name.count)
        bytes += name
        bytes.append(priority)
        bytes += bigEndian16(syncAddress)
        bytes.append(sequence)
        bytes.append(options)
        bytes += bigEndian16(universe)
        bytes += flagsAndLength(total - 115)
        bytes += [0x02, 0xA1, 0x00, 0x00, 0x00, 0x01]
        bytes += bigEndian16(channels.count + 1)
        bytes.append(startCode)
        bytes += channels
        return bytes
    }

    /// An E1.31 synchronization packet (49 bytes, table 4-2).
    static func e131Sync(syncAddress: Int, sequence: UInt8 = 7) -> [UInt8] {
        var bytes = e131Root(vector: 8, total: 49)
        bytes += flagsAndLength(49 - 38)
        bytes += bigEndian32(1)
        bytes.append(sequence)
        bytes += bigEndian16(syncAddress)
        bytes += [0, 0]
        return bytes
    }

    /// An Art-Net header: "Art-Net\0", the opcode low byte first, protocol version 14.
    static func artNetHeader(opCode: Int, version: Int = 14) -> [UInt8] {
        Array("Art-Net".utf8) + [0, UInt8(opCode & 0xFF), UInt8(opCode >> 8)] + bigEndian16(version)
    }

    /// An ArtDmx (Art-Net 4, OpDmx).
    static func artDmx(net: UInt8, subUniverse: UInt8, sequence: UInt8 = 0, channels: [UInt8]) -> [UInt8] {
        artNetHeader(opCode: 0x5000) + [sequence, 0, subUniverse, net] + bigEndian16(channels.count) + channels
    }

    /// A DDP packet (10-byte header, or 14 with a timecode).
    static func ddp(flags: UInt8, sequence: UInt8 = 1, type: UInt8 = 0x0B, id: UInt8 = 1, offset: Int,
                    timecode: Int? = nil, data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [flags | (timecode == nil ? 0 : 0x10), sequence, type, id]
        bytes += bigEndian32(offset) + bigEndian16(data.count)
        if let timecode { bytes += bigEndian32(timecode) }
        return bytes + data
    }

    /// `count` pixels whose bytes count up from `first`.
    static func ramp(_ count: Int, from first: Int = 1) -> [UInt8] { (0..<count).map { UInt8((first + $0) & 0xFF) } }
}
