import PixelBus
import PixelCore

/// Receives every enabled stream protocol for one display, without blocking and without
/// sockets of its own: it reads the channels it is given (real ones from PixelSystem, or
/// simulated ones in tests), checks each sender against `allow`, parses, arbitrates, assembles
/// whole frames and answers discovery (ArtPoll, DDP status queries, TPM2.net polls). Time is
/// the caller's (`poll(at:)`): Flaschen-Taschen's layer timeout runs on it.
///
/// Each protocol has its own `StreamFrameAssembler`, so two streams never mix within a frame;
/// `poll(at:)` returns the newest frame completed by any of them. Every queue is bounded: at
/// most `datagramsPerPoll` datagrams a channel and `chunksPerPoll` TCP chunks are read per poll
/// (the rest wait in the kernel's buffer), and E1.31 arbiters exist only for the layout's
/// universes.
public final class StreamReceiver {
    /// Where the pixels go.
    public let layout: StreamLayout
    /// Senders allowed; empty allows every sender.
    public let allow: [AddressRange]
    /// The most datagrams read from each channel per poll.
    public let datagramsPerPoll: Int
    /// The most TCP chunks read per poll.
    public let chunksPerPoll: Int
    /// The address ArtPollReply states (the listen address; 0 when listening on every one, when
    /// the address each poll came to is stated).
    public let replyAddress: UInt32
    /// What was counted so far.
    public internal(set) var counters = ReceiverCounters()

    let channels: [(NetworkProtocol, any DatagramChannel)]
    let opcServer: (any StreamServer)?
    var assemblers: [NetworkProtocol: StreamFrameAssembler] = [:]
    var arbiters: [UInt16: E131SourceArbiter] = [:]
    var artNetSequences: [UInt16: SequenceWindow] = [:]
    var artNetSync = ArtNetSyncMode()
    var e131Sync = E131SyncMode()
    /// The sync universes outside the panel whose groups were asked for, oldest first (at most
    /// `maximumSyncGroups`: a new one past that leaves the oldest).
    var syncGroupsAsked: [UInt16] = []
    /// The most sync universes joined beside the panel's own.
    static let maximumSyncGroups = 4
    var ddpSequence = SequenceWindow.ddp
    var tpm2Frames = TPM2FrameCheck()
    var flaschenTaschenLayers: FlaschenTaschenLayers
    var opcDecoders: [Int: OPCStreamDecoder] = [:]
    /// The most OPC connections decoded at once (the server bounds its own too).
    static let maximumOPCClients = 8
    var statusJSON: String

    /// A receiver filling `layout` from `channels` (one per UDP protocol, or two for E1.31 on one
    /// interface's address: its unicast and its multicast) and `opcServer`.
    public init(layout: StreamLayout, channels: [(NetworkProtocol, any DatagramChannel)], opcServer: (any StreamServer)? = nil,
                allow: [AddressRange] = [], replyAddress: UInt32 = 0, datagramsPerPoll: Int = 512, chunksPerPoll: Int = 64) {
        self.layout = layout
        self.channels = channels
        self.opcServer = opcServer
        self.allow = allow
        self.replyAddress = replyAddress
        self.datagramsPerPoll = max(1, datagramsPerPoll)
        self.chunksPerPoll = max(1, chunksPerPoll)
        flaschenTaschenLayers = FlaschenTaschenLayers(width: layout.width, height: layout.height)
        statusJSON = DDPStatusReply.statusJSON(model: "PixelWheel \(layout.width)x\(layout.height)", version: "1")
        var protocols = channels.map(\.0)
        if opcServer != nil { protocols.append(.opc) }
        for kind in protocols { assemblers[kind] = StreamFrameAssembler(layout: layout) }
    }

    /// Reads what arrived up to `now` (nanoseconds on the run's clock), without blocking.
    public func poll(at now: Int64) -> ReceiverPoll {
        var result = ReceiverPoll()
        for (kind, channel) in channels {
            for datagram in channel.receive(maximum: datagramsPerPoll) {
                counters.received += 1
                guard isAllowed(datagram.sender) else {
                    counters.refused += 1
                    continue
                }
                let outcome = handle(datagram, as: kind, on: channel, at: now)
                note(outcome, of: kind, from: datagram.sender, into: &result)
            }
        }
        if let opcServer { receiveOPC(from: opcServer, at: now, into: &result) }
        expireFlaschenTaschenLayers(at: now, into: &result)
        return result
    }

    /// Whether `sender` may send: in one of the `allow` ranges, or any sender when there are none.
    public func isAllowed(_ sender: NetworkEndpoint) -> Bool {
        allow.isEmpty || allow.contains { $0.contains(sender.address) }
    }

    /// What handling one packet came to.
    struct Outcome {
        var completed = false
        var activity: StreamHold?
        var ends = false
    }

    /// `kind`'s assembler completed a frame: it is the poll's frame, and counted.
    func noteFrame(of kind: NetworkProtocol, into result: inout ReceiverPoll) {
        guard let assembler = assemblers[kind] else { return }
        counters.frames += 1
        result.frame = assembler.frame
        result.frameProtocol = kind
    }

    func note(_ outcome: Outcome?, of kind: NetworkProtocol, from sender: NetworkEndpoint, into result: inout ReceiverPoll) {
        guard let outcome else { return }
        if outcome.completed { noteFrame(of: kind, into: &result) }
        guard outcome.activity != nil || outcome.ends else { return }
        let activity = StreamActivity(networkProtocol: kind, sender: sender, hold: outcome.activity ?? .standard, ends: outcome.ends)
        result.activity.removeAll { $0.networkProtocol == kind && $0.sender == sender }
        result.activity.append(activity)
    }

    func handle(_ datagram: Datagram, as kind: NetworkProtocol, on channel: any DatagramChannel, at now: Int64) -> Outcome? {
        do {
            switch kind {
            case .e131: return try handleE131(datagram, on: channel, at: now)
            case .artNet: return try handleArtNet(datagram, on: channel, at: now)
            case .ddp: return try handleDDP(datagram, on: channel)
            case .opc: return handleOPC(try OPCMessage.parse(datagram: datagram.bytes))
            case .flaschenTaschen: return handleFlaschenTaschen(try FlaschenTaschenImage.parse(datagram.bytes), at: now)
            case .tpm2Net: return try handleTPM2(datagram, on: channel)
            case .wledRealtime: return handleWLED(try WLEDRealtimePacket.parse(datagram.bytes))
            }
        } catch {
            counters.malformed += 1
            return nil
        }
    }

    /// Sends `bytes` to `endpoint` on `channel`, counted as a reply.
    func reply(_ bytes: [UInt8], to endpoint: NetworkEndpoint, on channel: any DatagramChannel) {
        channel.send(bytes, to: endpoint)
        counters.replies += 1
    }

    /// Writes through the assembler of `kind`, and tells whether a frame completed.
    func assemble(_ kind: NetworkProtocol, _ change: (inout StreamFrameAssembler) -> Bool) -> Bool {
        guard var assembler = assemblers[kind] else { return false }
        assemblers[kind] = nil  // keeps the buffers unique while they change
        let completed = change(&assembler)
        assemblers[kind] = assembler
        return completed
    }

    func countIgnored() -> Outcome? {
        counters.ignored += 1
        return nil
    }
}
