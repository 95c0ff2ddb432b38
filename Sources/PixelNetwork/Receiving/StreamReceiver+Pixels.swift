import PixelBus
import PixelCore

extension StreamReceiver {
    /// DDP: status queries answered to the sender; pixel data for the display (or all) shown
    /// on push when whole, checked against DDP's 4-bit sequence.
    func handleDDP(_ datagram: Datagram, on channel: any DatagramChannel) throws(PacketError) -> Outcome? {
        let packet = try DDPPacket.parse(datagram.bytes)
        if packet.flags.contains(.query) {
            if let answer = DDPStatusReply.reply(to: packet, json: statusJSON) { reply(answer, to: datagram.sender, on: channel) }
            return nil
        }
        guard packet.destination == DDPPacket.displayID || packet.destination == DDPPacket.allID,
              let format = packet.dataType.pixelFormat, !packet.flags.contains(.reply) else { return countIgnored() }
        // A pushing stream's order is judged by its assembler (stragglers of a pushed frame are
        // ignored there), so packets of one frame may arrive in any order.
        let pushes = assemblers[.ddp]?.ddpStreamPushes ?? false
        guard packet.sequence == 0 || ddpSequence.accept(packet.sequence) || pushes else { return countIgnored() }
        let push = packet.flags.contains(.push)
        let completed = assemble(.ddp) { $0.receiveDDP(offset: packet.offset, data: packet.data, format: format, push: push, sequence: packet.sequence) }
        return Outcome(completed: completed, activity: .standard)
    }

    /// OPC: set-pixels on channel 0 (broadcast) or 1 fills from pixel 0 and is shown at once.
    func handleOPC(_ message: OPCMessage) -> Outcome? {
        guard message.setsPixels, message.channel <= 1 else { return countIgnored() }
        let completed = assemble(.opc) { assembler in
            assembler.write(message.data, fromPixel: 0, format: .rgb)
            return assembler.present()
        }
        return Outcome(completed: completed, activity: .standard)
    }

    /// Flaschen-Taschen: the image into its layer at its offset, and the layers' composite
    /// shown (`FlaschenTaschenLayers`: black is transparent above layer 0).
    func handleFlaschenTaschen(_ image: FlaschenTaschenImage, at now: Int64) -> Outcome? {
        flaschenTaschenLayers.receive(image, at: now)
        return Outcome(completed: showFlaschenTaschenLayers(), activity: .standard)
    }

    /// Clears the Flaschen-Taschen layers above 0 that timed out by `now`, and shows what is
    /// left when any was.
    func expireFlaschenTaschenLayers(at now: Int64, into result: inout ReceiverPoll) {
        guard assemblers[.flaschenTaschen] != nil, flaschenTaschenLayers.expire(at: now) else { return }
        if showFlaschenTaschenLayers() { noteFrame(of: .flaschenTaschen, into: &result) }
    }

    /// The layers' composite through the Flaschen-Taschen assembler; true when it completed a frame.
    private func showFlaschenTaschenLayers() -> Bool {
        let composite = flaschenTaschenLayers.composite()
        return assemble(.flaschenTaschen) { assembler in
            assembler.write(composite[...], fromPixel: 0, format: .rgb)
            return assembler.present()
        }
    }

    /// TPM2.net: packets placed by their number, the frame shown when all its packets arrived
    /// in order (`TPM2FrameCheck`), never half; polls answered with 0xAC.
    func handleTPM2(_ datagram: Datagram, on channel: any DatagramChannel) throws(PacketError) -> Outcome? {
        switch try TPM2NetPacket.parse(datagram.bytes) {
        case .poll:
            reply(TPM2NetPacket.pollAnswer, to: datagram.sender, on: channel)
            return nil
        case let .data(packet):
            let whole: Bool, firstByte: Int
            switch tpm2Frames.arrive(number: packet.packetNumber, of: packet.packetCount, size: packet.data.count) {
            case .outOfOrder: return countIgnored()
            case let .open(first): (whole, firstByte) = (false, first)
            case let .whole(first): (whole, firstByte) = (true, first)
            }
            let completed = assemble(.tpm2Net) { assembler in
                assembler.write(packet.data, fromByte: firstByte, format: .rgb)
                return whole ? assembler.present() : false
            }
            return Outcome(completed: completed, activity: .standard)
        }
    }

    /// WLED UDP realtime: every packet is shown whole; its timeout byte sets how long the stream
    /// holds the display, and 0 ends it at once.
    func handleWLED(_ packet: WLEDRealtimePacket) -> Outcome? {
        let hold: StreamHold
        switch packet.timeout {
        case .leaveNow: return Outcome(ends: true)
        case .never: hold = .forever
        case let .seconds(seconds): hold = .nanoseconds(Int64(seconds) * 1_000_000_000)
        }
        let completed = assemble(.wledRealtime) { assembler in
            if packet.kind == .warls {
                var entry = packet.data.startIndex
                while entry + 4 <= packet.data.endIndex {
                    let index = Int(packet.data[entry])
                    assembler.write(packet.data[(entry + 1)..<(entry + 4)], fromPixel: index, format: .rgb)
                    entry += 4
                }
            } else {
                assembler.write(packet.data, fromPixel: packet.startIndex, format: packet.kind.pixelFormat)
            }
            return assembler.present()
        }
        return Outcome(completed: completed, activity: hold)
    }

    /// OPC over TCP: each connection's bytes through its own decoder; a connection whose
    /// message is too long, or one past `maximumOPCClients`, is dropped.
    func receiveOPC(from server: any StreamServer, at now: Int64, into result: inout ReceiverPoll) {
        for chunk in server.receive(maximum: chunksPerPoll, at: now) {
            counters.received += 1
            guard isAllowed(chunk.sender) else {
                counters.refused += 1
                server.drop(client: chunk.client)
                continue
            }
            guard var decoder = opcDecoders[chunk.client] ?? newOPCDecoder() else {
                server.drop(client: chunk.client)
                continue
            }
            opcDecoders[chunk.client] = nil
            let messages = decoder.feed(chunk.bytes)
            for message in messages { note(handleOPC(message), of: .opc, from: chunk.sender, into: &result) }
            if decoder.failure != nil {
                counters.malformed += 1
                server.drop(client: chunk.client)
            } else if !chunk.closed {
                opcDecoders[chunk.client] = decoder
            }
        }
    }

    private func newOPCDecoder() -> OPCStreamDecoder? {
        guard opcDecoders.count < Self.maximumOPCClients else { return nil }
        return OPCStreamDecoder()
    }
}
