import Testing
import PixelPanels
@testable import PixelConfig

/// Sending panels in `[[panel]]` tables: several are the tiles of one main canvas.
struct SendingPanelTableTests {
    static func tile(_ host: String, x: Int, extra: String = "") -> String {
        "[[panel]]\ntype = \"ddp\"\nhost = \"\(host)\"\nwidth = 8\nheight = 4\nx = \(x)\n\(extra)\n"
    }

    @Test func threeDDPPanelsAreOneCanvasOfThreeTiles() throws {
        let text = Self.tile("10.0.0.2", x: 0) + Self.tile("10.0.0.3", x: 8) + Self.tile("10.0.0.4", x: 16)
        let setup = try ConfigurationLoader.parse(text)
        #expect(setup.panels.count == 1)
        let main = try #require(setup.mainPanel)
        guard case let .network(wall) = main.description.kind else { Issue.record("not a sending panel"); return }
        #expect(wall.tiles.map(\.destination) == ["10.0.0.2:4048", "10.0.0.3:4048", "10.0.0.4:4048"])
        #expect(wall.width == 24 && wall.height == 4)
    }

    @Test func aSendingPanelBesideAnotherMainPanelIsStillRefused() {
        let text = Self.tile("10.0.0.2", x: 0) + "[[panel]]\ntype = \"ws2812\"\nwidth = 4\nheight = 4\n"
        #expect(throws: ConfigurationError.self) { try ConfigurationLoader.parse(text) }
    }

    @Test func aBadHostIsOneProblemOnItsLine() {
        let text = "[[panel]]\ntype = \"e131\"\nhost = \"pixel_local\"\n"
        do {
            _ = try ConfigurationLoader.parse(text, file: "wall.toml")
            Issue.record("accepted")
        } catch {
            #expect(error.problems.map { "\($0.line) \($0.keyPath)" } == ["3 panel[1].host"])
        }
    }

    @Test func aHostNameIsKeptToResolveAtStartAndABadAddressIsStillRefused() throws {
        let setup = try ConfigurationLoader.parse(Self.tile("wall-left.local", x: 0))
        let main = try #require(setup.mainPanel)
        guard case let .network(wall) = main.description.kind else { Issue.record("not a sending panel"); return }
        #expect(wall.tiles.map(\.destination) == ["wall-left.local:4048"])
        #expect(wall.tiles.map(\.hostName) == ["wall-left.local"])
        for bad in ["300.1.2.3", "wall..left", "-wall", "wall_left", "10.0.0"] {
            #expect(!NetworkSenderConfiguration.isHostName(bad), "\(bad)")
            #expect(throws: ConfigurationError.self) { try ConfigurationLoader.parse(Self.tile(bad, x: 0)) }
        }
    }
}
