import PixelBus
import PixelConfig
import PixelCore
import PixelEffects
import PixelImages
import PixelInputs
import PixelPanels
import PixelRuntime
import PixelTools
import PixelWeb
import PixelSimulator
import PixelUI

/// One parser of outside input, driven with arbitrary bytes. Each target must return
/// normally for every input: a refused input is fine, a trap or a sanitizer report is a bug.
enum FuzzTarget: String, CaseIterable, Sendable {
    /// BDF font files (`--font`), then text measured and drawn in the font.
    case bdf
    /// Still images (`show`): PNG through libpng, JPEG through libjpeg, a GIF's first frame, PPM, then fitted onto a panel.
    case image
    /// Photos (`PhotoDecoder`): PNG, JPEG (DCT-scaled, EXIF-oriented), GIF frame by frame and PPM,
    /// fitted to 16×8 in every `PhotoFit`, up to 50 frames of an animation, rewound once.
    case photo
    /// Input scripts (`--script`).
    case script
    /// The settings file, read leniently as the settings store does and strictly.
    case settings
    /// Bus traces (`decode --trace`, JSON lines), played into every kind of panel.
    case trace
    /// Panel descriptions (`--panel TYPE:key=value,…`), then a frame shown on small ones.
    case panel
    /// Effect parameters (`--param name=value`), then one frame of the effect.
    case params
    /// Terminal key sequences (`KeyDecoder`), fed in chunks at increasing times.
    case keys
    /// Device models fed arbitrary bus traffic (SPI bytes, I²C writes, GPIO words and holds).
    case devices
    /// The TOML configuration file.
    case config
    /// Browser messages of `pixelwheel web` (length-prefixed) through a connection's limits, the
    /// parser and the input source; then the bytes as a `--listen` address and as Host/Origin headers.
    case web
    /// E1.31 (sACN) datagrams, then through the source arbiter into a frame assembler.
    case e131
    /// Art-Net datagrams, then into a frame assembler; polls answered.
    case artnet
    /// DDP datagrams, then into a frame assembler; queries answered; packets written back.
    case ddp
    /// An OPC TCP stream in chunks (the first byte sets the chunk size), and the bytes as one datagram.
    case opc
    /// Flaschen-Taschen PPM datagrams, then placed into a frame.
    case flaschen
    /// TPM2.net datagrams, then into a frame.
    case tpm2
    /// WLED UDP realtime datagrams, then into a frame.
    case wledudp
    /// hzeller's `--led-*` flags (`config from-flags`, `sim`, `run`): a command line split into
    /// words, gathered as the tool's main does, translated; a table printed must read back as
    /// the same panel.
    case ledflags
    /// JSON from outside (`JSONParser`), then as a WLED `POST /json/state` body applied to an
    /// app, whose state documents must read back.
    case json
    /// A `POST /login` body (as a form and as JSON) and a `Cookie` header, then the login and
    /// the access they earn from an address the bytes choose.
    case login
    /// The presets file (`presets.json`): what is kept must write out and read back the same,
    /// load into an app and be served as WLED's `/presets.json`.
    case presets
    /// The NAME of a `POST`/`DELETE /photos/NAME` as sent (percent-encoded): a name it accepts
    /// is a plain picture file name, never a path out of the folder.
    case photoname

    /// Every target's name, for messages.
    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// Runs the target on one input.
    func run(_ data: [UInt8]) {
        let text = String(decoding: data, as: UTF8.self)
        switch self {
        case .bdf: Self.bdf(text)
        case .image: Self.image(data)
        case .photo: Self.photo(data)
        case .script: _ = try? InputScript(text: text)
        case .settings: Self.settings(text)
        case .trace: Self.trace(text)
        case .panel: Self.panel(text)
        case .params: Self.params(data)
        case .keys: Self.keys(data)
        case .devices: Self.devices(data)
        case .config: _ = try? ConfigurationLoader.parse(text, file: "fuzz.toml")
        case .web: Self.web(data)
        case .e131: NetworkFuzzing.e131(data)
        case .artnet: NetworkFuzzing.artNet(data)
        case .ddp: NetworkFuzzing.ddp(data)
        case .opc: NetworkFuzzing.opc(data)
        case .flaschen: NetworkFuzzing.flaschenTaschen(data)
        case .tpm2: NetworkFuzzing.tpm2(data)
        case .wledudp: NetworkFuzzing.wledRealtime(data)
        case .ledflags: Self.ledFlags(text)
        case .json: WLEDFuzzing.json(data)
        case .login: WLEDFuzzing.login(data)
        case .presets: WLEDFuzzing.presets(data)
        case .photoname: WLEDFuzzing.photoName(data)
        }
    }

