import PixelCore
import PixelEffects
import PixelInputs
import PixelPanels
import PixelSystem
import PixelUI
import TOMLKit

/// Reads a PixelWheel configuration file (TOML), checks all of it and lists every problem at
/// once, each with the file, the line, the key path and what is allowed. Nothing here opens a
/// device.
public enum ConfigurationLoader {
    /// The largest configuration file read, in bytes.
    public static let maximumBytes = 1 << 20

    /// Reads and checks the file at `path`.
    public static func load(_ path: String) throws -> Setup {
        let text = try FileBytes.readText(path, limit: maximumBytes)
        return try parse(text, file: path)
    }

    /// Checks `text`, the content of `file`.
    public static func parse(_ text: String, file: String = "configuration") throws(ConfigurationError) -> Setup {
        var checker = Checker(text: text, file: file)
        return try checker.run()
    }

    /// The key sets of the fixed tables, with their types: what unknown-key and type checks use.
    static let schema: [String: [String: ValueKind]] = [
        "app": ["fps": .integer, "size": .string, "seed": .integer, "state": .string, "start": .string, "text": .string, "gpiochip": .string],
        "settings": ["brightness": .integer, "speed": .integer, "theme": .string, "supersampling": .integer, "streams": .string],
        "encoder": ["a": .integer, "b": .integer, "switch": .integer, "half-step": .boolean, "reversed": .boolean],
        "buttons": ["menu": .integer, "play-pause": .integer, "next": .integer, "previous": .integer],
        "piezo": ["gpio": .integer],
        "photos": ["folder": .string],
    ]

    enum ValueKind: String { case integer = "a whole number", string = "a string in quotes", boolean = "true or false" }

    /// The fixed tables, decoded with Codable once the checker found their keys and types right.
    struct Document: Decodable {
        struct App: Decodable {
            var fps: Int?, size: String?, seed: Int?, state: String?, start: String?, text: String?, gpiochip: String?
        }
        struct SettingsTable: Decodable { var brightness: Int?, speed: Int?, theme: String?, supersampling: Int?, streams: String? }
        struct Encoder: Decodable {
            var a: Int, b: Int, `switch`: Int
            var halfStep: Bool?, reversed: Bool?
            enum CodingKeys: String, CodingKey { case a, b, `switch`, halfStep = "half-step", reversed }
        }
        struct Buttons: Decodable {
            var menu: Int?, playPause: Int?, next: Int?, previous: Int?
            enum CodingKeys: String, CodingKey { case menu, playPause = "play-pause", next, previous }
        }
        struct Piezo: Decodable { var gpio: Int }
        struct Photos: Decodable { var folder: String? }
        var app: App?
        var photos: Photos?
        var settings: SettingsTable?
        var encoder: Encoder?
        var buttons: Buttons?
        var piezo: Piezo?
    }

    struct Checker {
        let text: String
        let file: String
        let locate: TOMLKeyLocator
        var problems: [ConfigurationProblem] = []

        init(text: String, file: String) {
            self.text = text; self.file = file; locate = TOMLKeyLocator(text: text)
        }

        mutating func problem(_ line: Int, _ keyPath: String, _ message: String) {
            problems.append(ConfigurationProblem(file: file, line: line, keyPath: keyPath, message: message))
        }

        mutating func run() throws(ConfigurationError) -> Setup {
            if let (line, kind) = TOMLHeaderCheck.firstCrasher(in: text) {
                switch kind {
                case .namelessHeader: problem(line, "", "not valid TOML: a table header needs a name after '[', like [encoder] or [[panel]]")
                case .braceInArray: problem(line, "", "not valid TOML: a '}' where the array expects a value; close the array with ']'")
                }
                throw ConfigurationError(problems: problems)
            }
            let table: TOMLTable
            do {
                table = try TOMLTable(string: text)
            } catch let error as TOMLParseError {
                problem(Int(error.source.begin.line), "", "not valid TOML: \(error.description)")
                throw ConfigurationError(problems: problems)
            } catch {
                problem(0, "", "not valid TOML: \(error)")
                throw ConfigurationError(problems: problems)
            }
            // One pass over everything that parsed: values of the wrong type and panels that
            // cannot be built are left out of the later checks (each is already a problem),
            // so the ranges, names and pins of the rest are still checked.
            let fixed = checkTables(table)
            let panels = readPanels(table)
            let network = readNetwork(table)
            let web = readWeb(table)
            let document: Document
            do {
                document = try TOMLDecoder().decode(Document.self, from: fixed)
            } catch {
                problem(0, "", "cannot be read: \(error)")
                throw ConfigurationError(problems: problems.sorted { $0.line < $1.line })
            }
            var configuration = build(document, panels: panels)
            configuration.network = network
            configuration.web = web
            checkPins(configuration)
            guard problems.isEmpty else { throw ConfigurationError(problems: problems.sorted { $0.line < $1.line }) }
            return configuration
        }

