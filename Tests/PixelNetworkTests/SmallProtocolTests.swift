import Testing
@testable import PixelNetwork

@Suite struct WLEDRealtimePacketTests {
    @Test func eachProtocolReadsItsHeaderAndPixels() throws {
        let warls = try WLEDRealtimePacket.parse([1, 2, 5, 10, 20, 30, 6, 11, 21, 31])
        #expect(warls.kind == .warls && warls.timeout == .seconds(2) && Array(warls.data) == [5, 10, 20, 30, 6, 11, 21, 31])
        let drgb = try WLEDRealtimePacket.parse([2, 255, 1, 2, 3, 4, 5, 6, 7])
        #expect(drgb.kind == .drgb && drgb.timeout == .never && Array(drgb.data) == [1, 2, 3, 4, 5, 6])
        let drgbw = try WLEDRealtimePacket.parse([3, 1, 1, 2, 3, 4])
        #expect(drgbw.kind.pixelFormat == .rgbw && Array(drgbw.data) == [1, 2, 3, 4])
        let dnrgb = try WLEDRealtimePacket.parse([4, 0, 0x01, 0x02, 9, 8, 7])
        #expect(dnrgb.startIndex == 0x0102 && dnrgb.timeout == .leaveNow && Array(dnrgb.data) == [9, 8, 7])
        let dnrgbw = try WLEDRealtimePacket.parse([5, 3, 0, 7, 1, 2, 3, 4])
        #expect(dnrgbw.startIndex == 7 && dnrgbw.kind.pixelFormat == .rgbw)
    }

    @Test func theTimeoutByteReadsAsWLEDDoes() {
        #expect(WLEDRealtimeTimeout(byte: 0).nanoseconds == 0)
        #expect(WLEDRealtimeTimeout(byte: 3).nanoseconds == 3_000_000_000)
        #expect(WLEDRealtimeTimeout(byte: 255).nanoseconds == nil)
    }

    @Test func notifierJSONAndShortPacketsAreRefused() {
        #expect(throws: PacketError.unsupportedKind(.wledRealtime, kind: 0)) { try WLEDRealtimePacket.parse([0, 1, 2]) }
        #expect(throws: PacketError.unsupportedKind(.wledRealtime, kind: 0x7B)) { try WLEDRealtimePacket.parse(Array("{\"on\":true}".utf8)) }
        #expect(throws: PacketError.truncated(.wledRealtime, needed: 1, got: 0)) { try WLEDRealtimePacket.parse([]) }
        #expect(throws: PacketError.truncated(.wledRealtime, needed: 4, got: 3)) { try WLEDRealtimePacket.parse([4, 1, 0]) }
    }
}

@Suite struct TPM2NetPacketTests {
    @Test func aDataPacketReadsItsNumberAndEndByte() throws {
        let bytes: [UInt8] = [0x9C, 0xDA, 0x00, 0x06, 2, 2, 1, 2, 3, 4, 5, 6, 0x36]
        guard case let .data(packet) = try TPM2NetPacket.parse(bytes) else {
            Issue.record("not data")
            return
        }
        #expect(packet.packetNumber == 2 && packet.packetCount == 2 && packet.endsFrame)
        #expect(Array(packet.data) == [1, 2, 3, 4, 5, 6])
    }

    @Test func aPollIsRecognised() throws {
        #expect(try TPM2NetPacket.parse([0x9C, 0xAA]) == .poll)
        #expect(TPM2NetPacket.pollAnswer == [0xAC])
    }

    @Test func badStartEndNumbersAndSizesAreRefused() {
        #expect(throws: PacketError.notThisProtocol(.tpm2Net)) { try TPM2NetPacket.parse([0xC9, 0xDA, 0, 0, 1, 1, 0x36]) }
        #expect(throws: PacketError.fieldOutOfRange(.tpm2Net, field: "end byte", value: 0x37)) {
            try TPM2NetPacket.parse([0x9C, 0xDA, 0, 3, 1, 1, 1, 2, 3, 0x37])
        }
        #expect(throws: PacketError.fieldOutOfRange(.tpm2Net, field: "packet number", value: 3)) {
            try TPM2NetPacket.parse([0x9C, 0xDA, 0, 3, 3, 2, 1, 2, 3, 0x36])
        }
        #expect(throws: PacketError.truncated(.tpm2Net, needed: 10, got: 9)) {
            try TPM2NetPacket.parse([0x9C, 0xDA, 0, 3, 1, 1, 1, 2, 3])
        }
        #expect(throws: PacketError.unsupportedKind(.tpm2Net, kind: 0xC0)) { try TPM2NetPacket.parse([0x9C, 0xC0, 0, 0]) }
    }
}

