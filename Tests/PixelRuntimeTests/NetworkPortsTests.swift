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
            _ = try NetworkPorts.openReceiver(setup, layout: layout)
        }
    }
}
