import PixelBus
import PixelConfig
import PixelNetwork
@testable import PixelRuntime
import PixelSystem
import Testing

/// What a run with network streams says at start, and the listen address it refuses, from
/// `NetworkPorts` (the real sockets; only addresses no test can bind are used).
struct NetworkPortsTests {
    static func setup(listen: String, _ protocols: [NetworkProtocol]) throws -> NetworkSetup {
        var setup = NetworkSetup()
        setup.protocols = protocols
        setup.listen = listen
        setup.allow = [try #require(AddressRange(parsing: "192.168.1.0/24"))]
        return setup
    }

    @Test func e131SaysWhereItJoinsTheGroups() throws {
        let everywhere = NetworkPorts.startMessages(try Self.setup(listen: "0.0.0.0", [.e131]))
        #expect(everywhere.contains("network: E1.31 joins the multicast group of each universe from 1 (239.255.hi.lo)"))
        let one = NetworkPorts.startMessages(try Self.setup(listen: "192.168.1.50", [.e131, .ddp]))
        #expect(one.first == "network: listening on 192.168.1.50 for E1.31 5568, DDP 4048")
        #expect(one.contains("network: E1.31 joins the multicast group of each universe from 1 (239.255.hi.lo) on the interface of 192.168.1.50"))
        #expect(NetworkPorts.startMessages(try Self.setup(listen: "127.0.0.1", [.e131])).count == 1, "loopback: no warning, no groups")
    }

    /// E1.31 on one address binds every address for its multicast, so its unicast socket,
    /// bound to the address itself, must still name an address this machine does not have.
    @Test func e131OnAnAddressNotOfThisMachineIsRefusedInOneLine() throws {
        let setup = try Self.setup(listen: "192.0.2.77", [.e131])
        let layout = try NetworkPorts.layout(setup, width: 8, height: 8)
        #expect(throws: NetworkPortError.addressNotAvailable(NetworkEndpoint(address: setup.listenAddress, port: 5568))) {
            _ = try NetworkPorts.openReceiver(setup, layout: layout, on: SocketTransport())
        }
    }

    /// The ports each protocol asks the network for, seen on a simulated one: E1.31 on one
    /// address is a unicast port there and a multicast port on every address that keeps that
    /// interface's groups; Art-Net on one address also hears its broadcasts.
    @Test func eachProtocolAsksForThePortsItNeeds() throws {
        let setup = try Self.setup(listen: "192.168.1.50", [.e131, .artNet, .opc])
        let network = SimulatedNetwork()
        let layout = try NetworkPorts.layout(setup, width: 32, height: 16)
        _ = try NetworkPorts.openReceiver(setup, layout: layout, on: network)
        let address = setup.listenAddress
        let requests = network.requests
        try #require(requests.count == 4)
        #expect(requests[0].endpoint == NetworkEndpoint(address: address, port: 5568) && requests[0].multicastGroups.isEmpty)
        #expect(requests[1].endpoint == NetworkEndpoint(address: 0, port: 5568) && requests[1].multicastInterface == address)
        #expect(requests[1].multicastGroups == [0xEFFF_0001, 0xEFFF_0002, 0xEFFF_0003, 0xEFFF_0004], "512 LEDs: four universes of 170 from 1")
        #expect(requests[2].endpoint.port == 6454 && requests[2].receivesBroadcasts && !requests[2].recordsLocalAddress)
        #expect(requests[3].endpoint.port == 7890 && requests[3].maximumDatagramSize == 65_507)
        #expect(network.servers[NetworkEndpoint(address: address, port: 7890)] != nil, "OPC's TCP port")
    }

    /// The sockets say only the call and the cause; the runtime's line names the port's
    /// protocol and the fix.
    @Test func aTransportErrorBecomesTheLineThatNamesTheFix() throws {
        let setup = try Self.setup(listen: "127.0.0.1", [.ddp])
        let network = SimulatedNetwork()
        network.refuse(NetworkEndpoint(address: 0x7F00_0001, port: 4048))
        let layout = try NetworkPorts.layout(setup, width: 8, height: 8)
        #expect(throws: NetworkPortError.portInUse(.ddp, NetworkEndpoint(address: 0x7F00_0001, port: 4048))) {
            _ = try NetworkPorts.openReceiver(setup, layout: layout, on: network)
        }
        let full = TransportError(call: .joinGroup, endpoint: NetworkEndpoint(dotted: "239.255.0.3", port: 5568)!,
                                  cause: .noBufferSpace, errno: 105, meaning: "No buffer space available")
        let text = NetworkPortError(full, opening: .e131).description
        #expect(text.hasPrefix("cannot join the E1.31 multicast group 239.255.0.3 of universe 3 (No buffer space available); "))
        #expect(text.contains("sysctl -w net.ipv4.igmp_max_memberships=64"))
        let unrouted = TransportError(call: .joinGroup, endpoint: full.endpoint, cause: .noDevice, errno: 19, meaning: "No such device")
        #expect(NetworkPortError(unrouted, opening: .e131).description.contains("ip route add 239.255.0.0/16 dev IFACE"))
        let other = TransportError(call: .listen, endpoint: NetworkEndpoint(dotted: "127.0.0.1", port: 7890)!, cause: .other, errno: 22,
                                   meaning: "Invalid argument")
        #expect(NetworkPortError(other, opening: .opc).description == "OPC on 127.0.0.1:7890: listen failed (Invalid argument)")
    }

    /// The runtime's line names the setting in the configuration file's words; the command line
    /// asks for it with its own option names.
    @Test func theFixNamesTheSettingAsTheLayerThatKnowsSpellsIt() throws {
        let error = NetworkPortError.portInUse(.e131, NetworkEndpoint(address: 0x7F00_0001, port: 5568))
        #expect(error.description == "E1.31 port 127.0.0.1:5568 is already bound by another program; pick another with ports.e131 in [network]")
        #expect(error.message(naming: { setting in setting == .networkPort(protocolName: "e131") ? "--network-port e131=PORT" : "?" })
                == "E1.31 port 127.0.0.1:5568 is already bound by another program; pick another with --network-port e131=PORT")
        #expect(!error.description.contains("--"), "no flag in the runtime's own words")
    }
}
