import ArgumentParser
import PixelCore
import PixelEffects
import PixelPanels
import PixelRuntime
import PixelTools
import PixelWeb

@main
struct PixelWheelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pixelwheel",
        abstract: "Animated effects for low-resolution LED panels, with an iPod-style click-wheel menu.",
        version: PixelWheelVersion.current,
        subcommands: [SimCommand.self, WebCommand.self, RunCommand.self, DoctorCommand.self, RenderCommand.self, ShowCommand.self, DecodeCommand.self, ListCommand.self, BenchCommand.self, WiringCommand.self])
}

/// Options shared by commands that render effects.
struct RenderingOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Panel size in LEDs, WIDTHxHEIGHT (each side 1...1024).", valueName: "WxH"), transform: parsePanelSize)
    var size: PanelSize = try! PanelSize(width: 64, height: 32)

    @Option(name: .long, parsing: .unconditional, help: "Samples per LED along each axis: 1, 2, 4 or 8. More is smoother and slower.")
    var supersample: Int = 4

    @Option(name: .long, parsing: .unconditional, help: "Seed for the effect's randomness; the same seed gives the same frames everywhere.")
    var seed: UInt64 = 1

    @Option(name: .long, help: ArgumentHelp("An effect parameter, name=value; repeat for several. See 'pixelwheel list'.", valueName: "name=value"))
    var param: [String] = []


    func supersampling() throws -> Supersampling {
        guard let s = Supersampling(rawValue: supersample) else {
            throw OptionError.outOfRange(option: "--supersample", allowed: "1, 2, 4 or 8", got: "\(supersample)")
        }
        return s
    }
}

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the effects and their parameters, and the panel types and their options.")

    func run() {
        for effect in EffectCatalog.all {
            print("\(effect.name) — \(effect.summary)")
            for p in effect.parameters {
                print("    \(p.name)=\(p.defaultDescription)  (\(p.rangeDescription))  \(p.summary)")
            }
        }
        print("")
        print("panels, for --panel TYPE:key=value,… (key=default  allowed values):")
        print("mounting: \(PanelTypeSummary.mountingNote)")
        for panel in PanelTypeSummary.all {
            print("\(panel.type) (\(panel.bus.rawValue))")
            for key in panel.keys {
                print("    \(key.key)=\(key.defaultValue)  (\(key.allowed))")
            }
            for note in panel.notes { print("    note: \(note)") }
        }
    }
}
