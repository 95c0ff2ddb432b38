import Testing
@testable import PixelNetwork

@Suite struct E131PacketTests {
    @Test func aFullDataPacketReadsEveryField() throws {
        let bytes = SpecPackets.e131Data(universe: 0x1234, channels: SpecPackets.ramp(512), priority: 150,
                                         sequence: 42, options: 0x20, syncAddress: 7)
        #expect(bytes.count == 638)
        guard case let .data(packet) = try E131Packet.parse(bytes) else {
            Issue.record("not a data packet")
            return
        }
        #expect(packet.universe == 0x1234)
        #expect(packet.priority == 150)
        #expect(packet.sequence == 42)
        #expect(packet.syncAddress == 7)
        #expect(packet.options == .forceSynchronization)
        #expect(packet.sourceName == "spec test")
        #expect(packet.source == E131SourceID(SpecPackets.cid))
        #expect(Array(packet.channels) == SpecPackets.ramp(512))
    }

    @Test func previewAndTerminationBitsAreRead() throws {
        let bytes = SpecPackets.e131Data(universe: 1, channels: [1, 2, 3], options: 0xC0)
        guard case let .data(packet) = try E131Packet.parse(bytes) else { return }
        #expect(packet.options.contains(.preview))
        #expect(packet.options.contains(.streamTerminated))
    }

    @Test func aSyncPacketNamesItsUniverse() throws {
        let parsed = try E131Packet.parse(SpecPackets.e131Sync(syncAddress: 9, sequence: 3))
        #expect(parsed == .sync(E131SyncPacket(source: E131SourceID(SpecPackets.cid), sequence: 3, syncAddress: 9)))
    }

    @Test func aDiscoveryPacketIsRecognisedAndCarriesNoPixels() throws {
        var bytes = SpecPackets.e131Sync(syncAddress: 1)
        bytes[40...43] = [0, 0, 0, 2]
        #expect(try E131Packet.parse(bytes) == .discovery(source: E131SourceID(SpecPackets.cid)))
    }

    @Test func aStartCodeOtherThanZeroIsRefused() {
        let bytes = SpecPackets.e131Data(universe: 1, channels: [9], startCode: 0xDD)
        #expect(throws: PacketError.fieldOutOfRange(.e131, field: "start code", value: 0xDD)) {
            try E131Packet.parse(bytes)
        }
    }

    @Test func reservedUniversesAndPrioritiesAreRefused() {
        #expect(throws: PacketError.fieldOutOfRange(.e131, field: "universe", value: 0)) {
            try E131Packet.parse(SpecPackets.e131Data(universe: 0, channels: [1]))
        }
        #expect(throws: PacketError.fieldOutOfRange(.e131, field: "universe", value: 64000)) {
            try E131Packet.parse(SpecPackets.e131Data(universe: 64000, channels: [1]))
        }
        #expect(throws: PacketError.fieldOutOfRange(.e131, field: "priority", value: 201)) {
            try E131Packet.parse(SpecPackets.e131Data(universe: 1, channels: [1], priority: 201))
        }
    }

    @Test func aPropertyCountBeyondTheBytesIsALengthMismatch() {
        var bytes = SpecPackets.e131Data(universe: 1, channels: SpecPackets.ramp(10))
        bytes.removeLast(4)
        #expect(throws: PacketError.lengthMismatch(.e131, field: "property value count", declared: 11, actual: 7)) {
            try E131Packet.parse(bytes)
        }
    }

    @Test func wrongIdentifiersAndVectorsAreRefused() {
        var wrongIdentifier = SpecPackets.e131Data(universe: 1, channels: [1])
        wrongIdentifier[4] = UInt8(ascii: "X")
        #expect(throws: PacketError.notThisProtocol(.e131)) { try E131Packet.parse(wrongIdentifier) }
        var wrongRoot = SpecPackets.e131Data(universe: 1, channels: [1])
        wrongRoot[21] = 5
        #expect(throws: PacketError.unsupportedKind(.e131, kind: 5)) { try E131Packet.parse(wrongRoot) }
        var wrongFraming = SpecPackets.e131Data(universe: 1, channels: [1])
        wrongFraming[43] = 3
        #expect(throws: PacketError.unsupportedKind(.e131, kind: 3)) { try E131Packet.parse(wrongFraming) }
    }

    @Test func everyTruncationOfAValidPacketIsRefusedWithoutATrap() {
        let data = SpecPackets.e131Data(universe: 3, channels: SpecPackets.ramp(6))
        for length in 0..<126 {
            #expect(throws: PacketError.self) { try E131Packet.parse(Array(data.prefix(length))) }
        }
        let sync = SpecPackets.e131Sync(syncAddress: 2)
        for length in 0..<49 {
            #expect(throws: PacketError.self) { try E131Packet.parse(Array(sync.prefix(length))) }
        }
    }

    @Test func theSourceIDPrintsAsHex() {
        #expect(E131SourceID(SpecPackets.cid).description == "101112131415161718191a1b1c1d1e1f")
        #expect(E131SourceID(SpecPackets.cid).bytes == SpecPackets.cid)
    }
}
