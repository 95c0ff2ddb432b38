import ArgumentParser
import PixelBus
import PixelConfig
import PixelNetwork
import PixelRuntime

/// The network streams a live command receives, shared by `sim`, `web` and `run`; the same
/// names as the `[network]` table, whose values they override. Each value is typed and parsed
/// once, as ArgumentParser reads it.
struct NetworkOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Receive these streams: a comma-separated subset of e131,artnet,ddp,opc,flaschen,tpm2,wled-udp, or all (default: off, or the file's [network]).", valueName: "LIST"),
            transform: ProtocolChoice.parse)
    var network: ProtocolChoice?

    @Option(name: .long, help: ArgumentHelp("The IPv4 address to listen on (default: 127.0.0.1; 0.0.0.0 for every interface and E1.31 multicast; beyond loopback --network-allow is required).", valueName: "ADDR"),
            transform: parseNetworkListen)
    var networkListen: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Seconds without packets before the menu or effect comes back, 0.1...3600 (default: 2.5; WLED UDP's timeout byte overrides it).", valueName: "SECONDS"),
            transform: parseStreamTimeout)
    var networkTimeout: Int64?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The E1.31 universe or Art-Net port address of the top-left pixel, 1...63999 (default: 1).", valueName: "N"),
            transform: parseUniverse)
    var universe: UInt16?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The DMX channel of the top-left pixel's first byte in its universe, 1...512 (default: 1).", valueName: "N"),
            transform: parseStartChannel)
    var startChannel: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The channels each universe carries, 1...512 (default: 510, 170 RGB pixels; 512 runs pixels on into the next universe).", valueName: "N"),
            transform: parseUniverseSize)
    var universeSize: Int?

    @Option(name: .long, help: ArgumentHelp("Move one protocol off its standard port; repeat for several.", valueName: "PROTOCOL=PORT"),
            transform: PortAssignment.parse)
    var networkPort: [PortAssignment] = []

    @Option(name: .long, help: ArgumentHelp("Accept packets only from this address or network; repeat for several. Others are dropped and counted. Required beyond loopback (0.0.0.0/0 names every sender).", valueName: "CIDR"),
            transform: parseAddressRange)
    var networkAllow: [AddressRange] = []

    /// Gives the options over `setup` (the file's `[network]`, or none), then checks that the
    /// channels fit a universe.
    func apply(to setup: inout NetworkSetup) throws {
        if let network { setup.protocols = network.protocols }
        if let networkListen { setup.listen = networkListen }
        if let networkTimeout { setup.timeoutNanoseconds = networkTimeout }
        if let universe { setup.universe = universe }
        if let startChannel { setup.startChannel = startChannel }
        if let universeSize { setup.universeSize = universeSize }
        for assignment in networkPort { setup.ports[assignment.kind] = assignment.port }
        if !networkAllow.isEmpty { setup.allow = networkAllow }
        do {
            try setup.checkChannels(startFix: "--start-channel (start_channel in [network])", sizeFix: "--universe-size (universe_size)")
        } catch { throw OptionError.conflict(error.description) }
    }

    /// Gives the options over `setup`'s `[network]`, then checks what listening would expose:
    /// beyond loopback, with a protocol on, an allow list is required (the file's, or
    /// `--network-allow`).
    func apply(to setup: inout Setup) throws {
        try apply(to: &setup.network)
        do {
            try setup.network.checkExposure()
        } catch { throw OptionError.conflict(error.description) }
    }

    func validate() throws {
        var setup = NetworkSetup()
        try apply(to: &setup)
    }

    /// Checks the options as the whole network of a run without a configuration file (`sim`
    /// and `web` with flags only): a listen address beyond loopback needs `--network-allow`, so
    /// the run stops at option checking, before anything opens.
    func checkWithoutFile() throws {
        var setup = NetworkSetup()
        try apply(to: &setup)
        guard networkListen != nil, setup.listensBeyondLoopbackToAnyone else { return }
        throw OptionError.conflict(NetworkSetup.exposureProblem(listen: setup.listen, fix: NetworkSetup.allowFix).description)
    }
}
