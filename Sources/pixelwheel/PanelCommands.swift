import ArgumentParser
import PixelPanels
import PixelRuntime
import PixelTools

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Put an image (PNG, JPEG, GIF or PPM) on a simulated panel and write what it shows, or on the real one.",
        discussion: """
            The image is scaled to fit with the renderer's supersampled downsampling, sent through \
            the panel's driver into its device model, and the model's picture is written to --out \
            (round dots, or --raw). --trace-bus FILE records the exact bytes on the wire.

            Examples:
              pixelwheel show photo.png --panel hub75:rows=32,cols=64 --out shown.png
              pixelwheel show logo.ppm --panel max7219:chips=4 --trace-bus bus.jsonl
            """)

    @Argument(help: "A PNG, JPEG, GIF (animated too) or PPM image.")
    var image: String

    @Option(name: .long, help: ArgumentHelp("The panel, TYPE:key=value,… (see 'pixelwheel list'); without it, a plain panel of --size.", valueName: "TYPE:options"),
            transform: parsePanel)
    var panel: PanelDescription?

    @Option(name: .long, help: ArgumentHelp("Panel size without --panel, WIDTHxHEIGHT.", valueName: "WxH"), transform: parsePanelSize)
    var size: PanelSize = try! PanelSize(width: 64, height: 32)

    @Option(name: .long, help: "Write what the panel shows as a PNG.")
    var out: String?

    @Option(name: .long, help: "Write the bus transactions, one JSON object per line.")
    var traceBus: String?

    @Option(name: .long, parsing: .unconditional, help: "Output pixels per LED for the dot preview (1...64).")
    var scale: Int = 8

    @Flag(name: .long, help: "Write one pixel per LED instead of dots.")
    var raw = false

    @Flag(name: .long, help: "Show it on the real panel (spidev, i2c-dev or HUB75's GPIO lines, Linux), not a device model; the picture stays on the chip, and a HUB75 panel is refreshed until Ctrl-C or SIGTERM.")
    var hardware = false

    @Option(name: .long, help: "On/off panels (max7219, ht16k33): none (the panel's threshold), ordered or diffusion. (default: diffusion)")
    var dither: OnOffDither?

    func validate() throws {
        try OptionError.checkScale(scale)
        if hardware {
            guard out == nil else { throw OptionError.conflict("--hardware shows on the panel itself; --out writes what a model shows, so leave it out") }
            guard panel != nil else { throw OptionError.needs(option: "--hardware", what: "--panel TYPE:…,device=…", why: "it names the real panel") }
        } else {
            guard out != nil || traceBus != nil else { throw OptionError.conflict("say where the result goes: --out PICTURE.png (or .gif) and/or --trace-bus FILE.jsonl") }
            guard traceBus == nil || panel != nil else { throw OptionError.needs(option: "--trace-bus", what: "--panel", why: "the trace is that panel's bus traffic") }
        }
    }

    func run() throws {
        let target: PictureShow.Target = hardware ? .machine(try machineBuses()) : .models(out: out, scale: scale, raw: raw)
        print(try PictureShow.run(image: image, panel: panel, size: size, dither: dither, traceBus: traceBus, target: target))
    }
}

struct DecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Feed a recorded bus trace through a panel's device model and write what the panel would show.",
        discussion: """
            Traffic that does not fit the panel's device model (transfers of another length, \
            writes past the chip's registers or to another address, frames the chips reject) \
            is an error naming the likely fix, after the picture is written.

            The trace is the --trace-bus format: one JSON object per line, e.g.
              {"bus":"spi","device":"/dev/spidev0.0","bytes":"0c010c01"}
              {"bus":"i2c","device":"/dev/i2c-1","address":"0x70","bytes":"21"}
              {"bus":"gpio","device":"gpiochip0","set":"0x800","clear":"0x400"}
            (t_ns, the time in nanoseconds, and speed_hz may be given too.)

            Example:
              pixelwheel decode --panel max7219:chips=4 --trace bus.jsonl --out pic.png
            """)

    @Option(name: .long, help: ArgumentHelp("The panel the trace was sent to, TYPE:key=value,…", valueName: "TYPE:options"), transform: parsePanel)
    var panel: PanelDescription

    @Option(name: .long, help: "The trace file.")
    var trace: String

    @Option(name: .long, help: "Write what the panel shows as a PNG.")
    var out: String

    @Option(name: .long, parsing: .unconditional, help: "Output pixels per LED for the dot preview (1...64).")
    var scale: Int = 8

    @Flag(name: .long, help: "Write one pixel per LED instead of dots.")
    var raw = false

    func validate() throws {
        try OptionError.checkScale(scale)
    }

    func run() throws {
        print(try BusTraceReader.decode(trace: trace, panel: panel, out: out, scale: scale, raw: raw))
    }
}
