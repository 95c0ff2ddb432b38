import PixelConfig

/// The `--network…` flags of `sim`, `web` and `run`, given over the set-up's `[network]` table.
public struct NetworkFlags: Sendable {
    /// `--network LIST`.
    public var protocols: String?
    /// `--network-listen ADDR`.
    public var listen: String?
    /// `--network-timeout SECONDS`.
    public var timeoutSeconds: Double?
    /// `--universe N`.
    public var universe: Int?
    /// `--start-channel N`.
    public var startChannel: Int?
    /// `--universe-size N`.
    public var universeSize: Int?
    /// `--network-port PROTOCOL=PORT`, each.
    public var ports: [String] = []
    /// `--network-allow CIDR`, each.
    public var allow: [String] = []

    /// No flags: the set-up's network as it is.
    public init() {}

    /// Sets what the flags give over `setup`; a bad value throws one line naming the flag.
    public func apply(to setup: inout NetworkSetup) throws {
        do {
            if let protocols { setup.protocols = try NetworkSetup.parseProtocols(protocols) }
        } catch { throw OptionError.badValue(option: "--network:", problem: error.description) }
        do {
            if let listen {
                try NetworkSetup.checkListen(listen)
                setup.listen = listen
            }
        } catch { throw OptionError.badValue(option: "--network-listen:", problem: error.description) }
        do {
            if let timeoutSeconds { setup.timeoutNanoseconds = try NetworkSetup.timeout(seconds: timeoutSeconds) }
        } catch { throw OptionError.badValue(option: "--network-timeout", problem: error.description) }
        do {
            if let universe { setup.universe = try NetworkSetup.checkUniverse(universe) }
        } catch { throw OptionError.badValue(option: "--universe", problem: error.description) }
        do {
            if let startChannel { setup.startChannel = try NetworkSetup.checkChannel(startChannel, "the top-left pixel's first channel") }
        } catch { throw OptionError.badValue(option: "--start-channel", problem: error.description) }
        do {
            if let universeSize { setup.universeSize = try NetworkSetup.checkChannel(universeSize, "the channels a universe carries") }
        } catch { throw OptionError.badValue(option: "--universe-size", problem: error.description) }
        do {
            try setup.checkChannels(startFix: "--start-channel (start_channel in [network])", sizeFix: "--universe-size (universe_size)")
        } catch { throw OptionError.conflict(error.description) }
        do {
            for text in ports {
                let (kind, port) = try NetworkSetup.parsePort(text)
                setup.ports[kind] = port
            }
        } catch { throw OptionError.badValue(option: "--network-port:", problem: error.description) }
        do {
            if !allow.isEmpty { setup.allow = try allow.map { text throws(NetworkSetupProblem) in try NetworkSetup.parseAllow(text) } }
        } catch { throw OptionError.badValue(option: "--network-allow:", problem: error.description) }
    }
}

extension NetworkFlags {
    /// Checks the flags on their own, before any set-up is read.
    public func check() throws {
        var setup = NetworkSetup()
        try apply(to: &setup)
    }

    /// Checks the flags as the whole network of a run without a configuration file (`sim` and
    /// `web` with flags only): a listen address beyond loopback needs `--network-allow`, so
    /// the run stops at option checking, before anything opens.
    public func checkWithoutFile() throws {
        var setup = NetworkSetup()
        try apply(to: &setup)
        guard listen != nil, setup.listensBeyondLoopbackToAnyone else { return }
        throw OptionError.conflict(NetworkSetup.exposureProblem(listen: setup.listen, fix: NetworkSetup.allowFix).description)
    }
}

extension Setup {
    /// Gives `flags` over the set-up's `[network]` table, then checks the result: a listen
    /// address beyond loopback (the file's or a flag's) with a protocol on needs an `allow`
    /// list (the file's, checked on its own when loaded, or `--network-allow`).
    public mutating func apply(_ flags: NetworkFlags) throws {
        try flags.apply(to: &network)
        do {
            try network.checkExposure()
        } catch {
            throw OptionError.conflict(error.description)
        }
    }
}
