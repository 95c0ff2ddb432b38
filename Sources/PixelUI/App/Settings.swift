import PixelCore
import PixelEffects
import PixelGames

/// The look of the menu: the white iPod or the black one.
public enum Theme: String, Sendable, CaseIterable {
    /// White screen, black text, white-on-blue selection, as the iPod classic.
    case light
    /// Black screen and dim text, kinder to the eyes on bright LEDs.
    case dark
}

/// What the display does when a network stream arrives: WLED's live override (`lor`).
public enum StreamOverride: String, Sendable, CaseIterable {
    /// 0: the first packet takes the display.
    case obey
    /// 1: ignore the stream that is running; obey again once it has ended.
    case ignoreUntilEnd = "ignore-until-end"
    /// 2: ignore every stream.
    case ignore

    /// The label in Settings.
    public var label: String {
        switch self {
        case .obey: return "Obey"
        case .ignoreUntilEnd: return "Ignore once"
        case .ignore: return "Ignore"
        }
    }
}

/// What the Settings menu changes; saved across restarts.
public struct Settings: Equatable, Sendable {
    /// Panel brightness, 0...100 %.
    public var brightness: Int = 60
    /// Effect speed, 25...400 % of normal.
    public var speed: Int = 100
    /// Menu theme.
    public var theme: Theme = .dark
    /// Samples per LED along each axis for rendering.
    public var supersampling: Supersampling = .x4
    /// Whether network streams take the display.
    public var streams: StreamOverride = .obey
    /// How long next, previous and Shuffle cross-fade from one effect to the next, in
    /// milliseconds (0 cuts): one of `transitionSteps`, or any value in `transitionRange` from a file.
    public var transitionMilliseconds = 700
    /// The family Shuffle draws from; nil for every effect.
    public var shuffleFrom: EffectFamily?
    /// Effect parameters chosen in the menu or with `sim --param`, keyed `effect.parameter`
    /// (e.g. `bounce.speed`), valued as on the command line (`40`, `shader`, `FF8000`).
    public var effectParameters: [String: String] = [:]
    /// How long the slideshow shows each photo, in seconds (an animation plays at least once).
    public var slideshowSeconds = 5
    /// Whether the slideshow shows the photos in a random order (seeded from `--seed`).
    public var shufflePhotos = false
    /// How photos are placed on a panel of another shape.
    public var photoFit = PhotoFit.fit
    /// Each game's best score (Extras → Games), saved as `best-brick`, `best-snake`.
    public var bestScores: [GameKind: Int] = [:]

    /// The default settings.
    public init() {}

    /// Allowed brightness values (a settings file may hold 0; the slider stops at 5 %).
    public static let brightnessRange = 0...100
    /// The lowest brightness the slider sets, so the menu never goes fully dark.
    public static let lowestMenuBrightness = 5
    /// Allowed speed values.
    public static let speedRange = 25...400
    /// Allowed transition lengths, in milliseconds.
    public static let transitionRange = 0...3000
    /// Allowed slideshow intervals, in seconds.
    public static let slideshowRange = 2...60
    /// The intervals the Slideshow Interval row steps through, in seconds.
    public static let slideshowSteps = [2, 3, 5, 10, 15, 20, 30, 60]
    /// Allowed best scores in a settings file.
    public static let bestScoreRange = 0...1_000_000_000
    /// The lengths the Transition row steps through, in milliseconds.
    public static let transitionSteps = [0, 300, 500, 700, 1000, 1500, 2000, 3000]

    /// The Transition row's value: "Cut" or seconds, "0.7 s".
    public var transitionLabel: String {
        guard transitionMilliseconds > 0 else { return "Cut" }
        let tenths = (transitionMilliseconds + 50) / 100
        return "\(tenths / 10).\(tenths % 10) s"
    }

    /// The settings as a small text file: `key = value` lines.
    public var fileText: String {
        // One line at a time: a single long concatenation is too much for Swift 6.0.3's type checker.
        var lines = ["# PixelWheel settings", "brightness = \(brightness)", "speed = \(speed)", "theme = \(theme.rawValue)",
                     "supersampling = \(supersampling.rawValue)"]
        if streams != .obey { lines.append("streams = \(streams.rawValue)") }
        if transitionMilliseconds != 700 { lines.append("transition = \(transitionMilliseconds)") }
        if let shuffleFrom { lines.append("shuffle-from = \(shuffleFrom.rawValue)") }
        if slideshowSeconds != 5 { lines.append("slideshow = \(slideshowSeconds)") }
        if shufflePhotos { lines.append("shuffle-photos = on") }
        if photoFit != .fit { lines.append("photo-fit = \(photoFit.rawValue)") }
        for kind in GameKind.allCases { if let best = bestScores[kind] { lines.append("best-\(kind.rawValue) = \(best)") } }
        for (key, value) in effectParameters.sorted(by: { $0.key < $1.key }) { lines.append("\(key) = \(value)") }
        return lines.map { $0 + "\n" }.joined()
    }

