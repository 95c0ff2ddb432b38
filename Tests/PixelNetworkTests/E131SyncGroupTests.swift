import Testing
@testable import PixelNetwork

/// E1.31 data held for a sync universe that is not one of the panel's: the sync comes to that
/// universe's multicast group, which the panel's own groups do not include, so the receiver
/// asks its channel for the group, once a universe and for at most four of them.
struct E131SyncGroupTests {
    static let source = E131SourceID(Array(repeating: 7, count: 16))
    static let sender = NetworkEndpoint(address: 0x0A00_0001, port: 5568)

    static func data(universe: UInt16, sync: UInt16, sequence: UInt8) -> [UInt8] {
        E131DataPacket(source: source, sourceName: "sync test", syncAddress: sync, sequence: sequence, universe: universe,
                       channels: [UInt8](repeating: 9, count: 510)[...]).bytes
    }

    @Test func aSyncUniverseOutsideThePanelIsJoinedOnceAndTheSyncShowsTheFrame() throws {
        let layout = try #require(StreamLayout(width: 20, height: 10))  // 200 pixels: universes 1 and 2
        let channel = SimulatedDatagramChannel()
        let receiver = StreamReceiver(layout: layout, channels: [(.e131, channel)])
        for sequence in UInt8(0)..<2 {
            channel.inject(Self.data(universe: 1, sync: 63_000, sequence: sequence), from: Self.sender)
            channel.inject(Self.data(universe: 2, sync: 63_000, sequence: sequence), from: Self.sender)
            #expect(receiver.poll(at: Int64(sequence + 1) * 1_000_000).frame == nil, "held for the sync")
        }
        #expect(channel.joinedE131Groups == [63_000])
        channel.inject(E131SyncPacket(source: Self.source, sequence: 1, syncAddress: 63_000).bytes, from: Self.sender)
        let shown = receiver.poll(at: 5_000_000).frame
        #expect(shown != nil, "the sync shows the held frame")
    }

    /// A sync universe of the panel needs no join, nor does one past 63999; at most four are
    /// held, a new one leaving the oldest, so a sender that changes its sync universe is
    /// followed and nothing grows.
    @Test func aSyncUniverseOfThePanelNeedsNoJoinAndAtMostFourAreHeld() throws {
        let layout = try #require(StreamLayout(width: 20, height: 10))
        let channel = SimulatedDatagramChannel()
        let receiver = StreamReceiver(layout: layout, channels: [(.e131, channel)])
        channel.inject(Self.data(universe: 1, sync: 2, sequence: 0), from: Self.sender)
        channel.inject(Self.data(universe: 1, sync: 64_000, sequence: 1), from: Self.sender)
        for (index, sync) in [UInt16(100), 101, 102, 103, 104, 105, 101].enumerated() {
            channel.inject(Self.data(universe: 1, sync: sync, sequence: UInt8(index + 2)), from: Self.sender)
        }
        _ = receiver.poll(at: 1_000_000)
        // 100 and 101 left for 104 and 105; 101 again leaves 102.
        #expect(channel.joinedE131Groups == [103, 104, 105, 101])
    }
}
