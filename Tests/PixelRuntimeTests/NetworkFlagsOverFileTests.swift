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

    @Test func aFlagThatTurnsStreamsOnOverAFilesOpenAddressNeedsAnAllowList() throws {
        var setup = try ConfigurationLoader.parse("[network]\nlisten = \"0.0.0.0\"\n")
        var flags = NetworkFlags()
        flags.protocols = "ddp"
        var refused = setup
        #expect(throws: OptionError.self) { try refused.apply(flags) }
        flags.allow = ["10.0.0.0/8"]
        try setup.apply(flags)
        #expect(setup.network.protocols == [.ddp])
    }

    @Test func flagsAloneListeningBeyondLoopbackNeedAnAllowFlag() throws {
        var flags = NetworkFlags()
        flags.listen = "0.0.0.0"
        let message = "listening on 0.0.0.0 would let any machine that reaches this one take the display; name the senders with --network-allow CIDR"
        #expect(throws: OptionError.conflict(NetworkSetup.exposureProblem(listen: "0.0.0.0", fix: NetworkSetup.allowFix).description)) {
            try flags.checkWithoutFile()
        }
        #expect(NetworkSetup.exposureProblem(listen: "0.0.0.0", fix: NetworkSetup.allowFix).description.hasPrefix(message))
        flags.allow = ["192.168.1.0/24"]
        try flags.checkWithoutFile()
        flags.allow = []
        flags.listen = "127.0.0.1"
        try flags.checkWithoutFile()
    }
}