    /// Each message is a length byte (its low 3 bits) and that many bytes; three browsers take
    /// turns by the first byte. A message that parses must write back to the same bytes.
    static func web(_ data: [UInt8]) {
        let queue = WebInputQueue(capacity: 64)
        var clock: Int64 = 0
        let input = WebInputSource(queue: queue, now: { clock })
        var limits = WebClientGuard()
        var index = 0
        while index < data.count {
            // The length byte's high 5 bits: milliseconds since the previous message.
            let length = Int(data[index] & 0x07)
            clock += Int64(data[index] >> 3) * 1_000_000
            index += 1
            let bytes = Array(data[index..<min(data.count, index + length)])
            index += length
            guard limits.admit(at: clock) == .accept else { continue }
            switch WebClientMessage.parse(bytes) {
            case let .success(message):
                precondition(WebClientMessage.parse(message.bytes) == .success(message), "\(message) does not round-trip")
                queue.post(client: Int(bytes[0]) % 3, message, arrived: clock)
            case .failure:
                _ = limits.strike(at: clock)
            }
            if index % 5 == 0 { _ = input.events(upTo: FrameTime(nanoseconds: clock)) }
        }
        queue.post(client: 1, nil, arrived: clock)
        _ = input.events(upTo: FrameTime(nanoseconds: clock + 1_000_000_000))
        let text = String(decoding: data, as: UTF8.self)
        _ = try? WebListenAddress(parsing: text)
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        _ = WebOriginPolicy(listenHost: "127.0.0.1", port: 8080).refusal(host: lines.first, origin: lines.last)
    }

    /// The words of `text` (or its blank-separated parts when a quote is open) gathered as for
    /// `run` and translated; a panel that translates is printed as a table, which must load back
    /// as the same panel with the same mounting.
    static func ledFlags(_ text: String) {
        let words = ShellWords.split(text) ?? text.split(separator: " ").map(String.init)
        let option = "--hzeller-flag"
        let gathered = HzellerFlag.gather(["run"] + words, option: option, commands: ["sim", "run"])
        precondition(gathered.filter { $0 == option }.count <= words.count, "gather made flags up")
        guard let translation = try? HzellerFlag.translate(words), let table = try? translation.configurationTable(),
              let panel = try? translation.panel() else { return }
        guard let setup = try? ConfigurationLoader.parse(table, file: "from-flags.toml"), let read = setup.panels.first else {
            preconditionFailure("the table of \(words) does not load:\n\(table)")
        }
        guard case let .hub75(a) = read.description.kind, case let .hub75(b) = panel.kind else {
            preconditionFailure("the table of \(words) is not a HUB75 panel")
        }
        precondition(a == b && read.description.mounting == panel.mounting, "the table of \(words) reads back as another panel")
    }

    /// A font that loads is measured and drawn, on its own and as the app's text font.
    static func bdf(_ text: String) {
        guard let font = try? PixelFont(bdf: text) else { return }
        let sample = String(String.UnicodeScalarView((32...126).compactMap(Unicode.Scalar.init))) + "ÄΩ€"
        _ = font.width(of: sample)
        _ = font.lineHeight
        var canvas = Canvas(width: 16, height: 8, supersampling: .x1)
        canvas.drawText(sample, font: font, at: Point(x: 1, y: 1), color: .white)
        // All of ASCII, and a few of the font's own glyphs alone (one glyph's advance decides
        // the scroll loop of a one-character text).
        let singles = font.glyphs.keys.sorted().prefix(3).compactMap(Unicode.Scalar.init).map { String($0) }
        for text in [sample] + singles {
            for seconds in [0, 2] {
                _ = ScriptedApp.frames(width: 8, height: 8, textFont: font, text: text, seconds: seconds)
            }
        }
    }

    static func image(_ data: [UInt8]) {
        guard let picture = try? StillImage.read("fuzz", bytes: data) else { return }
        _ = StillImage.fit(picture, width: 8, height: 4, supersampling: .x2)
    }

    static func photo(_ data: [UInt8]) {
        for fit in PhotoFit.allCases {
            guard let photo = try? PhotoDecoder.decode(data, name: "fuzz", width: 16, height: 8, supersampling: .x2, fit: fit),
                  case let .animation(animation) = photo else { continue }
            _ = animation.loopCount
            for pass in 0..<2 {
                var frames = 0
                while frames < 50, let frame = try? animation.next() {
                    precondition(frame.frame.width == 16 && frame.frame.height == 8 && frame.durationMilliseconds >= 20,
                                 "an animation frame is \(frame.frame.width)x\(frame.frame.height) for \(frame.durationMilliseconds) ms")
                    frames += 1
                }
                if pass == 0 { guard (try? animation.rewind()) != nil else { break } }
            }
        }
    }

