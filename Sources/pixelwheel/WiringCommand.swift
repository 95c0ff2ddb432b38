import PixelBus
import ArgumentParser
import PixelConfig
import PixelCore
import PixelEffects
import PixelPanels
import PixelRuntime
import PixelTools
import PixelSystem

struct WiringCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wiring",
        abstract: "Check a HUB75 connection line by line: hold one signal high and the others low.",
        discussion: """
            Without --line it lists the wiring's signals with their GPIO lines and header pins. With \
            --line it claims the lines (through libgpiod, so gpioinfo shows them) and holds that \
            signal high and every other line low until Ctrl-C, SIGTERM or --seconds; then the lines \
            are released. Measure at the panel's input connector.

            Examples:
              pixelwheel wiring --config /etc/pixelwheel/pixelwheel.toml
              pixelwheel wiring --panel hub75:wiring=adafruit-hat --line R1
            """)

    @Option(name: .long, help: "A configuration file; its HUB75 panel is checked.")
    var config: String?

    @Option(name: .long, help: ArgumentHelp("The panel instead of --config, TYPE:key=value,… (HUB75).", valueName: "TYPE:options"))
    var panel: String?

    @Option(name: .long, help: "The signal to hold high: OE, CLK, LAT, A…E, R1, G1, B1, R2, G2, B2 (R1:2… for chain 2).")
    var line: String?

    @Option(name: .long, parsing: .unconditional, help: "How long to hold it, 0.1…32767 s (default: until Ctrl-C or SIGTERM).")
    var seconds: Seconds?

    func run() throws {
        let check = try WiringCheck(panel: try description())
        guard let line else {
            print("\(check.panel.text) on \(check.panel.device):")
            for row in check.table { print("  " + row) }
            return
        }
        _ = try check.gpio(of: line)  // a bad name is reported before any line is claimed
        try seconds.check("--seconds", in: Fixed(1, over: 10)...32767)
        let length = seconds?.value
        guard let buses = try? machineBuses(allowsGPIOMem: false) else {
            throw OptionError.unavailable("wiring drives the Pi's GPIO lines; it runs on Linux")
        }
        let stop = StopSignals()
        let clock = MonotonicClock()
        let lines: any GPIOLines
        do {
            lines = try check.drive(line, on: buses)
        } catch let error as BusError {
            throw error.replacingDesktopAdvice(with: WiringCheck.noGPIOAdvice)  // wiring has no --simulate
        }
        Environment.printNow(try check.holdingMessage(line))
        // Sleeping on the clock returns early on SIGINT or SIGTERM.
        let end = length.map { clock.now() + FrameTime.seconds($0).nanoseconds } ?? .max
        while !stop.isRequested && clock.now() < end { clock.sleep(until: end) }
        withExtendedLifetime(lines) {}
        print("released the lines")
    }

    private func description() throws -> PanelDescription {
        switch (config, panel) {
        case let (nil, text?):
            return try PanelDescription(parsing: text)
        case let (path?, nil):
            let configuration = try loadConfiguration(path)
            guard let hub75 = configuration.panels.first(where: { $0.description.bus == .gpio }) else {
                throw OptionError.badValue(option: "--config \(path)", problem: "has no HUB75 panel; wiring checks HUB75 lines")
            }
            return hub75.description
        default:
            throw OptionError.conflict("give --config FILE or --panel hub75:…, one of them")
        }
    }
}
