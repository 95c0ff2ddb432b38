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
            Checks the model, the SPI, I2C and GPIO device nodes and whether you are in their groups, the
            boot configuration, spidev's bufsiz, the libgpiod version and the sound module (which disturbs
            HUB75). On a machine that is not a Pi it says so and exits 0; with problems it exits 1.
            """)

    @Option(name: .long, help: ArgumentHelp("Check the file system under this folder instead of / (for testing).", visibility: .hidden))
    var root: String = ""

    func run() throws {
        #if os(Linux)
        let version: String? = "\(GPIOChip.libraryVersion) (API \(GPIOChip.apiVersion))"
        #else
        let version: String? = nil
        #endif
        let findings = Doctor(root: root, libgpiodVersion: version).findings()
        for finding in findings { print(finding) }
        if findings.contains(where: { $0.level == .problem }) { throw ExitCode(1) }
    }
}
