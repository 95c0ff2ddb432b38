import Testing
@testable import PixelNetwork

/// The datagrams a sending panel puts on the wire for one frame, parsed back.
struct StreamSenderTests {
    static let source = E131SourceID(Array(repeating: 7, count: 16))
    static let layout = StreamLayout(width: 30, height: 20, firstUniverse: 5)!  // 600 pixels: 4 universes, 2 DDP packets
    static let frame: [UInt8] = (0..<1800).map { (index: Int) -> UInt8 in UInt8(truncatingIfNeeded: index * 11) }

    @Test func ddpPushesOnlyTheLastPacketAndTheSequenceRunsOnAcrossFrames() throws {
        var sender = StreamSender(kind: .ddp, layout: Self.layout, source: Self.source)
        let first = try sender.datagrams(frame: Self.frame).map { try DDPPacket.parse($0) }
        let second = try sender.datagrams(frame: Self.frame).map { try DDPPacket.parse($0) }
        #expect(first.map { $0.flags.contains(.push) } == [false, true])
        #expect(first.map(\.sequence) == [1, 2] && second.map(\.sequence) == [3, 4])
        #expect(Array(first.flatMap(\.data)) == Self.frame)
    }

    @Test func e131WithSyncNamesItInEveryPacketAndEndsWithTheSyncPacket() throws {
        var sender = StreamSender(kind: .e131(sync: 99), layout: Self.layout, source: Self.source)
        let packets = try sender.datagrams(frame: Self.frame).map { try E131Packet.parse($0) }
        #expect(packets.count == 5)
        var universes: [UInt16] = []
        for packet in packets.dropLast() {
            guard case let .data(data) = packet else { Issue.record("not data"); return }
            #expect(data.syncAddress == 99 && data.sequence == 1)
            universes.append(data.universe)
        }
        #expect(universes == [5, 6, 7, 8])
        guard case let .sync(sync) = packets.last else { Issue.record("no sync packet"); return }
        #expect(sync.syncAddress == 99)
    }

    @Test func e131WithoutSyncSendsOnlyData() throws {
        var sender = StreamSender(kind: .e131(sync: 0), layout: Self.layout, source: Self.source)
        #expect(sender.datagrams(frame: Self.frame).count == 4)
    }

    @Test func artNetEndsWithArtSyncAndNeverUsesSequenceZero() throws {
        var sender = StreamSender(kind: .artNet, layout: Self.layout, source: Self.source)
        var sequences: Set<UInt8> = []
        for _ in 0..<300 {
            let datagrams = sender.datagrams(frame: Self.frame)
            #expect(try ArtNetPacket.parse(datagrams[datagrams.count - 1]) == .sync)
            guard case let .dmx(dmx) = try ArtNetPacket.parse(datagrams[0]) else { Issue.record("not ArtDmx"); return }
            sequences.insert(dmx.sequence)
        }
        #expect(!sequences.contains(0) && sequences.count == 255)
    }

    @Test func aShortFrameIsSentBlackToTheEndAndALongOneCut() throws {
        var sender = StreamSender(kind: .ddp, layout: StreamLayout(width: 2, height: 1)!, source: Self.source)
        #expect(try DDPPacket.parse(sender.datagrams(frame: [1, 2, 3])[0]).data == [1, 2, 3, 0, 0, 0])
        #expect(try DDPPacket.parse(sender.datagrams(frame: [UInt8](repeating: 9, count: 12))[0]).data.count == 6)
    }
}