    /// What is kept of any settings file (as the settings store reads it) must write out and
    /// read back the same, without problems; a file without problems reads the same strictly.
    static func settings(_ text: String) {
        let (kept, problems) = Settings.reading(fileText: text)
        let again = Settings.reading(fileText: kept.fileText)
        precondition(again.settings == kept && again.problems.isEmpty, "settings do not survive a round trip: \(kept)")
        precondition(problems.isEmpty == ((try? Settings(fileText: text)) == kept), "strict and lenient reading disagree")
    }

    /// Small panels of every bus the traces can address.
    static let tracePanels = ["hub75:rows=32,cols=32", "ws2812:width=4,height=2", "apa102:width=4,height=2",
                              "max7219:chips=1", "ht16k33", "is31fl3731"]

    static func trace(_ text: String) {
        guard let transactions = try? BusTraceReader.parse(text, name: "fuzz") else { return }
        for panel in tracePanels {
            guard let description = try? PanelDescription(parsing: panel),
                  let target = try? SimulatedTarget(description) else { continue }
            try? BusTraceReader.play(transactions, into: target, name: "fuzz")
            _ = target.model.picture
        }
    }

    static func panel(_ text: String) {
        guard let description = try? PanelDescription(parsing: text),
              let panel = try? SimulatedPanel(description),
              panel.width * panel.height <= 4096 else { return }
        var frame = Frame(width: panel.width, height: panel.height)
        frame[0, 0] = LinearColor(red: 65535, green: 30000, blue: 1)
        _ = try? panel.show(frame)
    }

    /// The first byte picks the effect and the time; the rest is `name=value` lines.
    static func params(_ data: [UInt8]) {
        guard let first = data.first else { return }
        let descriptor = EffectCatalog.all[Int(first) % EffectCatalog.all.count]
        let lines = String(decoding: data.dropFirst(), as: UTF8.self).split(separator: "\n").map(String.init)
        guard let given = try? EffectCatalog.parseAssignments(lines),
              var scene = try? descriptor.makeScene(parameters: given, seed: UInt64(first), width: 8, height: 6) else { return }
        var canvas = Canvas(width: 8, height: 6, supersampling: .x2)
        scene.render(into: &canvas, at: .milliseconds(Int(first) * 997))
    }

    /// Bytes in chunks: a byte ≥ 0xF0 ends a chunk and moves the clock by (byte − 0xF0) × 100 ms.
    static func keys(_ data: [UInt8]) {
        var decoder = KeyDecoder()
        var now: Int64 = 0
        var chunk: [UInt8] = []
        for byte in data {
            if byte >= 0xF0 {
                _ = decoder.feed(chunk, at: now)
                chunk = []
                now += Int64(byte - 0xF0) * 100_000_000
                _ = decoder.tick(at: now)
            } else {
                chunk.append(byte)
            }
        }
        _ = decoder.feed(chunk, at: now)
        _ = decoder.tick(at: now + 2_000_000_000)
    }

    /// The first byte picks the panel; the rest is traffic in its bus's terms.
    static func devices(_ data: [UInt8]) {
        guard let first = data.first,
              let description = try? PanelDescription(parsing: tracePanels[Int(first) % tracePanels.count]),
              let target = try? SimulatedTarget(description) else { return }
        let traffic = Array(data.dropFirst())
        var reader = ByteReader(traffic)
        while !reader.isEmpty {
            if let spi = target.spi {
                try? spi.transfer(reader.bytes(Int(reader.byte())))
            } else if let bus = target.i2c {
                guard let address = I2CAddress(rawValue: 0x70 + reader.byte() % 8) else { continue }
                try? bus.write(reader.bytes(Int(reader.byte())), to: address)
            } else if let gpio = target.gpio {
                let set = reader.word(), clear = reader.word()
                try? gpio.write(set: set & gpio.outputMask, clear: clear & gpio.outputMask)
                if set & 1 != 0 { gpio.hold(nanoseconds: Int(reader.word() % 60_000_000_001)) }
            }
        }
        _ = target.model.picture
    }
}

/// Reads bytes from the front of an input, giving zeros once it is used up.
struct ByteReader {
    private var bytes: ArraySlice<UInt8>

    init(_ bytes: [UInt8]) { self.bytes = bytes[...] }

    var isEmpty: Bool { bytes.isEmpty }

    mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }

    mutating func bytes(_ count: Int) -> [UInt8] {
        let taken = Array(bytes.prefix(count))
        bytes = bytes.dropFirst(count)
        return taken
    }

    /// Eight bytes, little-endian.
    mutating func word() -> UInt64 { (0..<8).reduce(UInt64(0)) { $0 | UInt64(byte()) << (8 * $1) } }
}
