import Testing
import PixelBus
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

    /// E1.31-2018 §6.2.4.1: data naming a sync universe is shown as it comes until a sync packet
    /// for that universe arrives (a sender whose multicast syncs never reach this receiver is
    /// still shown); from then on it waits for each sync; 2.5 s without one, it is shown as it
    /// comes again. The sync universe outside the panel is joined once.
    @Test func syncedDataIsShownAtOnceUntilTheFirstSyncThenHeldUntilSyncsStop() throws {
        let layout = try #require(StreamLayout(width: 20, height: 10))  // 200 pixels: universes 1 and 2
        let channel = SimulatedDatagramChannel()
        let receiver = StreamReceiver(layout: layout, channels: [(.e131, channel)])
        let millisecond: Int64 = 1_000_000
        var sequence: UInt8 = 0
        func sendFrame(at time: Int64, sync: UInt16 = 63_000) -> Bool {
            channel.inject(Self.data(universe: 1, sync: sync, sequence: sequence), from: Self.sender)
            channel.inject(Self.data(universe: 2, sync: sync, sequence: sequence), from: Self.sender)
            sequence &+= 1
            return receiver.poll(at: time).frame != nil
        }
        func sendSync(at time: Int64) -> Bool {
            channel.inject(E131SyncPacket(source: Self.source, sequence: sequence, syncAddress: 63_000).bytes, from: Self.sender)
            return receiver.poll(at: time).frame != nil
        }
        #expect(sendFrame(at: 1 * millisecond), "no sync seen yet: shown as it comes")
        #expect(sendFrame(at: 30 * millisecond), "still no sync: shown as it comes")
        #expect(channel.joinedGroups == [E131Packet.multicastGroup(universe: 63_000)])
        #expect(!sendSync(at: 40 * millisecond), "the first sync: nothing is waiting")
        #expect(!sendFrame(at: 50 * millisecond), "held for the sync now")
        #expect(sendSync(at: 60 * millisecond), "the sync shows the held frame")
        #expect(!sendFrame(at: 60 * millisecond + E131SyncMode.timeout - 1), "still held just inside the timeout")
        #expect(sendFrame(at: 60 * millisecond + E131SyncMode.timeout), "2.5 s without a sync: shown as it comes again")
        #expect(sendFrame(at: 70 * millisecond + E131SyncMode.timeout, sync: 63_001), "another sync universe, never synced: shown")
        #expect(channel.joinedGroups == [63_000, 63_001].map { E131Packet.multicastGroup(universe: $0) })
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
        #expect(channel.joinedGroups == [103, 104, 105, 101].map { E131Packet.multicastGroup(universe: $0) })
    }
}
