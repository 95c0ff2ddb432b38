import ArgumentParser
import PixelConfig
import PixelRuntime
import PixelSystem
import PixelWeb

struct AnnounceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "announce",
        abstract: "Announce the page and the WLED JSON API on the LAN by mDNS (an avahi-daemon service file), as the configuration's [web] table says.",
        discussion: """
            Writes /etc/avahi/services/pixelwheel.service (atomically; avahi-daemon picks it up at once): \
            _http._tcp on the page's port whenever [web] listens beyond loopback, and _wled._tcp with \
            mac=<info.mac> only when api = true with an api_allow list, so Home Assistant is offered only \
            a device that will answer it. Otherwise it removes the file and says why. The systemd unit \
            runs it (as root) before each start, and 'announce --remove' after each stop.
            """)

    @Option(name: .long, help: "The configuration file whose [web] table says what to announce.")
    var config: String?

    @Flag(name: .long, help: "Remove the announcement (the service stopped).")
    var remove = false

    @Option(name: .long, help: ArgumentHelp("avahi-daemon's folder of service files.", valueName: "DIR"))
    var servicesDir: String = DiscoveryAnnouncement.standardFolder

    func validate() throws {
        if remove == (config != nil) { throw ValidationError("give --config FILE to announce what it says, or --remove") }
    }

    func run() throws {
        let path = servicesDir + "/" + DiscoveryAnnouncement.fileName
        let existing = try? FileBytes.readText(path, limit: 1 << 16)
        guard let config else {
            try removeAnnouncement(path, existing: existing, why: "removed")
            return
        }
        let web = try Setup.load(config).web
        switch web.announcement(configPath: config) {
        case let .success(announcement):
            // Only something to announce needs avahi-daemon: without [web] there is nothing to say.
            guard FileSystem.kind(of: servicesDir) == .directory else {
                throw OptionError.unavailable("\(servicesDir) does not exist: install avahi-daemon (sudo apt install avahi-daemon), or pass --services-dir DIR")
            }
            if existing != announcement.serviceFile { try AtomicFile.write(Array(announcement.serviceFile.utf8), to: path) }
            print("announcing \"\(announcement.name)\" as \(announcement.serviceTypes.joined(separator: " and ")) on port \(announcement.port)"
                + (announcement.announcesWLED ? " (mac=\(announcement.mac))" : "") + " in \(path)")
        case let .failure(nothing):
            try removeAnnouncement(path, existing: existing, why: "nothing announced: \(nothing.reason)")
        }
    }

    private func removeAnnouncement(_ path: String, existing: String?, why: String) throws {
        if existing != nil, SystemCalls.unlink(path) != 0 {
            throw OptionError.unavailable("cannot remove \(path): \(SystemCalls.message(for: SystemCalls.lastError)); run as root (sudo)")
        }
        print(why + (existing != nil ? " (removed \(path))" : ""))
    }
}

extension WebSetup {
    /// What `announce` writes for this `[web]` set-up, read from `configPath`, or why nothing:
    /// the one reading `announce` and `doctor` share.
    func announcement(configPath: String) -> Result<DiscoveryAnnouncement, DiscoveryAnnouncement.NothingAnnounced> {
        guard isOn else { return .failure(.init(reason: "\(configPath) has no [web] table")) }
        return DiscoveryAnnouncement.plan(host: host, port: port, isLoopback: isLoopback, api: api,
                                          apiOpenToAllowList: !apiAllow.isEmpty, name: name)
    }
}
