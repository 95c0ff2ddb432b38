import PixelBus
import PixelConfig
import PixelNetwork

/// Opens the ports a `NetworkSetup` turns on, on the run's network, and says what it opened.
public enum NetworkPorts {
    /// The layout of a `width × height` display whose first universe is `setup.universe`.
    public static func layout(_ setup: NetworkSetup, width: Int, height: Int) throws -> StreamLayout {
        guard let layout = StreamLayout(width: width, height: height, firstUniverse: setup.universe, startAddress: setup.startChannel,
                                        channelsPerUniverse: setup.channelsPerUniverse) else {
            throw RuntimeError.outOfRange(what: "the panel for network streams", allowed: "1...\(StreamLayout.maximumSide) LEDs a side",
                                         got: "\(width)x\(height)")
        }
        return layout
    }

    /// A receiver on `network`'s ports for every protocol `setup` turns on. A port in use, an
    /// address not this machine's or a multicast group that cannot be joined throws one line
    /// naming the fix. Whether listening beyond loopback is allowed was checked with the set-up
    /// (`Setup.apply(_:)` and the `[network]` table's check), before anything opens.
    public static func openReceiver(_ setup: NetworkSetup, layout: StreamLayout, on network: any NetworkTransport) throws -> StreamReceiver {
        let address = setup.listenAddress
        var channels: [(NetworkProtocol, any DatagramChannel)] = []
        var server: (any StreamServer)?
        let groups = e131Groups(layout)
        for kind in setup.protocols {
            let endpoint = NetworkEndpoint(address: address, port: setup.port(for: kind))
            do throws(TransportError) {
                // OPC comes over TCP, and as UDP datagrams (one message each, as LedFx sends it)
                // on the same port number.
                if kind.isTCP { server = try network.openStreamServer(listening: endpoint, maximumClients: 4) }
                // Flaschen-Taschen and OPC send a whole picture a datagram: up to UDP's largest.
                var request = DatagramChannelRequest(endpoint: endpoint, receiveBufferBytes: receiveBufferBytes(layout),
                                                     maximumDatagramSize: kind == .flaschenTaschen || kind == .opc ? 65_507 : 2048)
                if kind == .e131 && address == 0 {
                    // Every interface: unicast, and each universe's group where the kernel routes it.
                    request.multicastGroups = groups
                } else if kind == .e131 && !endpoint.isLoopback {
                    // One interface's address: unicast on a socket bound to it (which also says when
                    // the address is not this machine's); multicast on one bound to every address (a
                    // socket bound to one gets none), the groups joined on that interface, and only
                    // the groups' datagrams that came in there kept.
                    channels.append((kind, try network.openDatagramChannel(request)))
                    request.endpoint = NetworkEndpoint(address: 0, port: endpoint.port)
                    request.multicastGroups = groups
                    request.multicastInterface = address
                } else if kind == .artNet && !endpoint.isLoopback {
                    // Controllers broadcast ArtPoll, and the reply states the node's address: on one
                    // address, its subnet's broadcasts too; on every address, where each poll came to.
                    request.receivesBroadcasts = address != 0
                    request.recordsLocalAddress = address == 0
                }
                channels.append((kind, try network.openDatagramChannel(request)))
            } catch {
                throw NetworkPortError(error, opening: kind)
            }
        }
        let allowed = setup.allow
        return StreamReceiver(layout: layout, channels: channels, opcServer: server, allow: allowed, replyAddress: address)
    }

    /// The receive buffer asked for each UDP port: about 4 KB a universe, as FPP sizes it, so
    /// a frame's burst fits, and at least 256 KB (the kernel may grant less).
    public static func receiveBufferBytes(_ layout: StreamLayout) -> Int {
        max(262_144, layout.universeCount * 4096)
    }

    /// E1.31's multicast group of each universe of `layout`.
    static func e131Groups(_ layout: StreamLayout) -> [UInt32] {
        (0..<layout.universeCount).map { E131Packet.multicastGroup(universe: layout.firstUniverse &+ UInt16($0)) }
    }

    /// What the run says once at start: each protocol and its port, and a warning when it
    /// listens beyond loopback.
    public static func startMessages(_ setup: NetworkSetup) -> [String] {
        guard setup.isOn else { return [] }
        let ports = setup.protocols.map { "\($0.displayName) \(setup.port(for: $0))" }.joined(separator: ", ")
        var messages = ["network: listening on \(setup.listen) for \(ports)"]
        let loopback = NetworkEndpoint(address: setup.listenAddress, port: 0).isLoopback
        if !loopback {
            let allowed = "senders allowed: " + setup.allow.map(\.description).joined(separator: ", ")
            messages.append("network: listening beyond loopback on \(setup.listen); \(allowed)")
            if setup.protocols.contains(.e131) {
                messages.append(setup.listenAddress == 0
                    ? "network: E1.31 joins the multicast group of each universe from \(setup.universe) (239.255.hi.lo)"
                    : "network: E1.31 joins the multicast group of each universe from \(setup.universe) (239.255.hi.lo) on the interface of \(setup.listen)")
            }
        }
        return messages
    }
}
