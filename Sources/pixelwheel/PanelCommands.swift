import ArgumentParser
import PixelCore
import PixelImages
import PixelSystem
#if os(Linux)
import PixelLinux
#endif
import PixelPanels
import PixelRuntime
import PixelSimulator

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Put a still image (PNG or PPM) on a simulated panel and write what it shows.",
        discussion: """
            The image is scaled to fit with the renderer's supersampled downsampling, sent through \
            the panel's driver into its device model, and the model's picture is written to --out \
            (round dots, or --raw). --trace-bus FILE records the exact bytes on the wire.

            Examples:
              pixelwheel show photo.png --panel hub75:rows=32,cols=64 --out shown.png
              pixelwheel show logo.ppm --panel max7219:chips=4 --trace-bus bus.jsonl
            """)

    @Argument(help: "A PNG or PPM image.")
    var image: String

    @Option(name: .long, help: ArgumentHelp("The panel, TYPE:key=value,… (see 'pixelwheel list'); without it, a plain panel of --size.", valueName: "TYPE:options"))
    var panel: String?

    @Option(name: .long, help: "Panel size without --panel, WIDTHxHEIGHT.")
    var size: String = "64x32"

    @Option(name: .long, help: "Write what the panel shows as a PNG.")
    var out: String?

    @Option(name: .long, help: "Write the bus transactions, one JSON object per line.")
    var traceBus: String?

    @Option(name: .long, parsing: .unconditional, help: "Output pixels per LED for the dot preview (1...64).")
    var scale: Int = 8

    @Flag(name: .long, help: "Write one pixel per LED instead of dots.")
    var raw = false

    @Flag(name: .long, help: "Show it on the real panel (spidev or i2c-dev, Linux), not a device model; the picture stays on the chip.")
    var hardware = false

    @Option(name: .long, help: "On/off panels (max7219, ht16k33): none (the panel's threshold), ordered or diffusion. (default: diffusion)")
    var dither: String?

    /// The dither for `description`: diffusion by default on on/off panels; refused elsewhere.
    func chosenDither(for description: PanelDescription?) throws -> OnOffDither {
        let isOnOff = description?.isOnOff ?? false
        guard let dither else { return isOnOff ? .diffusion : .none }
        guard let chosen = OnOffDither(rawValue: dither) else {
            throw RuntimeError.badOption("--dither must be one of " + OnOffDither.allCases.map(\.rawValue).joined(separator: ", ") + " (got '\(dither)')")
        }
        guard isOnOff || chosen == .none else {
            throw RuntimeError.badOption("--dither is for on/off panels (max7219, ht16k33); other panels show the levels themselves")
        }
        return chosen
    }

    func run() throws {
        if hardware { return try showOnHardware() }
        guard out != nil || traceBus != nil else { throw RuntimeError.badOption("say where the result goes: --out PICTURE.png and/or --trace-bus FILE.jsonl") }
        guard (1...64).contains(scale) else { throw RuntimeError.badOption("--scale must be 1...64 (got \(scale))") }
        guard traceBus == nil || panel != nil else { throw RuntimeError.badOption("--trace-bus needs --panel: the trace is that panel's bus traffic") }
        if let out { try OfflineRender.checkWritable(out, extensions: [".png"]) }
        if let traceBus { try OfflineRender.checkWritable(traceBus, extensions: [".jsonl", ".json", ".txt", ".trace"]) }
        let picture = try RGBImage8Reader.read(image)
        let trace = traceBus.map { BusTraceFile(path: $0) }
        let shown: Frame
        if let panel {
            let simulated = try SimulatedPanel(panel, trace: trace)
            let dither = try chosenDither(for: simulated.description)
            shown = try simulated.show(dither.apply(StillImage.fit(picture, width: simulated.width, height: simulated.height)))
        } else {
            _ = try chosenDither(for: nil)
            let panelSize = try PanelSize(parsing: size)
            shown = StillImage.fit(picture, width: panelSize.width, height: panelSize.height)
        }
        try trace?.write()
        if let out {
            try PNGFile.write(raw ? PanelPreview.raw(shown) : PanelPreview.dots(shown, scale: scale), to: out)
        }
        print("showed \(image) on \(panel ?? size)" + (trace.map { ", \($0.count) bus transactions in \($0.path)" } ?? ""))
    }
}

extension ShowCommand {
    /// `--hardware`: the picture through the Linux bus provider onto the real panel.
    func showOnHardware() throws {
        guard let panel else { throw RuntimeError.badOption("--hardware needs --panel TYPE:…,device=… naming the real panel") }
        guard out == nil else { throw RuntimeError.badOption("--hardware shows on the panel itself; --out writes what a model shows, so leave it out") }
        let description = try PanelDescription(parsing: panel)
        guard description.bus != .gpio else {
            throw RuntimeError.badOption("a HUB75 panel needs a continuous refresh; show it with 'pixelwheel run' instead")
        }
        #if os(Linux)
        let picture = try RGBImage8Reader.read(image)
        let trace = traceBus.map { BusTraceFile(path: $0) }
        let linux = LinuxBusProvider()
        let buses: any BusProvider = trace.map { TracingBusProvider(linux, sink: $0, clock: { MonotonicClock.nanoseconds() }) } ?? linux
        let dither = try chosenDither(for: description)
        let driver = try description.makeDriver(on: buses)
        try driver.panel.show(dither.apply(StillImage.fit(picture, width: driver.panel.width, height: driver.panel.height)))
        try trace?.write()
        print("showed \(image) on \(description.device) (\(description.type))")
        #else
        throw RuntimeError.badOption("--hardware needs Linux")
        #endif
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

    @Option(name: .long, help: ArgumentHelp("The panel the trace was sent to, TYPE:key=value,…", valueName: "TYPE:options"))
    var panel: String

    @Option(name: .long, help: "The trace file.")
    var trace: String

    @Option(name: .long, help: "Write what the panel shows as a PNG.")
    var out: String

    @Option(name: .long, parsing: .unconditional, help: "Output pixels per LED for the dot preview (1...64).")
    var scale: Int = 8

    @Flag(name: .long, help: "Write one pixel per LED instead of dots.")
    var raw = false

    func run() throws {
        guard (1...64).contains(scale) else { throw RuntimeError.badOption("--scale must be 1...64 (got \(scale))") }
        try OfflineRender.checkWritable(out, extensions: [".png"])
        let target = try SimulatedTarget(try PanelDescription(parsing: panel))
        let transactions = try BusTraceReader.parse(try readText(trace), name: trace)
        guard !transactions.isEmpty else { throw RuntimeError.badOption("'\(trace)' holds no transactions; record one with --trace-bus") }
        try BusTraceReader.play(transactions, into: target, name: trace)
        let shown = target.model.picture
        try PNGFile.write(raw ? PanelPreview.raw(shown) : PanelPreview.dots(shown, scale: scale), to: out)
        // The picture is written either way (it helps to see the garbage); traffic that does not
        // fit the model is an error, so a wrong geometry never passes for a picture.
        if let misfit = target.model.misfit {
            throw RuntimeError.badOption("\(trace) does not fit \(panel): \(misfit) (the picture in \(out) is what such a panel would show)")
        }
        print("decoded \(transactions.count) transactions for \(panel) into \(out)")
    }
}

/// Reads an image file for `show`.
enum RGBImage8Reader {
    static func read(_ path: String) throws -> RGBImage8 {
        try StillImage.read(path, bytes: try FileBytes.read(path))
    }
}
