import PixelBus
import PixelNetwork
import TOMLKit

/// The `[network]` table: the same names and checks as the `--network…` flags (through
/// `NetworkSetup`), each problem one line with the key's line number.
///
/// ```toml
/// [network]
/// protocols = "e131,ddp"        # or ["e131", "ddp"], or "all" (--network)
/// listen = "0.0.0.0"            # --network-listen
/// timeout = 2.5                 # seconds, --network-timeout
/// universe = 1                  # --universe
/// start_channel = 1             # --start-channel
/// universe_size = 510           # --universe-size (512: pixels run on into the next universe)
/// ports = { ddp = 4049 }        # --network-port ddp=4049 (or a [network.ports] table)
/// allow = ["192.168.1.0/24"]    # --network-allow, one entry or a list
/// ```
enum NetworkTable {
    /// The keys of `[network]`, for messages.
    static let keys = ["allow", "listen", "ports", "protocols", "start_channel", "timeout", "universe", "universe_size"]
}

extension ConfigurationLoader.Checker {
    /// The `[network]` table as a `NetworkSetup`; off when there is none. Bad values are
    /// problems and leave the default in place.
    mutating func readNetwork(_ table: TOMLTable) -> NetworkSetup {
        var setup = NetworkSetup()
        guard let network = subtable("network", in: table) else { return setup }
        var badKeys: Set<String> = []
        for key in network.keys.sorted() {
            let item = network[key]!
            let line = locate.line(table: "network", key: key)
            do throws(NetworkSetupProblem) {
                switch key {
                case "protocols": setup.protocols = try readProtocols(item)
                case "listen":
                    guard let text = item.string else { throw NetworkSetupProblem("must be an IPv4 address in quotes, such as \"0.0.0.0\"") }
                    try NetworkSetup.checkListen(text)
                    setup.listen = text
                case "timeout":
                    let seconds: Double? = item.double ?? item.int.map { Double($0) }
                    guard let seconds else { throw NetworkSetupProblem("must be seconds, a number in 0.1...3600") }
                    setup.timeoutNanoseconds = try NetworkSetup.timeout(seconds: seconds)
                case "universe":
                    guard let number = item.int else { throw NetworkSetupProblem("must be a universe, a whole number in 1...63999") }
                    setup.universe = try NetworkSetup.checkUniverse(number)
                case "start_channel", "universe_size":
                    let what = key == "start_channel" ? "the top-left pixel's first channel" : "the channels a universe carries"
                    guard let number = item.int else { throw NetworkSetupProblem("must be \(what), a whole number in 1...512") }
                    let channel = try NetworkSetup.checkChannel(number, what)
                    if key == "start_channel" { setup.startChannel = channel } else { setup.universeSize = channel }
                case "ports": setup.ports = readPorts(item, line: line)
                case "allow": setup.allow = try readAddressRanges(item)
                default:
                    throw NetworkSetupProblem("unknown key; [network] takes " + NetworkTable.keys.joined(separator: ", "))
                }
            } catch {
                badKeys.insert(key)
                problem(line, "network.\(key)", error.description)
            }
        }
        do throws(NetworkSetupProblem) {
            try setup.checkChannels(startFix: "start_channel", sizeFix: "universe_size")
        } catch {
            problem(locate.line(table: "network", key: "start_channel"), "network.start_channel", error.description)
        }
        // A bad `allow` is its own problem already.
        if setup.isOn, setup.listensBeyondLoopbackToAnyone, !badKeys.contains("allow") {
            let fix = "with allow = [\"CIDR\", ...] in [network]"
            problem(locate.line(table: "network", key: "listen"), "network.listen", NetworkSetup.exposureProblem(listen: setup.listen, fix: fix).description)
        }
        return setup
    }

    /// `protocols`: a string as `--network` takes it, or a list of names.
    private func readProtocols(_ item: TOMLValueConvertible) throws(NetworkSetupProblem) -> [NetworkProtocol] {
        if let text = item.string { return try NetworkSetup.parseProtocols(text) }
        guard let array = item.array else {
            throw NetworkSetupProblem("must be \"all\", or protocols as \"e131,ddp\" or [\"e131\", \"ddp\"], of \(NetworkSetup.protocolNames)")
        }
        var names: [String] = []
        for element in array {
            guard let name = element.string else { throw NetworkSetupProblem("must list protocol names in quotes, of \(NetworkSetup.protocolNames)") }
            names.append(name)
        }
        if names.isEmpty { return [] }
        return try NetworkSetup.parseProtocols(names.joined(separator: ","))
    }

    /// `ports`: a table of `PROTOCOL = PORT`; each bad entry is its own problem.
    private mutating func readPorts(_ item: TOMLValueConvertible, line: Int) -> [NetworkProtocol: UInt16] {
        var ports: [NetworkProtocol: UInt16] = [:]
        guard let table = item.table else {
            problem(line, "network.ports", "must be a table of PROTOCOL = PORT, such as ports = { ddp = 4049 }")
            return ports
        }
        for name in table.keys.sorted() {
            let written = locate.line(table: "network.ports", key: name)
            let entryLine = written != 0 ? written : line
            guard let kind = NetworkProtocol(flagName: name) else {
                problem(entryLine, "network.ports.\(name)", "is no protocol; give one of \(NetworkSetup.protocolNames)")
                continue
            }
            guard let number = table[name]!.int else {
                problem(entryLine, "network.ports.\(name)", "must be a port, a whole number in 1...65535")
                continue
            }
            do throws(NetworkSetupProblem) {
                ports[kind] = try NetworkSetup.checkPort(String(number), of: kind)
            } catch {
                problem(entryLine, "network.ports.\(name)", error.description)
            }
        }
        return ports
    }

    /// `allow` (and `[web]`'s `api_allow`): one address or network in quotes, or a list of them.
    func readAddressRanges(_ item: TOMLValueConvertible) throws(NetworkSetupProblem) -> [AddressRange] {
        if let text = item.string { return [try NetworkSetup.parseAllow(text)] }
        guard let array = item.array else { throw NetworkSetupProblem("must be an address or network in quotes, or a list of them") }
        var ranges: [AddressRange] = []
        for element in array {
            guard let text = element.string else { throw NetworkSetupProblem("must list addresses or networks in quotes, such as \"192.168.1.0/24\"") }
            ranges.append(try NetworkSetup.parseAllow(text))
        }
        return ranges
    }
}
