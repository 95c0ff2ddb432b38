import PixelBus

extension StreamReceiver {
    /// E1.31: data through the universe's source arbiter; sync; stream termination ends the
    /// stream at once when it came from the source that held the universe. Data naming a sync
    /// universe is held for its sync packet only while that universe's sync packets keep coming
    /// (`E131SyncMode`); before the first, it is shown as it arrives. Data naming a sync
    /// universe outside the panel asks `channel` for that universe's group, so a sync
    /// sent by multicast arrives (at most `maximumSyncGroups` of them; a new one leaves the
    /// group asked for longest ago).
    func handleE131(_ datagram: Datagram, on channel: any DatagramChannel, at now: Int64) throws(PacketError) -> Outcome? {
        switch try E131Packet.parse(datagram.bytes) {
        case let .data(packet):
            guard layout.index(ofUniverse: packet.universe) != nil else {
                return countIgnored()
            }
            var arbiter = arbiters[packet.universe] ?? E131SourceArbiter()
            let heldBefore = arbiter.owner
            let verdict = arbiter.admit(packet, at: now)
            arbiters[packet.universe] = arbiter
            if verdict == .terminated {
                let ended = heldBefore == packet.source && arbiter.owner == nil
                return ended ? Outcome(ends: true) : countIgnored()
            }
            guard verdict == .accept else { return countIgnored() }
            let named = packet.syncAddress != 0
            if named && layout.index(ofUniverse: packet.syncAddress) == nil { askForSyncGroup(packet.syncAddress, on: channel) }
            let waits = e131Sync.waitsForSync(universe: packet.syncAddress, at: now)
            let completed = assemble(.e131) {
                $0.receiveUniverse(packet.universe, channels: packet.channels, waitsForSync: waits)
            }
            return Outcome(completed: completed, activity: .standard)
        case let .sync(packet):
            e131Sync.noteSync(universe: packet.syncAddress, at: now)
            return Outcome(completed: assemble(.e131) { $0.receiveSync() }, activity: .standard)
        case .discovery:
            return nil
        }
    }

    /// Joins sync universe `universe`'s group on `channel` unless it was asked for already or
    /// is not a universe (1...63999), leaving the oldest when `maximumSyncGroups` are held.
    private func askForSyncGroup(_ universe: UInt16, on channel: any DatagramChannel) {
        guard (1...63_999).contains(universe), !syncGroupsAsked.contains(universe) else { return }
        if syncGroupsAsked.count >= Self.maximumSyncGroups {
            channel.leaveGroup(E131Packet.multicastGroup(universe: syncGroupsAsked.removeFirst()))
        }
        syncGroupsAsked.append(universe)
        channel.joinGroup(E131Packet.multicastGroup(universe: universe))
    }

    /// Art-Net: ArtDmx (held for ArtSync while syncs keep coming), ArtSync, and ArtPoll answered
    /// with one ArtPollReply per universe of the layout, to the poller on Art-Net's port. The
    /// reply's IP Address and BindIp are the listen address, or, listening on every address,
    /// the one the poll came to (its interface's, for a broadcast poll), as Art-Net 4 asks.
    func handleArtNet(_ datagram: Datagram, on channel: any DatagramChannel, at now: Int64) throws(PacketError) -> Outcome? {
        switch try ArtNetPacket.parse(datagram.bytes) {
        case let .dmx(packet):
            guard layout.index(ofUniverse: packet.portAddress) != nil else { return countIgnored() }
            var window = artNetSequences[packet.portAddress] ?? .artNet
            let inSequence = window.accept(packet.sequence)
            artNetSequences[packet.portAddress] = window
            guard inSequence else { return countIgnored() }
            let waits = artNetSync.waitsForSync(at: now)
            let completed = assemble(.artNet) {
                $0.receiveUniverse(packet.portAddress, channels: packet.channels, waitsForSync: waits)
            }
            return Outcome(completed: completed, activity: .standard)
        case .sync:
            artNetSync.noteSync(at: now)
            return Outcome(completed: assemble(.artNet) { $0.receiveSync() }, activity: .standard)
        case .poll:
            let universes = (0..<min(layout.universeCount, 255)).map { layout.firstUniverse &+ UInt16($0) }
            let own = replyAddress != 0 ? replyAddress : datagram.localAddress
            let replies = ArtPollReply(address: NetworkEndpoint(address: own, port: 0).addressBytes, portAddresses: universes)
            let poller = NetworkEndpoint(address: datagram.sender.address, port: ArtPollReply.port)
            for packet in replies.packets { reply(packet, to: poller, on: channel) }
            return nil
        }
    }
}
