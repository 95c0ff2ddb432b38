import ArgumentParser
import PixelCore
import PixelConfig
import PixelRuntime
import PixelTools

@main
struct PixelWheelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pixelwheel",
        abstract: "Animated effects for low-resolution LED panels, with an iPod-style click-wheel menu.",
        version: PixelWheelVersion.current,
        subcommands: [SimCommand.self, WebCommand.self, RunCommand.self, DoctorCommand.self, RenderCommand.self, ShowCommand.self, DecodeCommand.self, ListCommand.self, BenchCommand.self, WiringCommand.self, ConfigCommand.self, PasswdCommand.self, AnnounceCommand.self])

    /// Runs the command; a configuration file with problems lists them all on standard error
    /// and exits with 2 (every other error: its one line and 1). hzeller's `--led-*` flags of
    /// `sim` and `run` are handed over as the hidden `--hzeller-flag` option (`HzellerFlagOptions.gather`).
    static func main() {
        do {
            let arguments = HzellerFlagOptions.gather(Array(CommandLine.arguments.dropFirst()))
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch let problems as InvalidConfiguration {
            Console.printError(problems.description)
            exit(withError: ExitCode(2))
        } catch let error as any NamesUserSetting {
            // The fix names the setting as this command line spells it: its option.
            Console.printError("Error: " + error.message(naming: \.option))
            exit(withError: ExitCode.failure)
        } catch {
            exit(withError: error)
        }
    }
}

/// Options shared by commands that render effects.
struct RenderingOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Panel size in LEDs, WIDTHxHEIGHT (each side 1...1024).", valueName: "WxH"), transform: parsePanelSize)
    var size: PanelSize = try! PanelSize(width: 64, height: 32)

    @Option(name: .long, parsing: .unconditional, help: "Samples per LED along each axis: 1, 2, 4 or 8. More is smoother and slower.")
    var supersample: Int = 4

    @Option(name: .long, parsing: .unconditional, help: "Seed for the effect's randomness; the same seed gives the same frames everywhere.")
    var seed: UInt64 = 1

    @Option(name: .long, help: ArgumentHelp("An effect parameter, name=value; repeat for several. See 'pixelwheel list'.", valueName: "name=value"),
            transform: ParameterAssignment.parse)
    var param: [ParameterAssignment] = []
}

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the effects and their parameters, and the panel types and their options.")

    func run() {
        for line in Listing.lines { print(line) }
    }
}

extension UserSetting {
    /// The setting as the command line gives it: its option.
    var option: String {
        switch self {
        case let .networkPort(name): "--network-port \(name)=PORT"
        case .networkListen: "--network-listen"
        case .webListen: "--listen"
        case .page: "--page DIR"
        case .gpioBackend: "--gpio-backend"
        }
    }
}