        /// The table `name` of `table`: nil when there is none, or when it is not a table (then
        /// that is a problem, on its line).
        mutating func subtable(_ name: String, in table: TOMLTable) -> TOMLTable? {
            guard let value = table[name] else { return nil }
            guard let inner = value.table else {
                problem(locate.line(table: nil, key: name), name, "must be a table, written [\(name)]")
                return nil
            }
            return inner
        }

        /// Unknown tables and keys, and values of the wrong type, in the fixed tables. Returns
        /// the fixed tables with only the known keys of the right type (and `[encoder]` only
        /// when it has its three lines), for decoding.
        mutating func checkTables(_ table: TOMLTable) -> TOMLTable {
            let fixed = TOMLTable()
            for key in table.keys.sorted() {
                let value = table[key]!
                if key == "panel" {
                    guard let array = value.array, array.allSatisfy({ $0.table != nil }) else {
                        problem(locate.line(table: nil, key: key), key, "must be [[panel]] tables, one per panel")
                        continue
                    }
                    continue
                }
                if key == "network" || key == "web" { continue }  // NetworkTable and WebTable read them.
                guard let keys = schema[key] else {
                    let line = locate.line(table: key) != 0 ? locate.line(table: key) : locate.line(table: nil, key: key)
                    problem(line, key, "unknown table; the tables are " + ((Array(schema.keys) + ["network", "web"]).sorted() + ["[[panel]]"]).joined(separator: ", "))
                    continue
                }
                guard let inner = subtable(key, in: table) else { continue }
                let kept = TOMLTable()
                for innerKey in inner.keys.sorted() {
                    let line = locate.line(table: key, key: innerKey)
                    guard let kind = keys[innerKey] else {
                        problem(line, "\(key).\(innerKey)", "unknown key; [\(key)] takes " + keys.keys.sorted().joined(separator: ", "))
                        continue
                    }
                    let v = inner[innerKey]!
                    let ok = switch kind {
                    case .integer: v.int != nil
                    case .string: v.string != nil
                    case .boolean: v.bool != nil
                    }
                    if ok { kept[innerKey] = v } else { problem(line, "\(key).\(innerKey)", "must be \(kind.rawValue)") }
                }
                // An [encoder] short of a line is reported below and checked no further.
                if key == "encoder", ["a", "b", "switch"].contains(where: { kept[$0] == nil }) { continue }
                fixed[key] = kept
            }
            if let encoder = table["encoder"]?.table {
                for required in ["a", "b", "switch"] where encoder[required] == nil {
                    problem(locate.line(table: "encoder"), "encoder.\(required)", "is missing; [encoder] needs a, b and switch (BCM GPIO numbers)")
                }
            }
            return fixed
        }

