import Testing
@testable import PixelNetwork

@Suite struct DDPPacketTests {
    @Test func aPushPacketReadsEveryField() throws {
        let bytes = SpecPackets.ddp(flags: 0x41, sequence: 0xF7, type: 0x0B, id: 1, offset: 1440, data: SpecPackets.ramp(9))
        let packet = try DDPPacket.parse(bytes)
        #expect(packet.flags == .push)
        #expect(packet.sequence == 7)
        #expect(packet.dataType == .rgb8)
        #expect(packet.dataType.pixelFormat == .rgb)
        #expect(packet.destination == 1)
        #expect(packet.offset == 1440)
        #expect(packet.timecode == nil)
        #expect(Array(packet.data) == SpecPackets.ramp(9))
        var canonical = bytes
        canonical[1] = 7  // the unused high bits of the sequence byte are sent as 0
        #expect(packet.bytes == canonical)
    }

    @Test func theTimecodeFormMovesTheDataFourBytes() throws {
        let bytes = SpecPackets.ddp(flags: 0x40, type: 0x1B, offset: 0, timecode: 0x0102_0304, data: SpecPackets.ramp(8))
        let packet = try DDPPacket.parse(bytes)
        #expect(packet.timecode == 0x0102_0304)
        #expect(packet.flags.contains(.timecode))
        #expect(packet.dataType.pixelFormat == .rgbw)
        #expect(Array(packet.data) == SpecPackets.ramp(8))
        #expect(packet.bytes == bytes)
    }

    @Test func otherVersionsAndShortDataAreRefused() {
        #expect(throws: PacketError.unsupportedVersion(.ddp, version: 2)) {
            try DDPPacket.parse(SpecPackets.ddp(flags: 0x81, offset: 0, data: [1, 2, 3]))
        }
        #expect(throws: PacketError.unsupportedVersion(.ddp, version: 0)) {
            try DDPPacket.parse(SpecPackets.ddp(flags: 0x01, offset: 0, data: [1, 2, 3]))
        }
        var short = SpecPackets.ddp(flags: 0x41, offset: 0, data: [1, 2, 3])
        short.removeLast()
        #expect(throws: PacketError.lengthMismatch(.ddp, field: "data length", declared: 3, actual: 2)) {
            try DDPPacket.parse(short)
        }
        let timecodeCut = Array(SpecPackets.ddp(flags: 0x40, offset: 0, timecode: 5, data: []).prefix(12))
        #expect(throws: PacketError.truncated(.ddp, needed: 14, got: 12)) { try DDPPacket.parse(timecodeCut) }
    }

    @Test func otherDataTypesAreNotPixels() throws {
        let packet = try DDPPacket.parse(SpecPackets.ddp(flags: 0x41, type: 0x0C, offset: 0, data: [1, 2]))
        #expect(packet.dataType == .other(0x0C))
        #expect(packet.dataType.pixelFormat == nil)
        #expect(DDPDataType(byte: 0x00).pixelFormat == .rgb && DDPDataType(byte: 0x01).pixelFormat == .rgb)
        #expect(DDPDataType(byte: 0x01).byte == 0x01)
    }

    @Test func aStatusQueryIsAnsweredWithJSON() throws {
        let query = try DDPPacket.parse(SpecPackets.ddp(flags: 0x42, sequence: 3, type: 0, id: 251, offset: 0, data: []))
        let json = DDPStatusReply.statusJSON(model: "64x32 \"HUB75\"", version: "1.0")
        let reply = try #require(DDPStatusReply.reply(to: query, json: json))
        let parsed = try DDPPacket.parse(reply)
        #expect(parsed.flags == [.reply, .push])
        #expect(parsed.sequence == 3)
        #expect(parsed.destination == 251)
        #expect(String(decoding: parsed.data, as: UTF8.self)
                == "{\"status\":{\"man\":\"PixelWheel\",\"mod\":\"64x32 \\\"HUB75\\\"\",\"ver\":\"1.0\"}}")
        let data = try DDPPacket.parse(SpecPackets.ddp(flags: 0x41, offset: 0, data: [1, 2, 3]))
        #expect(DDPStatusReply.reply(to: data, json: "{}") == nil)
    }
}
