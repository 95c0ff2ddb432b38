import ArgumentParser
import PixelRuntime

/// The network streams a live command receives, shared by `sim`, `web` and `run`; the same
/// names as the `[network]` table, whose values they override.
struct NetworkOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Receive these streams: a comma-separated subset of e131,artnet,ddp,opc,flaschen,tpm2,wled-udp, or all (default: off, or the file's [network]).", valueName: "LIST"))
    var network: String?

    @Option(name: .long, help: ArgumentHelp("The IPv4 address to listen on (default: 127.0.0.1; 0.0.0.0 for every interface and E1.31 multicast; beyond loopback --network-allow is required).", valueName: "ADDR"))
    var networkListen: String?

    @Option(name: .long, parsing: .unconditional, help: "Seconds without packets before the menu or effect comes back, 0.1...3600 (default: 2.5; WLED UDP's timeout byte overrides it).")
    var networkTimeout: Double?

    @Option(name: .long, parsing: .unconditional, help: "The E1.31 universe or Art-Net port address of the top-left pixel, 1...63999 (default: 1).")
    var universe: Int?

    @Option(name: .long, parsing: .unconditional, help: "The DMX channel of the top-left pixel's first byte in its universe, 1...512 (default: 1).")
    var startChannel: Int?

    @Option(name: .long, parsing: .unconditional, help: "The channels each universe carries, 1...512 (default: 510, 170 RGB pixels; 512 runs pixels on into the next universe).")
    var universeSize: Int?

    @Option(name: .long, help: ArgumentHelp("Move one protocol off its standard port; repeat for several.", valueName: "PROTOCOL=PORT"))
    var networkPort: [String] = []

    @Option(name: .long, help: ArgumentHelp("Accept packets only from this address or network; repeat for several. Others are dropped and counted. Required beyond loopback (0.0.0.0/0 names every sender).", valueName: "CIDR"))
    var networkAllow: [String] = []

    /// The flags as the runtime takes them.
    var flags: NetworkFlags {
        var flags = NetworkFlags()
        flags.protocols = network; flags.listen = networkListen; flags.timeoutSeconds = networkTimeout
        flags.universe = universe; flags.startChannel = startChannel; flags.universeSize = universeSize
        flags.ports = networkPort; flags.allow = networkAllow
        return flags
    }

    func validate() throws {
        try flags.check()
    }
}
