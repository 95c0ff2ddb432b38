import ArgumentParser
import PixelCore
import PixelImages
import PixelSystem
import PixelPanels
import PixelRuntime
import PixelTools
import PixelSimulator

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

    @Option(name: .long, help: ArgumentHelp("The panel, TYPE:key=value,… (see 'pixelwheel list'); without it, a plain panel of --size.", valueName: "TYPE:options"))
    var panel: String?

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

    @Flag(name: .long, help: "Show it on the real panel (spidev or i2c-dev, Linux), not a device model; the picture stays on the chip.")
    var hardware = false

    @Option(name: .long, help: "On/off panels (max7219, ht16k33): none (the panel's threshold), ordered or diffusion. (default: diffusion)")
    var dither: OnOffDither?

    /// The dither for `description`: diffusion by default on on/off panels; refused elsewhere.
    func chosenDither(for description: PanelDescription?) throws -> OnOffDither {
        let isOnOff = description?.isOnOff ?? false
        guard let chosen = dither else { return isOnOff ? .diffusion : .none }
        guard isOnOff || chosen == .none else {
            throw OptionError.badValue(option: "--dither", problem: "is for on/off panels (max7219, ht16k33); other panels show the levels themselves")
        }
        return chosen
    }

    /// What each LED of `description` shows, for the dither: a red and a green die on the
    /// bicolour HT16K33 backpack, one die on the other on/off panels.
    static func dies(of description: PanelDescription) -> OnOffDither.Dies {
        if case let .ht16k33(configuration) = description.kind, configuration.board.isBicolour { return .redGreen }
        return .single
    }

    func run() throws {
        if hardware { return try showOnHardware() }
        guard out != nil || traceBus != nil else { throw OptionError.conflict("say where the result goes: --out PICTURE.png (or .gif) and/or --trace-bus FILE.jsonl") }
        guard (1...64).contains(scale) else { throw OptionError.outOfRange(option: "--scale", allowed: "1...64", got: "\(scale)") }
        guard traceBus == nil || panel != nil else { throw OptionError.needs(option: "--trace-bus", what: "--panel", why: "the trace is that panel's bus traffic") }
        if let out { try OfflineRender.checkWritable(out, extensions: [".png", ".gif"]) }
        if let traceBus { try OfflineRender.checkWritable(traceBus, extensions: [".jsonl", ".json", ".txt", ".trace"]) }
        let input = try StillImage.readFrames(image, bytes: try FileBytes.read(image))
        let trace = traceBus.map { BusTraceFile(path: $0) }
        // An animated GIF goes through the panel frame by frame; a .png keeps its first frame.
        let wantsAnimation = out?.lowercased().hasSuffix(".gif") ?? true
        let pictures = wantsAnimation ? input.frames : [input.frames[0]]
        var shown: [Frame] = []
        if let panel {
            let simulated = try SimulatedPanel(panel, trace: trace)
            let dither = try chosenDither(for: simulated.description), dies = Self.dies(of: simulated.description)
            for picture in pictures {
                shown.append(try simulated.show(dither.apply(StillImage.fit(picture, width: simulated.width, height: simulated.height), dies: dies)))
            }
        } else {
            _ = try chosenDither(for: nil)
            let panelSize = size
            shown = pictures.map { StillImage.fit($0, width: panelSize.width, height: panelSize.height) }
        }
        try trace?.write()
        if let out {
            let previews = shown.map { raw ? PanelPreview.raw($0) : PanelPreview.dots($0, scale: scale) }
            if out.lowercased().hasSuffix(".gif") {
                try GIFFile.write(frames: previews, delaysCentiseconds: Array(input.delaysCentiseconds.prefix(previews.count)), to: out)
            } else {
                try PNGFile.write(previews[0], to: out)
            }
        }
        let frames = input.frames.count > 1 ? (wantsAnimation ? " (\(shown.count) frames)" : " (the first of \(input.frames.count) frames; --out NAME.gif for all)") : ""
        print("showed \(image)\(frames) on \(panel ?? size.description)" + (trace.map { ", \($0.count) bus transactions in \($0.path)" } ?? ""))
    }
}

extension ShowCommand {
    /// `--hardware`: the picture through the Linux bus provider onto the real panel.
    func showOnHardware() throws {
        guard let panel else { throw OptionError.needs(option: "--hardware", what: "--panel TYPE:…,device=…", why: "it names the real panel") }
        guard out == nil else { throw OptionError.conflict("--hardware shows on the panel itself; --out writes what a model shows, so leave it out") }
        let description = try PanelDescription(parsing: panel)
        guard description.bus != .gpio else {
            throw OptionError.conflict("a HUB75 panel needs a continuous refresh; show it with 'pixelwheel run' instead")
        }
        let input = try StillImage.readFrames(image, bytes: try FileBytes.read(image))
        let trace = traceBus.map { BusTraceFile(path: $0) }
        let machine = try machineBuses()
        let clock = MonotonicClock()
        let buses: any BusProvider = trace.map { TracingBusProvider(machine, sink: $0, clock: clock.now) } ?? machine
        let dither = try chosenDither(for: description), dies = Self.dies(of: description)
        let driver = try description.makeDriver(on: buses)
        let frames = input.frames.map { dither.apply(StillImage.fit($0, width: driver.panel.width, height: driver.panel.height), dies: dies) }
        if frames.count == 1 {
            try driver.panel.show(frames[0])
        } else {
            // An animation plays with its own delays, as often as the file says (forever when
            // it loops), until Ctrl-C or SIGTERM; the last frame stays on the chip.
            let stop = StopSignals()
            Environment.printNow("playing \(frames.count) frames on \(description.device)" + (input.loopsForever ? "; Ctrl-C stops" : ""))
            var round = 0
            playing: while input.loopsForever || round < (input.loopCount ?? 0) + 1 {
                for (frame, delay) in zip(frames, input.delaysCentiseconds) {
                    try driver.panel.show(frame)
                    clock.sleep(until: clock.now() + Int64(delay == 0 ? 10 : delay) * 10_000_000)
                    if stop.isRequested { break playing }
                }
                round += 1
            }
        }
        try trace?.write()
        print("showed \(image) on \(description.device) (\(description.type))")
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
        guard (1...64).contains(scale) else { throw OptionError.outOfRange(option: "--scale", allowed: "1...64", got: "\(scale)") }
        try OfflineRender.checkWritable(out, extensions: [".png"])
        let target = try SimulatedTarget(try PanelDescription(parsing: panel))
        let transactions = try BusTraceReader.parse(try readText(trace), name: trace)
        guard !transactions.isEmpty else { throw TraceFileError.empty(file: trace) }
        try BusTraceReader.play(transactions, into: target, name: trace)
        let shown = target.model.picture
        try PNGFile.write(raw ? PanelPreview.raw(shown) : PanelPreview.dots(shown, scale: scale), to: out)
        // The picture is written either way (it helps to see the garbage); traffic that does not
        // fit the model is an error, so a wrong geometry never passes for a picture.
        if let misfit = target.model.misfit {
            throw TraceFileError.misfit(file: trace, panel: panel, misfit: misfit, picture: out)
        }
        print("decoded \(transactions.count) transactions for \(panel) into \(out)")
    }
}