        /// The `[[panel]]` tables through the same parser as `--panel`.
        mutating func readPanels(_ table: TOMLTable) -> [Setup.Panel] {
            guard let array = table["panel"]?.array else { return [] }
            var panels: [Setup.Panel] = []
            for (index, element) in array.enumerated() {
                guard let panelTable = element.table else { continue }
                let line = locate.line(table: "panel", index: index)
                let path = "panel[\(index + 1)]"
                var values: [String: String] = [:]
                var role = Setup.Role.main
                var type: String?
                for key in panelTable.keys {
                    let value = panelTable[key]!
                    let keyLine = locate.line(table: "panel", index: index, key: key)
                    let text: String
                    if let s = value.string { text = s } else if let i = value.int { text = String(i) } else if let b = value.bool { text = b ? "true" : "false" } else if let d = value.double { text = String(d) } else {
                        problem(keyLine, "\(path).\(key)", "must be a number, a string or true/false")
                        continue
                    }
                    switch key {
                    case "type": type = text.lowercased()
                    case "role":
                        guard let r = Setup.Role(rawValue: text) else {
                            problem(keyLine, "\(path).role", "must be main or status (got '\(text)')")
                            continue
                        }
                        role = r
                    default: values[key] = text
                    }
                }
                guard let type else {
                    problem(line, "\(path).type", "is missing; give type = one of \(PanelDescription.knownTypes.joined(separator: ", "))")
                    continue
                }
                // Every bad option of the panel is listed, not only the first.
                var options = PanelOptions(type: type, values: values)
                options.collectsProblems = true
                var found: [PanelConfigurationError]
                do {
                    let description = try PanelDescription(options: &options, text: Self.panelText(type: type, values: values))
                    found = options.problems + options.unknownKeys
                    if found.isEmpty { panels.append(.init(description: description, role: role, line: line)) }
                } catch {
                    // A check across keys, or an unknown type. Keys not read yet are not called
                    // unknown, and after bad values only those are listed: the defaults put in their
                    // place may be what the check across keys tripped on ("the size is missing").
                    found = options.problems.isEmpty ? [error] : options.problems
                }
                for error in found {
                    let key = Self.key(of: error)
                    problem(key.map { locate.line(table: "panel", index: index, key: $0) } ?? line,
                            key.map { "\(path).\($0)" } ?? path, error.description)
                }
            }
            let mains = panels.filter { $0.role == .main }
            if mains.count > 1 {
                // Sending panels (ddp, e131, artnet) are the tiles of one canvas.
                if let wall = PanelDescription.tiles(mains.map(\.description)) {
                    return [Setup.Panel(description: wall, role: .main, line: mains[0].line)] + panels.filter { $0.role != .main }
                }
                problem(panels[1].line, "panel", "more than one panel has role main; give the others role = \"status\" (only sending panels, ddp, e131 and artnet, tile one canvas)")
            }
            return panels.sorted { $0.role == .main && $1.role != .main }
        }

        static func key(of error: PanelConfigurationError) -> String? {
            switch error {
            case let .unknownKey(_, key, _), let .badValue(_, key, _, _), let .repeatedKey(_, key): key
            default: nil
            }
        }

        /// The panel written as `--panel` text, for status lines.
        static func panelText(type: String, values: [String: String]) -> String {
            values.isEmpty ? type : type + ":" + values.keys.sorted().map { "\($0)=\(values[$0]!)" }.joined(separator: ",")
        }

