/// One DDP (Distributed Display Protocol) packet.
///
/// | byte | field |
/// |---|---|
/// | 0 | flags: version in bits 7–6 (01 = version 1), 0x10 timecode, 0x08 storage, 0x04 reply, 0x02 query, 0x01 push |
/// | 1 | sequence in the low 4 bits (1–15; 0 = not numbered) |
/// | 2 | data type: 0x0B RGB 8-bit, 0x1B RGBW 8-bit (bits 5–3 the type, 2–0 the size); 0x00 and 0x01 read as RGB |
/// | 3 | destination id: 1 the display, 246 JSON control, 250 configuration, 251 status, 255 all |
/// | 4–7 | data offset in bytes, big endian |
/// | 8–9 | data length in bytes, big endian |
/// | 10–13 | timecode, only when the timecode flag is set; data follows it |
public struct DDPPacket: Sendable, Hashable {
    /// The flags, without the version bits.
    public var flags: DDPFlags
    /// The sequence number, 0–15.
    public var sequence: UInt8
    /// What the data holds.
    public var dataType: DDPDataType
    /// The destination id (`DDPPacket.displayID` for pixels).
    public var destination: UInt8
    /// Where the data goes, in bytes from the start of the display's buffer.
    public var offset: UInt32
    /// The timecode, when the flags say there is one.
    public var timecode: UInt32?
    /// The data.
    public var data: ArraySlice<UInt8>

    /// The id of the default display.
    public static let displayID: UInt8 = 1
    /// The id a status query asks about (the reply is JSON).
    public static let statusID: UInt8 = 251
    /// The id every device answers to.
    public static let allID: UInt8 = 255
    /// The only version there is.
    public static let version: UInt8 = 1
    /// The header's length without a timecode.
    public static let headerLength = 10

    /// The packet in `bytes`, or why it is none.
    public static func parse(_ bytes: [UInt8]) throws(PacketError) -> DDPPacket {
        let packet = PacketBytes(bytes, .ddp)
        try packet.require(headerLength)
        let first = try packet.byte(0)
        let version = first >> 6
        guard version == Self.version else { throw .unsupportedVersion(.ddp, version: Int(version)) }
        let flags = DDPFlags(rawValue: first & 0x3F)
        let dataOffset = flags.contains(.timecode) ? headerLength + 4 : headerLength
        try packet.require(dataOffset)
        let length = Int(try packet.bigEndian16(8))
        let available = packet.count - dataOffset
        guard length <= available else {
            throw .lengthMismatch(.ddp, field: "data length", declared: length, actual: available)
        }
        var timecode: UInt32?
        if flags.contains(.timecode) { timecode = try packet.bigEndian32(10) }
        return DDPPacket(
            flags: flags,
            sequence: try packet.byte(1) & 0x0F,
            dataType: DDPDataType(byte: try packet.byte(2)),
            destination: try packet.byte(3),
            offset: try packet.bigEndian32(4),
            timecode: timecode,
            data: try packet.slice(dataOffset, length: length))
    }

    /// A packet to send or to test with; the timecode flag follows `timecode`.
    public init(flags: DDPFlags, sequence: UInt8, dataType: DDPDataType, destination: UInt8 = DDPPacket.displayID,
                offset: UInt32, timecode: UInt32? = nil, data: ArraySlice<UInt8>) {
        var flags = flags
        if timecode == nil { flags.remove(.timecode) } else { flags.insert(.timecode) }
        self.flags = flags
        self.sequence = sequence & 0x0F
        self.dataType = dataType
        self.destination = destination
        self.offset = offset
        self.timecode = timecode
        self.data = data.prefix(Int(UInt16.max))
    }

    /// The packet as it goes on the wire.
    public var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.headerLength + 4 + data.count)
        bytes.append(Self.version << 6 | flags.rawValue)
        bytes.append(sequence & 0x0F)
        bytes.append(dataType.byte)
        bytes.append(destination)
        bytes.appendBigEndian(offset)
        bytes.appendBigEndian(UInt16(truncatingIfNeeded: data.count))
        if let timecode { bytes.appendBigEndian(timecode) }
        bytes.append(contentsOf: data)
        return bytes
    }
}

/// The flags of a DDP header's first byte, without the version bits.
public struct DDPFlags: OptionSet, Sendable, Hashable {
    /// The bits as sent (bits 5–0).
    public var rawValue: UInt8
    /// Flags from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue & 0x3F }

    /// 0x10: four bytes of timecode follow the header.
    public static let timecode = DDPFlags(rawValue: 0x10)
    /// 0x08: the data is for storage, not display.
    public static let storage = DDPFlags(rawValue: 0x08)
    /// 0x04: this is a reply to a query.
    public static let reply = DDPFlags(rawValue: 0x04)
    /// 0x02: the sender asks for the data at `destination` (status or configuration).
    public static let query = DDPFlags(rawValue: 0x02)
    /// 0x01: show the data received so far (the end of a frame).
    public static let push = DDPFlags(rawValue: 0x01)
}

/// What a DDP packet's data holds (byte 2: bit 7 customer-defined, bits 5–3 the type,
/// bits 2–0 the bits per element).
public enum DDPDataType: Sendable, Hashable {
    /// 0x0B: RGB, 8 bits each.
    case rgb8
    /// 0x1B: RGBW, 8 bits each.
    case rgbw8
    /// 0x00: undefined; receivers such as WLED read it as RGB, and so does this one.
    case undefined
    /// 0x01: what some older senders put for RGB. (By the specification's bit fields it would
    /// be an undefined type of 1-bit elements; WLED reads every type but RGBW as RGB.)
    case legacyRGB
    /// Any other type byte (HSL, greyscale, 16-bit, customer-defined, …).
    case other(UInt8)

    /// The type from its byte.
    public init(byte: UInt8) {
        switch byte {
        case 0x0B: self = .rgb8
        case 0x1B: self = .rgbw8
        case 0x00: self = .undefined
        case 0x01: self = .legacyRGB
        default: self = .other(byte)
        }
    }

    /// The byte as sent.
    public var byte: UInt8 {
        switch self {
        case .rgb8: return 0x0B
        case .rgbw8: return 0x1B
        case .undefined: return 0x00
        case .legacyRGB: return 0x01
        case let .other(byte): return byte
        }
    }

    /// The pixel format the data is in, or nil when it is not 8-bit RGB or RGBW pixels.
    public var pixelFormat: PixelFormat? {
        switch self {
        case .rgb8, .undefined, .legacyRGB: return .rgb
        case .rgbw8: return .rgbw
        case .other: return nil
        }
    }
}
