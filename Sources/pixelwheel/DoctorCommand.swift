import ArgumentParser
import PixelRuntime
import PixelTools

struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check this Raspberry Pi's set-up for PixelWheel and say what to fix.",
        discussion: """
            Checks the model, the SPI, I2C and GPIO device nodes and whether you are in their groups, \
            the boot configuration, spidev's bufsiz, the libgpiod version and the sound module (which \
            disturbs HUB75). On a machine that is not a Pi it says so and exits 0; with problems it \
            exits 1.
            """)

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
        for finding in findings { print(finding) }
        if findings.contains(where: { $0.level == .problem }) { throw ExitCode(1) }
    }
}