        /// The values of the fixed tables, range-checked.
        mutating func build(_ d: Document, panels: [Setup.Panel]) -> Setup {
            func check(_ value: Int?, _ range: ClosedRange<Int>, _ table: String, _ key: String) -> Int? {
                guard let value else { return nil }
                guard range.contains(value) else {
                    problem(locate.line(table: table, key: key), "\(table).\(key)", "must be \(range.lowerBound)...\(range.upperBound) (got \(value))")
                    return nil
                }
                return value
            }
            func pin(_ value: Int?, _ table: String, _ key: String) -> Int? { check(value, 0...27, table, key) }
            var settings = Settings()
            if let s = d.settings {
                if let v = check(s.brightness, Settings.brightnessRange, "settings", "brightness") { settings.brightness = v }
                if let v = check(s.speed, Settings.speedRange, "settings", "speed") { settings.speed = v }
                if let theme = s.theme {
                    if let t = Theme(rawValue: theme) { settings.theme = t } else {
                        problem(locate.line(table: "settings", key: "theme"), "settings.theme", "must be light or dark (got '\(theme)')")
                    }
                }
                if let text = s.streams {
                    if let policy = StreamOverride(rawValue: text) { settings.streams = policy } else {
                        problem(locate.line(table: "settings", key: "streams"), "settings.streams",
                                "must be " + StreamOverride.allCases.map(\.rawValue).joined(separator: ", ") + " (got '\(text)')")
                    }
                }
                if let v = s.supersampling {
                    if let ss = Supersampling(rawValue: v) { settings.supersampling = ss } else {
                        problem(locate.line(table: "settings", key: "supersampling"), "settings.supersampling", "must be 1, 2, 4 or 8 (got \(v))")
                    }
                }
            }
            var size = try! PanelSize(width: 64, height: 32)
            if let text = d.app?.size {
                do { size = try PanelSize(parsing: text) } catch {
                    problem(locate.line(table: "app", key: "size"), "app.size", "must be WIDTHxHEIGHT, each side 1...\(PanelSize.maximumSide) (got '\(text)')")
                }
            }
            if let start = d.app?.start, start != "menu", (try? EffectCatalog.named(start)) == nil {
                problem(locate.line(table: "app", key: "start"), "app.start", "must be menu or an effect: " + EffectCatalog.all.map { $0.name }.joined(separator: ", "))
            }
            var encoder: EncoderWiring?
            if let e = d.encoder, let a = pin(e.a, "encoder", "a"), let b = pin(e.b, "encoder", "b"), let s = pin(e.switch, "encoder", "switch") {
                encoder = EncoderWiring(a: a, b: b, button: s, halfStep: e.halfStep ?? false, reversed: e.reversed ?? false)
            }
            let buttons = Setup.Buttons(
                menu: pin(d.buttons?.menu, "buttons", "menu"), playPause: pin(d.buttons?.playPause, "buttons", "play-pause"),
                next: pin(d.buttons?.next, "buttons", "next"), previous: pin(d.buttons?.previous, "buttons", "previous"))
            var setup = Setup(
                file: file, fps: check(d.app?.fps, 1...240, "app", "fps") ?? 30, size: size,
                seed: UInt64(max(0, d.app?.seed ?? 1)), statePath: d.app?.state,
                startEffect: d.app?.start == "menu" ? nil : d.app?.start, text: d.app?.text, inputChip: d.app?.gpiochip ?? "auto",
                panels: panels, encoder: encoder, buttons: buttons, piezo: pin(d.piezo?.gpio, "piezo", "gpio"), settings: settings)
            if let folder = d.photos?.folder {
                if folder.isEmpty || folder.utf8.count > 4096 {
                    problem(locate.line(table: "photos", key: "folder"), "photos.folder", "must be the path of a folder of pictures, e.g. \"/var/lib/pixelwheel/photos\"")
                } else {
                    setup.photosFolder = folder
                }
            }
            return setup
        }

        /// Pins used twice, and pins that clash with a panel's bus.
        mutating func checkPins(_ c: Setup) {
            var owner: [Int: String] = [:]
            var clashes: Set<Int> = []
            func claim(_ gpio: Int, _ use: String, line: Int, keyPath: String) {
                if let previous = owner[gpio] {
                    guard !clashes.contains(gpio) || previous != use else { return }
                    clashes.insert(gpio)
                    problem(line, keyPath, "GPIO \(gpio) is used twice: by \(previous) and by \(use); choose a free pin (see hardware/README.md)")
                } else {
                    owner[gpio] = use
                }
            }
            for (index, panel) in c.panels.enumerated() {
                for pin in panel.description.headerPins {
                    claim(pin.gpio, "panel \(index + 1) (\(pin.use))", line: panel.line, keyPath: "panel[\(index + 1)]")
                }
            }
            let keys: [String: (String, String)] = [
                "encoder A": ("encoder", "a"), "encoder B": ("encoder", "b"), "encoder switch": ("encoder", "switch"),
                "menu button": ("buttons", "menu"), "playPause button": ("buttons", "play-pause"),
                "next button": ("buttons", "next"), "previous button": ("buttons", "previous"), "piezo": ("piezo", "gpio"),
            ]
            for pin in c.inputPins {
                let (table, key) = keys[pin.use] ?? ("", "")
                claim(pin.gpio, pin.use, line: locate.line(table: table, key: key), keyPath: "\(table).\(key)")
            }
        }
    }
}