    /// Whether `key` names an effect's parameter (`effect.parameter`) and `value` is one it takes.
    public static func isEffectParameter(_ key: String, value: String) -> Bool {
        let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, let effect = try? EffectCatalog.named(parts[0]),
              let parameter = effect.parameters.first(where: { $0.name == parts[1] }) else { return false }
        return parameter.accepts(value)
    }

    /// Reads settings written by `fileText`. Unknown keys are ignored (a newer version may
    /// add some); a malformed line or an out-of-range value is an error naming the line.
    public init(fileText text: String) throws(SettingsError) {
        let (settings, problems) = Self.reading(fileText: text)
        if let first = problems.first { throw first }
        self = settings
    }

    /// Reads what it can of `fileText` over `defaults`: every good line is kept; each bad line
    /// leaves its setting at the default and is reported, in file order.
    public static func reading(fileText text: String, over defaults: Settings = Settings()) -> (settings: Settings, problems: [SettingsError]) {
        var settings = defaults
        var problems: [SettingsError] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingWhitespace
            if line.isEmpty || line.hasPrefix("#") { continue }
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace }
            guard parts.count == 2 else {
                problems.append(.malformedLine(index + 1, String(line.prefix(80))))
                continue
            }
            let value = parts[1]
            func bad(_ key: String) { problems.append(.badValue(index + 1, key, String(value.prefix(80)))) }
            switch parts[0] {
            case "brightness":
                if let v = Int(value), brightnessRange.contains(v) { settings.brightness = v } else { bad("brightness") }
            case "speed":
                if let v = Int(value), speedRange.contains(v) { settings.speed = v } else { bad("speed") }
            case "theme":
                if let v = Theme(rawValue: String(value)) { settings.theme = v } else { bad("theme") }
            case "supersampling":
                if let n = Int(value), let v = Supersampling(rawValue: n) { settings.supersampling = v } else { bad("supersampling") }
            case "streams":
                if let v = StreamOverride(rawValue: String(value)) { settings.streams = v } else { bad("streams") }
            case "transition":
                if let v = Int(value), transitionRange.contains(v) { settings.transitionMilliseconds = v } else { bad("transition") }
            case "shuffle-from":
                if value == "all" { settings.shuffleFrom = nil } else if let v = EffectFamily(rawValue: String(value)) {
                    settings.shuffleFrom = v
                } else { bad("shuffle-from") }
            case "slideshow":
                if let v = Int(value), slideshowRange.contains(v) { settings.slideshowSeconds = v } else { bad("slideshow") }
            case "shuffle-photos":
                if value == "on" || value == "off" { settings.shufflePhotos = value == "on" } else { bad("shuffle-photos") }
            case "photo-fit":
                if let v = PhotoFit(rawValue: String(value)) { settings.photoFit = v } else { bad("photo-fit") }
            case let key where key.hasPrefix("best-"):
                if let kind = GameKind(rawValue: String(key.dropFirst(5))), let v = Int(value), bestScoreRange.contains(v) {
                    settings.bestScores[kind] = v
                } else { bad(String(key)) }
            case let key where key.contains("."):
                // An effect's parameter: kept only when the effect takes it and the value fits.
                if isEffectParameter(String(key), value: String(value)) {
                    settings.effectParameters[String(key)] = String(value)
                } else {
                    bad(String(key))
                }
            default:
                continue
            }
        }
        return (settings, problems)
    }
}

/// A settings file that cannot be read.
public enum SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    case malformedLine(Int, String)
    case badValue(Int, String, String)

    public var description: String {
        switch self {
        case let .malformedLine(line, text): return "line \(line) is not 'key = value': '\(text)'"
        case let .badValue(line, key, value): return "line \(line): '\(value)' is not a valid \(key)"
        }
    }
}

extension Substring {
    var trimmingWhitespace: Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" || f == "\r" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s = s.dropLast() }
        return s
    }
}
