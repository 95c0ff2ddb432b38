import PixelConfig
import PixelPanels
@testable import PixelRuntime
import Testing

/// A sending panel's `host=` may be a name: the session resolves it once at start, and a name
/// with no address stops the run with one line naming the fix.
struct SendingPanelHostNameTests {
    static func setup(_ host: String) throws -> Setup {
        try ConfigurationLoader.parse("[[panel]]\ntype = \"ddp\"\nhost = \"\(host)\"\nwidth = 8\nheight = 4\n")
    }

    static func tiles(_ setup: Setup) -> [NetworkSenderConfiguration.Tile] {
        guard case let .network(configuration)? = setup.mainPanel?.description.kind else { return [] }
        return configuration.tiles
    }

    @Test func aNameIsResolvedOnceAndKeptForMessages() throws {
        var asked: [String] = []
        let resolved = try Session.resolvingHostNames(try Self.setup("wall-left.local")) { name in
            asked.append(name)
            return 0x0A00_0005
        }
        #expect(asked == ["wall-left.local"])
        #expect(Self.tiles(resolved).map(\.host) == [0x0A00_0005])
        #expect(Self.tiles(resolved).map(\.destination) == ["wall-left.local:4048"])
    }

    @Test func aDottedAddressIsNotLookedUp() throws {
        let resolved = try Session.resolvingHostNames(try Self.setup("10.0.0.9")) { _ in
            Issue.record("looked up")
            return nil
        }
        #expect(Self.tiles(resolved).map(\.host) == [0x0A00_0009])
    }

    @Test func aNameWithNoAddressIsOneLineNamingTheFix() throws {
        let setup = try Self.setup("wall-left.local")
        #expect(throws: RuntimeError.unusable("panel ddp host=wall-left.local: no IPv4 address found for this name; "
            + "give the receiver's dotted address (host=192.168.1.50), or make the name resolve (DNS, mDNS or /etc/hosts)")) {
            _ = try Session.resolvingHostNames(setup) { _ in nil }
        }
    }
}
