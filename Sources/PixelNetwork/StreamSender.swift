/// The protocol a sending panel speaks, with what only it needs.
public enum SenderProtocol: Sendable, Hashable {
    /// DDP: the frame in 1440-byte chunks, push on the last.
    case ddp
    /// E1.31: one data packet per universe; with `sync` (a universe, not 0) each names it as
    /// its sync address and a sync packet for it follows the frame.
    case e131(sync: UInt16)
    /// Art-Net 4: one ArtDmx per port address, then an ArtSync.
    case artNet

    /// The standard UDP port a receiver listens on.
    public var standardPort: UInt16 {
        switch self {
        case .ddp: return NetworkProtocol.ddp.standardPort
        case .e131: return NetworkProtocol.e131.standardPort
        case .artNet: return NetworkProtocol.artNet.standardPort
        }
    }
}

/// Turns RGB8 frames (row-major from the top-left) into the datagrams of one protocol, in
/// the order they go on the wire, counting each protocol's sequence numbers on. Pure: the
/// caller sends them.
public struct StreamSender: Sendable {
    /// What it speaks.
    public let kind: SenderProtocol
    /// The frame's size and, for E1.31 and Art-Net, its first universe.
    public let layout: StreamLayout
    /// E1.31's source id and name.
    public let source: E131SourceID
    private var ddpSequence: UInt8 = 1
    private var sequence: UInt8 = 0

    /// A sender of `kind` for frames of `layout`; `source` identifies it to E1.31 receivers.
    public init(kind: SenderProtocol, layout: StreamLayout, source: E131SourceID) {
        self.kind = kind; self.layout = layout; self.source = source
    }

    /// The datagrams of one frame of `layout.pixelCount * 3` bytes (shorter is sent black).
    public mutating func datagrams(frame: [UInt8]) -> [[UInt8]] {
        var rgb = frame
        let wanted: Int = layout.pixelCount * 3
        if rgb.count < wanted { rgb += [UInt8](repeating: 0, count: wanted - rgb.count) }
        if rgb.count > wanted { rgb.removeLast(rgb.count - wanted) }
        switch kind {
        case .ddp:
            return StreamSending.ddpPackets(frame: rgb, sequence: &ddpSequence).map(\.bytes)
        case let .e131(sync):
            sequence = sequence &+ 1
            var packets: [[UInt8]] = StreamSending.universes(frame: rgb, layout: layout).map { universe in
                E131DataPacket(source: source, sourceName: "PixelWheel", syncAddress: sync, sequence: sequence,
                               universe: universe.universe, channels: universe.channels[...]).bytes
            }
            if sync != 0 { packets.append(E131SyncPacket(source: source, sequence: sequence, syncAddress: sync).bytes) }
            return packets
        case .artNet:
            // Sequence 1...255: 0 would turn the receiver's ordering check off.
            sequence = sequence % 255 + 1
            var packets: [[UInt8]] = StreamSending.universes(frame: rgb, layout: layout).map { universe in
                ArtDmxPacket(sequence: sequence, portAddress: universe.universe, channels: universe.channels[...]).bytes
            }
            packets.append(ArtNetPacket.syncBytes)
            return packets
        }
    }
}
