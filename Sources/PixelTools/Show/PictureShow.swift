import PixelBus
import PixelConfig
import PixelCore
import PixelImages
import PixelPanels
import PixelRuntime
import PixelSystem

/// `pixelwheel show`: a picture (an animated GIF frame by frame) fitted to a panel and shown
/// through a `Session` — on device models, writing what the model shows, or on the machine's
/// buses, where the last picture stays on the chip.
public struct PictureShow {
    /// The pictures, as read from the file.
    public let input: GIFAnimation
    /// The panel, or nil for a plain picture of `size`.
    public let panel: PanelDescription?
    /// The plain picture's size without a panel.
    public let size: PanelSize
    /// The on/off dither asked for (nil: the panel's default).
    public let dither: OnOffDither?

    /// Reads `image` for `panel` (or a plain picture of `size`); the dither is checked against
    /// the panel.
    public init(image: String, panel: PanelDescription?, size: PanelSize, dither: OnOffDither?) throws {
        input = try StillImage.readFrames(image, bytes: try FileBytes.read(image))
        self.panel = panel
        self.size = size
        self.dither = dither
        _ = try chosenDither()
    }

    /// The dither: diffusion by default on on/off panels; refused elsewhere.
    func chosenDither() throws -> OnOffDither {
        let isOnOff = panel?.isOnOff ?? false
        guard let dither else { return isOnOff ? .diffusion : .none }
        guard isOnOff || dither == .none else {
            throw RuntimeError.unusable("dithering is for on/off panels (max7219, ht16k33); other panels show the levels themselves, so leave it out")
        }
        return dither
    }

    /// What each LED shows, for the dither: a red and a green die on the bicolour HT16K33
    /// backpack, one die on the other on/off panels.
    var dies: OnOffDither.Dies {
        if case let .ht16k33(configuration)? = panel?.kind, configuration.board.isBicolour { return .redGreen }
        return .single
    }

    /// The pictures fitted to a `width × height` panel and dithered for it.
    func source(count: Int, width: Int, height: Int) throws -> PictureSource {
        let dither = try chosenDither(), dies = self.dies
        let frames = input.frames.prefix(count).map { dither.apply(StillImage.fit($0, width: width, height: height), dies: dies) }
        return PictureSource(frames: Array(frames), delaysCentiseconds: input.delaysCentiseconds)
    }

    /// The set-up of a show: the panel, or a plain picture of `size`.
    var setup: Setup { Setup(panel: panel, size: size, fps: 1, seed: 1, statePath: nil) }

    /// On device models: `count` pictures (1 for a PNG) through the panel, with what the model
    /// shows handed back, one frame per picture; `traceBus` records the traffic, and how many
    /// transactions it holds is handed back too.
    public func onModels(count: Int, traceBus: String?) throws -> (shown: [Frame], transactions: Int?) {
        var options = Session.Options()
        options.traceBus = traceBus
        var source: PictureSource?
        let session = try Session(setup: setup, buses: .simulated(network: SimulatedNetwork()), clock: nil, options: options, content: .frames { width, height in
            let made = try self.source(count: count, width: width, height: height)
            source = made
            return made
        })
        guard let source else { return ([], session.tracedTransactions) }
        var shown: [Frame] = []
        let pictureClock = PictureClock(pictures: source, clock: session.clock, rounds: 1)
        try session.run(length: pictureClock.length, frameClock: pictureClock) { _, frame in shown.append(frame) }
        return (shown, session.tracedTransactions)
    }

