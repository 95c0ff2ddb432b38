import PixelBus
import PixelNetwork

/// The network parsers' fuzz targets: each input is one datagram (or, for OPC, a TCP stream);
/// what parses goes on into the frame assembler, as a receiver would use it.
enum NetworkFuzzing {
    /// A 7×5 frame over universes of 4 pixels from universe 1, channel 3: small enough that
    /// inputs reach its edges.
    static let layout = StreamLayout(width: 7, height: 5, firstUniverse: 1, startAddress: 3, pixelsPerUniverse: 4)!

    static func e131(_ data: [UInt8]) {
        guard let packet = try? E131Packet.parse(data) else { return }
        var arbiter = E131SourceArbiter(maximumSources: 2)
        var assembler = StreamFrameAssembler(layout: layout)
        switch packet {
        case let .data(dmx):
            if arbiter.admit(dmx, at: 0) == .accept {
                _ = assembler.receiveUniverse(dmx.universe, channels: dmx.channels, waitsForSync: dmx.syncAddress != 0)
            }
            _ = dmx.sourceName
        case .sync: _ = assembler.receiveSync()
        case .discovery: break
        }
    }

    static func artNet(_ data: [UInt8]) {
        guard let packet = try? ArtNetPacket.parse(data) else { return }
        var assembler = StreamFrameAssembler(layout: layout)
        switch packet {
        case let .dmx(dmx): _ = assembler.receiveUniverse(dmx.portAddress, channels: dmx.channels, waitsForSync: false)
        case .poll: precondition(ArtPollReply(address: [127, 0, 0, 1], portAddresses: [1, 2]).packets.count == 2)
        case .sync: _ = assembler.receiveSync()
        }
    }

    static func ddp(_ data: [UInt8]) {
        guard let packet = try? DDPPacket.parse(data) else { return }
        let again = try? DDPPacket.parse(packet.bytes)
        precondition(again == packet, "a DDP packet does not survive being written back")
        _ = DDPStatusReply.reply(to: packet, json: "{}")
        var assembler = StreamFrameAssembler(layout: layout)
        if let format = packet.dataType.pixelFormat {
            _ = assembler.receiveDDP(offset: packet.offset, data: packet.data, format: format, push: packet.flags.contains(.push))
        }
    }

    static func opc(_ data: [UInt8]) {
        var decoder = OPCStreamDecoder(maximumLength: 3 * layout.pixelCount)
        let chunkSize = Int(data.first ?? 1) % 17 + 1
        var index = 0
        var assembler = StreamFrameAssembler(layout: layout)
        while index < data.count, decoder.failure == nil {
            for message in decoder.feed(data[index..<min(data.count, index + chunkSize)]) where message.setsPixels {
                assembler.write(message.data, fromPixel: 0, format: .rgb)
            }
            index += chunkSize
        }
        _ = try? OPCMessage.parse(datagram: data)
    }

    static func flaschenTaschen(_ data: [UInt8]) {
        guard let image = try? FlaschenTaschenImage.parse(data) else { return }
        var layers = FlaschenTaschenLayers(width: layout.width, height: layout.height)
        layers.receive(image, at: 0)
        _ = layers.composite()
        _ = layers.expire(at: FlaschenTaschenLayers.standardTimeoutNanoseconds)
    }

    /// The input through a receiver, as one datagram and then cut where a packet start byte
    /// (0x9C) begins another, so a frame of several packets, in or out of order, is assembled.
    static func tpm2(_ data: [UInt8]) {
        let channel = SimulatedDatagramChannel()
        let receiver = StreamReceiver(layout: layout, channels: [(.tpm2Net, channel)])
        let sender = NetworkEndpoint(address: 0x7F00_0001, port: 1)
        channel.inject(data, from: sender)
        var start = 0
        for index in data.indices.dropFirst() where data[index] == TPM2NetPacket.startByte {
            channel.inject(Array(data[start..<index]), from: sender)
            start = index
        }
        channel.inject(Array(data[start...]), from: sender)
        _ = receiver.poll(at: 0)
    }

    static func wledRealtime(_ data: [UInt8]) {
        guard let packet = try? WLEDRealtimePacket.parse(data) else { return }
        var assembler = StreamFrameAssembler(layout: layout)
        if packet.kind == .warls {
            var index = packet.data.startIndex
            while index + 3 < packet.data.endIndex {
                assembler.write(packet.data[(index + 1)...(index + 3)], fromPixel: Int(packet.data[index]), format: .rgb)
                index += 4
            }
        } else {
            assembler.write(packet.data, fromPixel: packet.startIndex, format: packet.kind.pixelFormat)
        }
        _ = assembler.present()
        _ = packet.timeout.nanoseconds
    }
}
