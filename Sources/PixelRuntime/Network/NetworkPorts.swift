import PixelConfig
import PixelNetwork
import PixelSystem

/// Opens the ports a `NetworkSetup` turns on, on this machine's sockets, and says what it opened.
public enum NetworkPorts {
    /// The layout of a `width × height` display whose first universe is `setup.universe`.
    public static func layout(_ setup: NetworkSetup, width: Int, height: Int) throws -> StreamLayout {
        guard let layout = StreamLayout(width: width, height: height, firstUniverse: setup.universe, startAddress: setup.startChannel,
                                        channelsPerUniverse: setup.channelsPerUniverse) else {
            throw OptionError.outOfRange(option: "the panel for network streams", allowed: "1...\(StreamLayout.maximumSide) LEDs a side",
                                         got: "\(width)x\(height)")
        }
        return layout
    }

    /// A receiver on real sockets for every protocol `setup` turns on. A port in use, an address
    /// not this machine's or a multicast group that cannot be joined throws one line naming the fix.
    /// Whether listening beyond loopback is allowed was checked with the set-up
    /// (`Setup.apply(_:)` and the `[network]` table's check), before anything opens.
    public static func openReceiver(_ setup: NetworkSetup, layout: StreamLayout) throws -> StreamReceiver {
        let address = setup.listenAddress
        var channels: [(NetworkProtocol, any DatagramChannel)] = []
        var server: (any StreamServer)?
        let groups = e131Groups(layout)
        for kind in setup.protocols {
            let endpoint = NetworkEndpoint(address: address, port: setup.port(for: kind))
            // OPC comes over TCP, and as UDP datagrams (one message each, as LedFx sends it)
            // on the same port number.
            if kind.isTCP { server = try TCPStreamServer(listening: endpoint, for: kind) }
            let buffer = receiveBufferBytes(layout)
            // Flaschen-Taschen and OPC send a whole picture a datagram: up to UDP's largest.
            let maximumSize = kind == .flaschenTaschen || kind == .opc ? 65_507 : 2048
            let socket: UDPSocket
            if kind == .e131 && address == 0 {
                // Every interface: unicast, and each universe's group where the kernel routes it.
                socket = try UDPSocket(binding: endpoint, for: kind, receiveBufferBytes: buffer,
                                       maximumDatagramSize: maximumSize, multicastGroups: groups)
            } else if kind == .e131 && !endpoint.isLoopback {
                // One interface's address: unicast on a socket bound to it (which also says when
                // the address is not this machine's); multicast on one bound to every address (a
                // socket bound to one gets none), the groups joined on that interface, and only
                // the groups' datagrams that came in there kept.
                channels.append((kind, try UDPSocket(binding: endpoint, for: kind, receiveBufferBytes: buffer, maximumDatagramSize: maximumSize)))
                socket = try UDPSocket(binding: NetworkEndpoint(address: 0, port: endpoint.port), for: kind, receiveBufferBytes: buffer,
                                       maximumDatagramSize: maximumSize, multicastGroups: groups, multicastInterface: address)
            } else if kind == .artNet && !endpoint.isLoopback {
                // Controllers broadcast ArtPoll, and the reply states the node's address: on one
                // address, its subnet's broadcasts too; on every address, where each poll came to.
                socket = try UDPSocket(binding: endpoint, for: kind, receiveBufferBytes: buffer, maximumDatagramSize: maximumSize,
                                       receivesBroadcasts: address != 0, recordsLocalAddress: address == 0)
            } else {
                socket = try UDPSocket(binding: endpoint, for: kind, receiveBufferBytes: buffer, maximumDatagramSize: maximumSize)
            }
            channels.append((kind, socket))
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
    static func e131Groups(_ layout: StreamLayout) -> [(group: UInt32, universe: UInt16)] {
        (0..<layout.universeCount).map { index in
            let universe = layout.firstUniverse &+ UInt16(index)
            return (UDPSocket.e131Group(universe: universe), universe)
        }
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
