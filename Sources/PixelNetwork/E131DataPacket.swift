/// An E1.31 data packet with dimmer data (start code 0) for one universe.
public struct E131DataPacket: Sendable, Hashable {
    /// The sender's component identifier.
    public var source: E131SourceID
    /// The source name field (bytes 44–107), NUL padded.
    public var sourceNameBytes: ArraySlice<UInt8>
    /// The priority, 0–200 (default 100); higher wins when several sources send one universe.
    public var priority: UInt8
    /// The universe whose sync packet releases this data; 0 shows it at once.
    public var syncAddress: UInt16
    /// The sequence number, checked with `SequenceWindow.e131`.
    public var sequence: UInt8
    /// The options byte (preview, stream terminated, force synchronization).
    public var options: E131Options
    /// The universe, 1–63999.
    public var universe: UInt16
    /// The channel values from channel 1 (after the start code), at most 512.
    public var channels: ArraySlice<UInt8>

    /// The highest priority E1.31 allows.
    public static let maximumPriority: UInt8 = 200
    /// The universes E1.31 allows; 0 and 64000–65535 are reserved.
    public static let universes: ClosedRange<UInt16> = 1...63999
    /// The offset of the start code; channel 1 follows it.
    static let startCodeOffset = 125

    /// The source name as text, up to its first NUL.
    public var sourceName: String {
        String(decoding: sourceNameBytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// Reads the framing and DMP layers of a packet whose root layer is checked.
    init(_ packet: PacketBytes, source: E131SourceID) throws(PacketError) {
        try packet.require(Self.startCodeOffset + 1)
        self.source = source
        sourceNameBytes = try packet.slice(44, length: 64)
        priority = try packet.byte(108)
        guard priority <= Self.maximumPriority else {
            throw .fieldOutOfRange(.e131, field: "priority", value: Int(priority))
        }
        syncAddress = try packet.bigEndian16(109)
        sequence = try packet.byte(111)
        options = E131Options(rawValue: try packet.byte(112))
        universe = try packet.bigEndian16(113)
        guard Self.universes.contains(universe) else {
            throw .fieldOutOfRange(.e131, field: "universe", value: Int(universe))
        }
        let dmpVector = try packet.byte(117)
        guard dmpVector == 0x02 else { throw .unsupportedKind(.e131, kind: Int(dmpVector)) }
        let propertyCount = Int(try packet.bigEndian16(123))
        guard (1...513).contains(propertyCount) else {
            throw .fieldOutOfRange(.e131, field: "property value count", value: propertyCount)
        }
        let available = packet.count - Self.startCodeOffset
        guard propertyCount <= available else {
            throw .lengthMismatch(.e131, field: "property value count", declared: propertyCount, actual: available)
        }
        let startCode = try packet.byte(Self.startCodeOffset)
        guard startCode == 0 else { throw .fieldOutOfRange(.e131, field: "start code", value: Int(startCode)) }
        channels = try packet.slice(Self.startCodeOffset + 1, length: propertyCount - 1)
    }

    /// A packet to send or to test with.
    public init(source: E131SourceID, sourceName: String = "", priority: UInt8 = 100, syncAddress: UInt16 = 0,
                sequence: UInt8, options: E131Options = [], universe: UInt16, channels: ArraySlice<UInt8>) {
        self.source = source
        self.sourceNameBytes = Array(sourceName.utf8.prefix(63))[...]
        self.priority = priority
        self.syncAddress = syncAddress
        self.sequence = sequence
        self.options = options
        self.universe = universe
        self.channels = channels.prefix(512)
    }
}

/// The options byte of an E1.31 data packet (byte 112).
public struct E131Options: OptionSet, Sendable, Hashable {
    /// The bits as sent.
    public var rawValue: UInt8
    /// Options from their byte.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bit 7: preview data, for visualisers only; a display does not show it.
    public static let preview = E131Options(rawValue: 0x80)
    /// Bit 6: the source stops sending this universe; drop it at once.
    public static let streamTerminated = E131Options(rawValue: 0x40)
    /// Bit 5: keep acting on sync packets even when the sync source goes quiet.
    public static let forceSynchronization = E131Options(rawValue: 0x20)
}
