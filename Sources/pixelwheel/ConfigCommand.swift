import ArgumentParser
import PixelRuntime

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Write configuration from other tools' settings.",
        subcommands: [FromFlagsCommand.self])
}

struct FromFlagsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "from-flags",
        abstract: "Print the [[panel]] table of a configuration file for hzeller's --led-* flags.",
        discussion: """
            Give the flags of a working rpi-rgb-led-matrix command line, as one quoted string or \
            as separate words. A flag PixelWheel has no equivalent for is refused in one line.

            Example:
              pixelwheel config from-flags '--led-rows=64 --led-cols=64 --led-panel-type=FM6126A'
            """)

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("hzeller's flags, e.g. '--led-rows=64 --led-cols=64'.", valueName: "flags"))
    var flags: [String] = []

    func run() throws {
        print(try HzellerFlagOptions.configurationTable(flags))
    }
}
