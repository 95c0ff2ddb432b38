import ArgumentParser
import PixelPanels
import PixelRuntime
import PixelTools

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

    @Option(name: .long, help: ArgumentHelp("The panel instead of --config, TYPE:key=value,… (HUB75).", valueName: "TYPE:options"), transform: parsePanel)
    var panel: PanelDescription?

    @Option(name: .long, help: ArgumentHelp("The signal to hold high: OE, CLK, LAT, A…E, R1, G1, B1, R2, G2, B2 (R1:2… for chain 2).", valueName: "SIGNAL"),
            transform: { text in try HUB75Signal(parsing: text) })
    var line: HUB75Signal?

    @Option(name: .long, parsing: .unconditional, help: "How long to hold it, 0.1…32767 s (default: until Ctrl-C or SIGTERM).")
    var seconds: Seconds?

    func validate() throws {
        try seconds.check("--seconds", in: WiringCheck.holdRange)
        if (config == nil) == (panel == nil) {
            throw OptionError.conflict("give --config FILE or --panel hub75:…, one of them")
        }
    }

    func run() throws {
        let check = try WiringCheck(panel: panel, config: config)
        guard let line else {
            print("\(check.panel.text) on \(check.panel.device):")
            for row in check.table { print("  " + row) }
            return
        }
        do {
            try check.hold(line, on: {
                guard let buses = try? machineBuses(gpioBackend: .libgpiod) else {
                    throw OptionError.unavailable("wiring drives the Pi's GPIO lines; it runs on Linux")
                }
                return buses
            }, seconds: seconds, announce: Console.printNow)
        } catch {
            throw wiringAdvice(error)  // wiring has no --simulate to offer
        }
        print("released the lines")
    }
}
