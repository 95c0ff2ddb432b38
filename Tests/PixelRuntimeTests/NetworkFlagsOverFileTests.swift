import Testing
import PixelConfig
import PixelNetwork
import PixelRuntime

/// The `--network…` flags given over a file's `[network]` table: a flag replaces the file's
/// value, and what no flag gives stays as the file says.
struct NetworkFlagsOverFileTests {
    static let file = """
        [network]
        protocols = "e131"
        listen = "0.0.0.0"
        timeout = 5
        universe = 3
        ports = { e131 = 5569, ddp = 4049 }
        allow = "10.0.0.0/8"
        """

    @Test func flagsOverrideTheFileKeyByKey() throws {
        var setup = try ConfigurationLoader.parse(Self.file)
        var flags = NetworkFlags()
        flags.protocols = "ddp"
        flags.universe = 9
        flags.ports = ["ddp=4050"]
        try setup.apply(flags)
        #expect(setup.network.protocols == [.ddp])
        #expect(setup.network.universe == 9)
        #expect(setup.network.port(for: .ddp) == 4050)
        #expect(setup.network.port(for: .e131) == 5569)
        #expect(setup.network.listen == "0.0.0.0")
        #expect(setup.network.timeoutNanoseconds == 5_000_000_000)
        #expect(setup.network.allow.map(\.description) == ["10.0.0.0/8"])
    }

    @Test func noFlagsLeaveTheFileAsItIs() throws {
        var setup = try ConfigurationLoader.parse(Self.file)
        let before = setup.network
        try setup.apply(NetworkFlags())
        #expect(setup.network == before)
    }
}
