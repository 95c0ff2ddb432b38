import ArgumentParser
import PixelRuntime
#if os(Linux)
import PixelLinux
#endif

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
        #if os(Linux)
        let version: String? = "\(GPIOChip.libraryVersion) (API \(GPIOChip.apiVersion))"
        #else
        let version: String? = nil
        #endif
        let doctor = Doctor(root: root, libgpiodVersion: version)
        var findings = doctor.findings()
        #if os(Linux)
        // Who holds the header's lines now (a running pixelwheel, another LED program, a driver).
        if doctor.model != nil, root.isEmpty, let chip = try? GPIOChip.find("auto") {
            let held = (0..<min(chip.lineCount, 28)).compactMap { line -> String? in
                let consumer = chip.consumer(of: line)
                return consumer.isEmpty ? nil : "GPIO \(line): \(consumer)"
            }
            findings.append(Doctor.Finding(level: .ok, text: "\(chip.path) (\(chip.label)) lines in use: "
                + (held.isEmpty ? "none" : held.joined(separator: ", "))))
        }
        #endif
        for finding in findings { print(finding) }
        if findings.contains(where: { $0.level == .problem }) { throw ExitCode(1) }
    }
}
