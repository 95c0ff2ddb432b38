import Testing
@testable import PixelNetwork

/// Frames sent with the packet builders, parsed and assembled again, give the same pixels.
@Suite struct SenderRoundTripTests {
    /// A 20×12 frame of distinct-looking pixels (720 bytes).
    static let layout = StreamLayout(width: 20, height: 12, firstUniverse: 3, startAddress: 4)!
    static let frame: [UInt8] = (0..<720).map { (index: Int) -> UInt8 in
        let value: Int = index * 7 + index / 256
        return UInt8(value & 0xFF)
    }

    @Test func e131UniversesWithSyncGiveTheSameFrame() throws {
        let source = E131SourceID(Array(repeating: 0xAB, count: 16))
        var assembler = StreamFrameAssembler(layout: Self.layout)
        var arbiter = E131SourceArbiter()
        for (index, universe) in StreamSending.universes(frame: Self.frame, layout: Self.layout).enumerated() {
            let sent = E131DataPacket(source: source, sourceName: "round trip", syncAddress: 9, sequence: UInt8(index),
                                      universe: universe.universe, channels: universe.channels[...])
            guard case let .data(received) = try E131Packet.parse(sent.bytes) else {
                Issue.record("not data")
                return
            }
            #expect(received.sourceName == "round trip")
            #expect(arbiter.admit(received, at: Int64(index)) == .accept)
            let early = assembler.receiveUniverse(received.universe, channels: received.channels, waitsForSync: received.syncAddress != 0)
            #expect(!early)
        }
        guard case let .sync(sync) = try E131Packet.parse(E131SyncPacket(source: source, sequence: 1, syncAddress: 9).bytes) else {
            Issue.record("not sync")
            return
        }
        #expect(sync.syncAddress == 9)
        let shown = assembler.receiveSync()
        #expect(shown && assembler.frame == Self.frame)
    }

    @Test func artDmxWithArtSyncGivesTheSameFrame() throws {
        var assembler = StreamFrameAssembler(layout: Self.layout)
        for universe in StreamSending.universes(frame: Self.frame, layout: Self.layout) {
            let sent = ArtDmxPacket(sequence: 1, portAddress: universe.universe, channels: universe.channels[...])
            #expect(sent.bytes.count % 2 == 0)
            guard case let .dmx(received) = try ArtNetPacket.parse(sent.bytes) else { return }
            let early = assembler.receiveUniverse(received.portAddress, channels: received.channels, waitsForSync: true)
            #expect(!early)
        }
        #expect(try ArtNetPacket.parse(ArtNetPacket.syncBytes) == .sync)
        let shown = assembler.receiveSync()
        #expect(shown && assembler.frame == Self.frame)
    }

    @Test func ddpSplitsAtFourHundredEightyPixelsAndPushesTheLast() throws {
        let big: [UInt8] = (0..<3000).map { (index: Int) -> UInt8 in UInt8(index & 0xFF) }
        let layout = try #require(StreamLayout(width: 50, height: 20))
        var sequence: UInt8 = 14
        let packets = StreamSending.ddpPackets(frame: big, sequence: &sequence)
        #expect(packets.map(\.data.count) == [1440, 1440, 120])
        #expect(packets.map(\.offset) == [0, 1440, 2880])
        #expect(packets.map { $0.flags.contains(.push) } == [false, false, true])
        #expect(packets.map(\.sequence) == [14, 15, 1] && sequence == 2)
        var assembler = StreamFrameAssembler(layout: layout)
        var shownAt: [Int] = []
        for (index, packet) in packets.enumerated() {
            let received = try DDPPacket.parse(packet.bytes)
            #expect(received == packet)
            let format = try #require(received.dataType.pixelFormat)
            if assembler.receiveDDP(offset: received.offset, data: received.data, format: format, push: received.flags.contains(.push)) {
                shownAt.append(index)
            }
        }
        #expect(shownAt == [2] && assembler.frame == big)
    }

    @Test func anRGBWLayoutSendsWhiteAsZero() throws {
        let layout = try #require(StreamLayout(width: 2, height: 1, pixelFormat: .rgbw))
        let universes = StreamSending.universes(frame: [1, 2, 3, 4, 5, 6], layout: layout)
        #expect(universes.count == 1 && universes[0].universe == 1 && universes[0].channels == [1, 2, 3, 0, 4, 5, 6, 0])
    }
}
