import Testing
@testable import PixelNetwork

@Suite struct ArtNetPacketTests {
    @Test func anArtDmxReadsItsPortAddressAndChannels() throws {
        let bytes = SpecPackets.artDmx(net: 0x12, subUniverse: 0x34, sequence: 9, channels: SpecPackets.ramp(512))
        guard case let .dmx(packet) = try ArtNetPacket.parse(bytes) else {
            Issue.record("not ArtDmx")
            return
        }
        #expect(packet.portAddress == 0x1234)
        #expect(packet.sequence == 9)
        #expect(Array(packet.channels) == SpecPackets.ramp(512))
    }

    @Test func pollAndSyncAreRecognised() throws {
        let poll = SpecPackets.artNetHeader(opCode: 0x2000) + [0x02, 0x10]
        #expect(try ArtNetPacket.parse(poll) == .poll(ArtPollPacket(flags: 0x02, diagnosticPriority: 0x10)))
        let sync = SpecPackets.artNetHeader(opCode: 0x5200) + [0, 0]
        #expect(try ArtNetPacket.parse(sync) == .sync)
    }

    @Test func oldVersionsOtherOpcodesAndForeignBytesAreRefused() {
        let old = SpecPackets.artNetHeader(opCode: 0x5000, version: 13) + [0, 0, 0, 0, 0, 2, 1, 2]
        #expect(throws: PacketError.unsupportedVersion(.artNet, version: 13)) { try ArtNetPacket.parse(old) }
        let address = SpecPackets.artNetHeader(opCode: 0x6000) + [0, 0]
        #expect(throws: PacketError.unsupportedKind(.artNet, kind: 0x6000)) { try ArtNetPacket.parse(address) }
        #expect(throws: PacketError.notThisProtocol(.artNet)) { try ArtNetPacket.parse(Array("Art-Nyt\0\0\0".utf8)) }
    }

    @Test func dataLengthsOutsideTheBytesOrTheLimitAreRefused() {
        var long = SpecPackets.artDmx(net: 0, subUniverse: 1, channels: [1, 2, 3, 4])
        long[16...17] = [0x02, 0x01]
        #expect(throws: PacketError.fieldOutOfRange(.artNet, field: "data length", value: 513)) { try ArtNetPacket.parse(long) }
        var short = SpecPackets.artDmx(net: 0, subUniverse: 1, channels: [1, 2, 3, 4])
        short[17] = 6
        #expect(throws: PacketError.lengthMismatch(.artNet, field: "data length", declared: 6, actual: 4)) {
            try ArtNetPacket.parse(short)
        }
        let highNet = SpecPackets.artDmx(net: 0x80, subUniverse: 0, channels: [1, 2])
        #expect(throws: PacketError.fieldOutOfRange(.artNet, field: "Net", value: 0x80)) { try ArtNetPacket.parse(highNet) }
    }

    @Test func everyTruncationIsRefusedWithoutATrap() {
        let bytes = SpecPackets.artDmx(net: 0, subUniverse: 1, channels: [1, 2, 3, 4])
        for length in 0..<bytes.count {
            #expect(throws: PacketError.self) { try ArtNetPacket.parse(Array(bytes.prefix(length))) }
        }
    }

    @Test func pollRepliesAreOnePerUniverseWithTheirBindIndex() {
        let reply = ArtPollReply(address: [192, 168, 1, 20], macAddress: [1, 2, 3, 4, 5, 6], shortName: "Wheel",
                                 longName: "A wheel", portAddresses: [0x0001, 0x0123])
        let packets = reply.packets
        #expect(packets.count == 2)
        for (index, packet) in packets.enumerated() {
            #expect(packet.count == 239)
            #expect(Array(packet[0..<8]) == Array("Art-Net".utf8) + [0])
            #expect(packet[8] == 0x00 && packet[9] == 0x21)
            #expect(Array(packet[10..<14]) == [192, 168, 1, 20])
            #expect(packet[14] == 0x36 && packet[15] == 0x19)
            #expect(Array(packet[26..<31]) == Array("Wheel".utf8) && packet[31] == 0)
            #expect(packet[173] == 1 && packet[174] == 0x80)
            #expect(Array(packet[201..<207]) == [1, 2, 3, 4, 5, 6])
            #expect(packet[211] == UInt8(index + 1))
        }
        #expect(packets[1][18] == 0x01 && packets[1][19] == 0x02 && packets[1][190] == 0x03)
    }
}
