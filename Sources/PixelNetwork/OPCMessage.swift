/// One Open Pixel Control message: channel (1 byte), command (1), data length (2, big
/// endian), data.
///
/// Command 0 sets 8-bit RGB pixels from pixel 0; channel 0 addresses every channel. Command 255
/// is system-exclusive and other commands are not pixels: a receiver ignores them.
public struct OPCMessage: Sendable, Hashable {
    /// The channel, 0 for all.
    public var channel: UInt8
    /// The command.
    public var command: UInt8
    /// The data.
    public var data: ArraySlice<UInt8>

    /// The command that sets 8-bit RGB pixels.
    public static let setPixels: UInt8 = 0
    /// The system-exclusive command.
    public static let systemExclusive: UInt8 = 255
    /// The header's length.
    public static let headerLength = 4

    /// True when the message sets pixels.
    public var setsPixels: Bool { command == Self.setPixels }

    /// The message in one UDP datagram (as LedFx sends them), or why it is none. Bytes after
    /// the declared length are ignored.
    public static func parse(datagram bytes: [UInt8]) throws(PacketError) -> OPCMessage {
        let packet = PacketBytes(bytes, .opc)
        try packet.require(headerLength)
        let length = Int(try packet.bigEndian16(2))
        let available = packet.count - headerLength
        guard length <= available else {
            throw .lengthMismatch(.opc, field: "data length", declared: length, actual: available)
        }
        return OPCMessage(channel: try packet.byte(0), command: try packet.byte(1),
                          data: try packet.slice(headerLength, length: length))
    }

    /// A message to send or to test with.
    public init(channel: UInt8, command: UInt8, data: ArraySlice<UInt8>) {
        self.channel = channel
        self.command = command
        self.data = data.prefix(Int(UInt16.max))
    }

    /// The message as it goes on the wire.
    public var bytes: [UInt8] {
        var bytes: [UInt8] = [channel, command]
        bytes.appendBigEndian(UInt16(truncatingIfNeeded: data.count))
        bytes.append(contentsOf: data)
        return bytes
    }
}