@Suite struct OPCTests {
    @Test func aDatagramHoldsOneMessage() throws {
        let message = try OPCMessage.parse(datagram: [0, 0, 0, 6, 1, 2, 3, 4, 5, 6])
        #expect(message.channel == 0 && message.setsPixels && Array(message.data) == [1, 2, 3, 4, 5, 6])
        #expect(message.bytes == [0, 0, 0, 6, 1, 2, 3, 4, 5, 6])
        #expect(throws: PacketError.lengthMismatch(.opc, field: "data length", declared: 6, actual: 2)) {
            try OPCMessage.parse(datagram: [0, 0, 0, 6, 1, 2])
        }
    }

    @Test func theStreamDecoderJoinsChunksOfAnySize() {
        let stream: [UInt8] = [1, 0, 0, 3, 9, 8, 7] + [0, 255, 0, 2, 0xAA, 0xBB] + [2, 0, 0, 0] + [3, 0, 0, 1, 5]
        for chunkSize in 1...stream.count {
            var decoder = OPCStreamDecoder(maximumLength: 16)
            var messages: [OPCMessage] = []
            var index = 0
            while index < stream.count {
                messages += decoder.feed(stream[index..<min(stream.count, index + chunkSize)])
                index += chunkSize
            }
            #expect(decoder.failure == nil)
            #expect(messages == [OPCMessage(channel: 1, command: 0, data: [9, 8, 7]), OPCMessage(channel: 2, command: 0, data: []),
                                 OPCMessage(channel: 3, command: 0, data: [5])])
        }
    }

    @Test func aHeaderLongerThanTheMaximumEndsTheStreamAtOnce() {
        var decoder = OPCStreamDecoder(maximumLength: 1024)
        let messages = decoder.feed([0, 0, 0xFF, 0xFF, 1, 2, 3])
        #expect(messages.isEmpty)
        #expect(decoder.failure == .tooLong(.opc, length: 65535, maximum: 1024))
        #expect(decoder.feed([0, 0, 0, 0]).isEmpty)
    }
}

@Suite struct FlaschenTaschenImageTests {
    static func ppm(_ header: String, pixels: [UInt8], footer: String = "") -> [UInt8] {
        Array(header.utf8) + pixels + Array(footer.utf8)
    }

    @Test func theHeaderCommentGivesTheOffsetAndLayer() throws {
        let bytes = Self.ppm("P6     # Magic number\n2 1  # width height\n#FT: 5 8 13\n255\n", pixels: [1, 2, 3, 4, 5, 6])
        let image = try FlaschenTaschenImage.parse(bytes)
        #expect(image.width == 2 && image.height == 1)
        #expect(image.x == 5 && image.y == 8 && image.layer == 13)
        #expect(Array(image.pixels) == [1, 2, 3, 4, 5, 6])
    }

    @Test func theFooterGivesTheOffsetWhenTheHeaderDoesNot() throws {
        let image = try FlaschenTaschenImage.parse(Self.ppm("P6\n1 1\n255\n", pixels: [7, 8, 9], footer: "\n-3 # x\n4\n2\n"))
        #expect(image.x == -3 && image.y == 4 && image.layer == 2)
        let plain = try FlaschenTaschenImage.parse(Self.ppm("P6 1 1 255\n", pixels: [7, 8, 9]))
        #expect(plain.x == 0 && plain.y == 0 && plain.layer == 0)
    }

    @Test func badHeadersAndSizesAreRefused() {
        #expect(throws: PacketError.notThisProtocol(.flaschenTaschen)) { try FlaschenTaschenImage.parse(Array("P3\n1 1\n255\n".utf8)) }
        #expect(throws: PacketError.fieldOutOfRange(.flaschenTaschen, field: "maxval", value: 15)) {
            try FlaschenTaschenImage.parse(Self.ppm("P6\n1 1\n15\n", pixels: [1, 2, 3]))
        }
        #expect(throws: PacketError.fieldOutOfRange(.flaschenTaschen, field: "number", value: 9999)) {
            try FlaschenTaschenImage.parse(Self.ppm("P6\n99999999999999999999 1\n255\n", pixels: []))
        }
        #expect(throws: PacketError.truncated(.flaschenTaschen, needed: 23, got: 22)) {
            try FlaschenTaschenImage.parse(Self.ppm("P6\n2 2\n255\n", pixels: SpecPackets.ramp(11)))
        }
        #expect(throws: PacketError.fieldOutOfRange(.flaschenTaschen, field: "layer", value: 16)) {
            try FlaschenTaschenImage.parse(Self.ppm("P6\n1 1\n#FT: 0 0 16\n255\n", pixels: [1, 2, 3]))
        }
        #expect(throws: PacketError.malformedHeader(.flaschenTaschen, reason: "#FT: needs three numbers x y z")) {
            try FlaschenTaschenImage.parse(Self.ppm("P6\n1 1\n#FT: 1 2\n255\n", pixels: [1, 2, 3]))
        }
        #expect(throws: PacketError.fieldOutOfRange(.flaschenTaschen, field: "size", value: 0)) {
            try FlaschenTaschenImage.parse(Self.ppm("P6\n0 1\n255\n", pixels: []))
        }
    }
}
