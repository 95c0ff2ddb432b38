import Foundation
import PixelBus
@testable import PixelNetwork
import Testing
import PixelTestSupport

/// Packets built by independent senders (PyPI `sacn` and `stupidArtnet`, and sneu14/tpm2net's
/// script for TPM2.net), recorded by scripts/peers/record-network-peer-packets.py into
/// Tests/Fixtures/network; the values checked here are the ones that script asked its senders
/// for. (`sacn` pads every universe to 512 channels with zeros.)
@Suite struct PeerPacketTests {
    /// The packet in fixture `name`: the hex line after the comment line.
    static func fixture(_ name: String) throws -> [UInt8] {
        let path = RepositoryPaths.root() + "/Tests/Fixtures/network/\(name).hex"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let hex = Array(try #require(text.split(separator: "\n").first { !$0.hasPrefix("#") }).utf8)
        return stride(from: 0, to: hex.count - 1, by: 2).compactMap { UInt8(String(decoding: hex[$0...($0 + 1)], as: UTF8.self), radix: 16) }
    }

    static let cid = E131SourceID(Array(0..<16))

    /// `channels` and zeros up to 512.
    static func padded(_ channels: [UInt8]) -> [UInt8] { channels + [UInt8](repeating: 0, count: 512 - channels.count) }

    @Test func sacnDataPacketsParseWithEveryField() throws {
        guard case let .data(first) = try E131Packet.parse(try Self.fixture("sacn-data-universe1")) else {
            Issue.record("not a data packet")
            return
        }
        #expect(first.universe == 1 && first.priority == 120 && first.sequence == 17 && first.syncAddress == 0)
        #expect(first.source == Self.cid && first.sourceName == "PixelWheel peer" && first.options.isEmpty)
        let counting: [UInt8] = (1...510).map { (n: Int) -> UInt8 in UInt8(n % 256) }
        let expected: [UInt8] = counting + [0, 0]
        #expect(Array(first.channels) == expected)
        guard case let .data(held) = try E131Packet.parse(try Self.fixture("sacn-data-universe2-sync7")) else { return }
        #expect(held.universe == 2 && held.syncAddress == 7 && Array(held.channels) == Self.padded(Array(200..<224)))
        guard case let .data(ended) = try E131Packet.parse(try Self.fixture("sacn-data-terminated")) else { return }
        #expect(ended.options == .streamTerminated && Array(ended.channels) == Self.padded([1, 2, 3]))
    }

    @Test func sacnSyncReleasesTheHeldUniverse() throws {
        let sync = try E131Packet.parse(try Self.fixture("sacn-sync7"))
        #expect(sync == .sync(E131SyncPacket(source: Self.cid, sequence: 3, syncAddress: 7)))
        let layout = try #require(StreamLayout(width: 8, height: 1, firstUniverse: 2))
        var assembler = StreamFrameAssembler(layout: layout)
        guard case let .data(held) = try E131Packet.parse(try Self.fixture("sacn-data-universe2-sync7")) else { return }
        let early = assembler.receiveUniverse(held.universe, channels: held.channels, waitsForSync: held.syncAddress != 0)
        #expect(!early)
        let released = assembler.receiveSync()
        #expect(released && assembler.frame == Array(200..<224))  // 8 pixels: the padding falls outside
    }

    @Test func stupidArtnetPacketsParse() throws {
        guard case let .dmx(dmx) = try ArtNetPacket.parse(try Self.fixture("stupidartnet-dmx-0123")) else {
            Issue.record("not ArtDmx")
            return
        }
        #expect(dmx.portAddress == 0x0123 && dmx.sequence == 0 && Array(dmx.channels) == Array(10..<40))
        #expect(try ArtNetPacket.parse(try Self.fixture("stupidartnet-sync")) == .sync)
    }

    /// sneu14/tpm2net's script lights channel i of 29 in its packet i, one packet a frame:
    /// shown from the top-left, the rest of a 4x3 panel black.
    @Test(arguments: [0, 10])
    func aTPM2NetSendersPacketsParseAndShow(index: Int) throws {
        let bytes = try Self.fixture("sneu14-tpm2net-packet\(index)")
        guard case let .data(data) = try TPM2NetPacket.parse(bytes) else {
            Issue.record("not a data packet")
            return
        }
        var lit = [UInt8](repeating: 0, count: 29)
        lit[index] = 255
        #expect(data.packetNumber == 1 && data.packetCount == 1 && data.endsFrame && Array(data.data) == lit)
        let layout = try #require(StreamLayout(width: 4, height: 3))
        let channel = SimulatedDatagramChannel(capacity: 4)
        let receiver = StreamReceiver(layout: layout, channels: [(.tpm2Net, channel)])
        channel.inject(bytes, from: NetworkEndpoint(address: 0x7F00_0001, port: 40_000))
        let frame = receiver.poll(at: 1_000_000).frame
        #expect(frame == lit + [UInt8](repeating: 0, count: 4 * 3 * 3 - 29))
    }
}
