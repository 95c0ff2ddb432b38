import Testing
import PixelNetwork
import PixelUI
@testable import PixelConfig

/// The `[network]` table: the flags' names and checks, with each problem on its own line.
struct NetworkTableTests {
    func problems(_ text: String) -> [String] {
        do {
            _ = try ConfigurationLoader.parse(text, file: "net.toml")
            return []
        } catch {
            return error.problems.map { "\($0.line) \($0.keyPath): \($0.message)" }
        }
    }

    @Test func everyKeyIsReadWithTheFlagsMeaning() throws {
        let text = """
            [network]
            protocols = "e131,ddp"
            listen = "0.0.0.0"
            timeout = 4
            universe = 7
            allow = ["192.168.1.0/24", "10.0.0.5"]

            [network.ports]
            ddp = 4049
            """
        let network = try ConfigurationLoader.parse(text).network
        #expect(network.protocols == [.e131, .ddp])
        #expect(network.listen == "0.0.0.0")
        #expect(network.timeoutNanoseconds == 4_000_000_000)
        #expect(network.universe == 7)
        #expect(network.port(for: .ddp) == 4049 && network.port(for: .e131) == 5568)
        #expect(network.allow.map(\.description) == ["192.168.1.0/24", "10.0.0.5/32"])
    }

    /// `start_channel` and `universe_size`: the channels as xLights and FPP number them, and a
    /// start past the universe's last channel refused on the start's line.
    @Test func startChannelAndUniverseSizeAreReadAndChecked() throws {
        let network = try ConfigurationLoader.parse("[network]\nprotocols = \"e131\"\nstart_channel = 4\nuniverse_size = 512\n").network
        #expect(network.startChannel == 4 && network.universeSize == 512 && network.channelsPerUniverse == 512)
        #expect(try ConfigurationLoader.parse("[network]\nprotocols = \"e131\"\n").network.channelsPerUniverse == 510)
        #expect(problems("[network]\nstart_channel = 0\n") == ["2 network.start_channel: must be the top-left pixel's first channel, 1...512 (got 0)"])
        #expect(problems("[network]\nuniverse_size = \"512\"\n") == ["2 network.universe_size: must be the channels a universe carries, a whole number in 1...512"])
        #expect(problems("[network]\nuniverse_size = 300\nstart_channel = 400\n")
            == ["3 network.start_channel: the start channel 400 is past the last channel a universe carries (300); lower start_channel or raise universe_size"])
    }

    @Test func aListOfProtocolsAnInlinePortTableAndFractionalSecondsWorkToo() throws {
        let text = """
            [network]
            protocols = ["artnet", "e131"]
            timeout = 0.5
            ports = { artnet = 6455 }
            allow = "127.0.0.1"
            """
        let network = try ConfigurationLoader.parse(text).network
        #expect(network.protocols == [.e131, .artNet])
        #expect(network.timeoutNanoseconds == 500_000_000)
        #expect(network.port(for: .artNet) == 6455)
        #expect(network.allow.count == 1)
    }

    @Test func noTableIsOffAndAllTurnsEveryProtocolOn() throws {
        #expect(try ConfigurationLoader.parse("").network == NetworkSetup())
        #expect(try ConfigurationLoader.parse("[network]\nprotocols = \"all\"\n").network.protocols == NetworkProtocol.allCases)
    }

    @Test func everyBadValueIsOneLineWithItsLineNumber() {
        let text = """
            [app]
            fps = 30

            [network]
            protocols = "e131,dmx"
            listen = "localhost"
            timeout = 0
            universe = 70000
            allow = ["10.0.0.0/33"]
            colour = "red"

            [network.ports]
            ddp = 0
            sacn = 5568
            opc = "x"
            """
        let found = problems(text)
        #expect(found.count == 9)
        #expect(found.allSatisfy { !$0.contains("\n") })
        #expect(found.map { String($0.prefix { $0 != ":" }) } == [
            "5 network.protocols", "6 network.listen", "7 network.timeout", "8 network.universe", "9 network.allow",
            "10 network.colour", "13 network.ports.ddp", "14 network.ports.sacn", "15 network.ports.opc",
        ])
        #expect(found[0].contains("'dmx' is no protocol"))
        #expect(found[2].contains("0.1...3600"))
        #expect(found[6].contains("1...65535"))
    }

    @Test func settingsStreamsIsReadAsDocsNetworkSays() throws {
        #expect(try ConfigurationLoader.parse("[settings]\nstreams = \"ignore-until-end\"\n").settings.streams == .ignoreUntilEnd)
        #expect(problems("[settings]\nstreams = \"never\"\n") == ["2 settings.streams: must be obey, ignore-until-end, ignore (got 'never')"])
    }

    @Test func aNetworkThatIsNotATableIsOneProblem() {
        #expect(problems("network = 3\n") == ["1 network: must be a table, written [network]"])
    }
}