    /// On the machine's buses: the picture stays on the chip; an animation plays with its own
    /// delays, as often as the file says (forever when it loops), until `stop` (Ctrl-C or
    /// SIGTERM) — the last picture shown stays. A HUB75 panel is refreshed with the picture (an
    /// animation loops) until `stop`, and blanked then. `announce` hears a line before an
    /// animation and before a HUB75 refresh.
    public func onMachine(_ buses: any MachineBusProvider, clock: any Clock, stop: StopRequestSource, traceBus: String?,
                          announce: (String) -> Void) throws {
        guard let panel else { throw RuntimeError.needs(what: "showing on the hardware", needs: "a panel description with its device", why: "it names the real panel") }
        // A HUB75 panel shows only while it is refreshed: the picture stays until `stop`, and
        // the panel is blanked then; a chip keeps the last picture by itself.
        let refreshes = panel.bus == .gpio
        var options = Session.Options()
        options.traceBus = traceBus
        options.keepsLastPicture = !refreshes
        var source: PictureSource?
        let count = input.frames.count
        let session = try Session(setup: setup, buses: .machine(buses), clock: clock, options: options, content: .frames { width, height in
            let made = try self.source(count: count, width: width, height: height)
            source = made
            return made
        })
        guard let source else { return }
        if refreshes {
            announce("showing on \(panel.device) (HUB75) until Ctrl-C or SIGTERM, which blank it")
        } else if count > 1 {
            announce("playing \(count) frames on \(panel.device)" + (input.loopsForever ? "; Ctrl-C stops" : ""))
        }
        let rounds: Int64? = refreshes || input.loopsForever ? nil : count == 1 ? 1 : Int64((input.loopCount ?? 0) + 1)
        let pictureClock = PictureClock(pictures: source, clock: clock, rounds: rounds)
        try session.run(inputs: [stop], length: pictureClock.length, frameClock: pictureClock)
    }
}

extension PictureShow {
    /// Where `show` puts the picture.
    public enum Target {
        /// Device models: what the model shows is written to `out` (a PNG, or a GIF of every
        /// frame), as round dots `scale` pixels apart or, `raw`, one pixel per LED.
        case models(out: String?, scale: Int, raw: Bool)
        /// The machine's buses: the picture stays on the chip.
        case machine(any MachineBusProvider)
    }

    /// `pixelwheel show`: reads `image`, shows it on `panel` (or a plain picture of `size`) at
    /// `target`, and returns the line that says what was shown.
    public static func run(image: String, panel: PanelDescription?, size: PanelSize, dither: OnOffDither?, traceBus: String?, target: Target) throws -> String {
        if case let .models(out?, _, _) = target { try OfflineRender.checkWritable(out, extensions: [".png", ".gif"]) }
        if let traceBus { try BusTraceFile.checkWritable(traceBus) }
        let show = try PictureShow(image: image, panel: panel, size: size, dither: dither)
        switch target {
        case let .machine(buses):
            try show.onMachine(buses, clock: MonotonicClock(), stop: .onSignals(), traceBus: traceBus, announce: Environment.printNow)
            return "showed \(image) on \(show.panel?.device ?? "") (\(show.panel?.type ?? ""))"
        case let .models(out, scale, raw):
            // An animated GIF goes through the panel frame by frame; a .png keeps its first frame.
            let wantsAnimation = out?.lowercased().hasSuffix(".gif") ?? true
            let (shown, transactions) = try show.onModels(count: wantsAnimation ? show.input.frames.count : 1, traceBus: traceBus)
            if let out {
                let previews = shown.map { raw ? PanelPreview.raw($0) : PanelPreview.dots($0, scale: scale) }
                if out.lowercased().hasSuffix(".gif") {
                    try GIFFile.write(frames: previews, delaysCentiseconds: Array(show.input.delaysCentiseconds.prefix(previews.count)), to: out)
                } else {
                    try PNGFile.write(previews[0], to: out)
                }
            }
            let total = show.input.frames.count
            let frames = total > 1 ? (wantsAnimation ? " (\(shown.count) frames)" : " (the first of \(total) frames; --out NAME.gif for all)") : ""
            let traced = traceBus.map { ", \(transactions ?? 0) bus transactions in \($0)" } ?? ""
            return "showed \(image)\(frames) on \(panel?.text ?? size.description)" + traced
        }
    }
}
