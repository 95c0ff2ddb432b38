import PixelConfig
import PixelNetwork
@testable import pixelwheel
import Testing

/// The `--network…` options given over a file's `[network]` table, parsed as ArgumentParser
/// parses them: a typed value per option, read once; an option replaces the file's value, and
/// what no option gives stays as the file says.
struct NetworkOptionsOverFileTests {
    static let file = """
        [network]
        protocols = "e131"
        listen = "0.0.0.0"
        timeout = 5
        universe = 3
        ports = { e131 = 5569, ddp = 4049 }
        allow = "10.0.0.0/8"
        """

    @Test func optionsOverrideTheFileKeyByKey() throws {
        var setup = try ConfigurationLoader.parse(Self.file)
        let options = try NetworkOptions.parse(["--network", "ddp", "--universe", "9", "--network-port", "ddp=4050"])
        try options.apply(to: &setup)
        #expect(setup.network.protocols == [.ddp])
        #expect(setup.network.universe == 9)
        #expect(setup.network.port(for: .ddp) == 4050)
        #expect(setup.network.port(for: .e131) == 5569)
        #expect(setup.network.listen == "0.0.0.0")
        #expect(setup.network.timeoutNanoseconds == 5_000_000_000)
        #expect(setup.network.allow.map(\.description) == ["10.0.0.0/8"])
    }

    @Test func noOptionsLeaveTheFileAsItIs() throws {
        var setup = try ConfigurationLoader.parse(Self.file)
        let before = setup.network
        try NetworkOptions.parse([]).apply(to: &setup)
        #expect(setup.network == before)
    }

    @Test func anOptionThatTurnsStreamsOnOverAFilesOpenAddressNeedsAnAllowList() throws {
        var setup = try ConfigurationLoader.parse("[network]\nlisten = \"0.0.0.0\"\n")
        var refused = setup
        #expect(throws: OptionError.self) { try NetworkOptions.parse(["--network", "ddp"]).apply(to: &refused) }
        try NetworkOptions.parse(["--network", "ddp", "--network-allow", "10.0.0.0/8"]).apply(to: &setup)
        #expect(setup.network.protocols == [.ddp])
    }

    @Test func optionsAloneListeningBeyondLoopbackNeedAnAllowOption() throws {
        let message = "listening on 0.0.0.0 would let any machine that reaches this one take the display; name the senders with --network-allow CIDR"
        #expect(throws: OptionError.conflict(NetworkSetup.exposureProblem(listen: "0.0.0.0", fix: NetworkSetup.allowFix).description)) {
            try NetworkOptions.parse(["--network-listen", "0.0.0.0"]).checkWithoutFile()
        }
        #expect(NetworkSetup.exposureProblem(listen: "0.0.0.0", fix: NetworkSetup.allowFix).description.hasPrefix(message))
        try NetworkOptions.parse(["--network-listen", "0.0.0.0", "--network-allow", "192.168.1.0/24"]).checkWithoutFile()
        try NetworkOptions.parse(["--network-listen", "127.0.0.1"]).checkWithoutFile()
    }

    /// A bad value is refused where it is read, with the option's name and the owner's line.
    @Test(arguments: [
        (["--network", "e131,dmx"], "--network", "'dmx' is no protocol"),
        (["--network-listen", "my-pi"], "--network-listen", "'my-pi' is not an IPv4 address"),
        (["--network-port", "e131=0"], "--network-port", "the port of e131 must be 1...65535"),
        (["--network-allow", "10.0.0/8"], "--network-allow", "'10.0.0/8' is not an IPv4 address or network"),
        (["--universe", "64000"], "--universe", "must be a universe in 1...63999"),
        (["--network-timeout", "0"], "--network-timeout", "must be seconds in 0.1...3600"),
    ])
    func aBadValueIsRefusedWithItsOptionAndTheProblem(arguments: [String], option: String, problem: String) {
        do {
            _ = try NetworkOptions.parse(arguments)
            Issue.record("\(arguments) was accepted")
        } catch {
            let message = NetworkOptions.message(for: error)
            #expect(message.contains(option) && message.contains(problem), "\(message)")
        }
    }
}
