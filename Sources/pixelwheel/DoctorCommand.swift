import ArgumentParser
import PixelConfig
import PixelRuntime
import PixelSystem
import PixelTools
import PixelWeb

struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check this Raspberry Pi's set-up for PixelWheel and say what to fix.",
        discussion: """
            Checks the model, the SPI, I2C and GPIO device nodes and whether you are in their groups, \
            the boot configuration, spidev's bufsiz, the libgpiod version and the sound module (which \
            disturbs HUB75), and whether the page and the WLED API are announced by mDNS as the \
            configuration's [web] table says (with avahi-browse, when installed). On a machine that is \
            not a Pi it says so and exits 0; with problems it exits 1.
            """)

    @Option(name: .long, help: ArgumentHelp("The configuration whose [web] table says what should be announced by mDNS (default: /etc/pixelwheel/pixelwheel.toml, when there is one).", valueName: "FILE"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("Check the file system under this folder instead of / (for testing).", visibility: .hidden))
    var root: String = ""

    func run() throws {
        let doctor = Doctor(root: root, libgpiodVersion: gpioLibraryVersion())
        var findings = doctor.findings()
        // Who holds the header's lines now (a running pixelwheel, another LED program, a driver).
        if doctor.model != nil, root.isEmpty, let lines = gpioLinesInUse() {
            findings.append(Doctor.Finding(level: .ok, text: "\(lines.chip) lines in use: "
                + (lines.held.isEmpty ? "none" : lines.held.joined(separator: ", "))))
        }
        findings += discoveryFindings()
        for finding in findings { print(finding) }
        if findings.contains(where: { $0.level == .problem }) { throw ExitCode(1) }
    }

    /// The mDNS announcement the configuration asks for, checked: the service file, the daemon
    /// and, on this machine with avahi-utils, what `avahi-browse` finds.
    private func discoveryFindings() -> [Doctor.Finding] {
        let standard = root + "/etc/pixelwheel/pixelwheel.toml"
        guard let path = config ?? (FileSystem.kind(of: standard) == .file ? standard : nil) else { return [] }
        let web: WebSetup
        do {
            web = try Setup.load(path).web
        } catch {
            return [Doctor.Finding(level: .problem, text: "mDNS: \(path) has problems, so what to announce is unknown",
                                   fix: "pixelwheel run --config \(path) --check")]
        }
        let servicePath = root + DiscoveryAnnouncement.standardFolder + "/" + DiscoveryAnnouncement.fileName
        let serviceFile = try? FileBytes.readText(servicePath, limit: 1 << 16)
        let daemon = FileSystem.kind(of: root + "/usr/sbin/avahi-daemon") == .file
        switch web.announcement(configPath: path) {
        case let .failure(nothing):
            return DiscoveryCheck(expected: nil, whyNothing: nothing.reason, configPath: path)
                .findings(daemonInstalled: daemon, serviceFile: serviceFile, wanted: nil, browsed: nil)
        case let .success(announcement):
            let expected = DiscoveryCheck.Expected(name: announcement.name, port: announcement.port, serviceTypes: announcement.serviceTypes,
                                                   mac: announcement.announcesWLED ? announcement.mac : nil)
            let browsed = root.isEmpty ? browse(announcement.serviceTypes) : nil
            return DiscoveryCheck(expected: expected, configPath: path)
                .findings(daemonInstalled: daemon, serviceFile: serviceFile, wanted: announcement.serviceFile, browsed: browsed)
        }
    }

    /// What `avahi-browse` finds of each service type, resolved; nil when it is not installed.
    private func browse(_ types: [String]) -> [String: String]? {
        var found: [String: String] = [:]
        for type in types {
            guard let answer = ChildCommand.run("avahi-browse", ["--parsable", "--resolve", "--terminate", "--no-db-lookup", type],
                                                timeoutSeconds: 10) else { return nil }
            found[type] = answer.output
        }
        return found
    }
}
