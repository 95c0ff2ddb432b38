import PixelCore

/// The look of the menu: the white iPod or the black one.
public enum Theme: String, Sendable, CaseIterable {
    /// White screen, black text, white-on-blue selection, as the iPod classic.
    case light
    /// Black screen and dim text, kinder to the eyes on bright LEDs.
    case dark
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

    /// The default settings.
    public init() {}

    /// Allowed brightness values (a settings file may hold 0; the slider stops at 5 %).
    public static let brightnessRange = 0...100
    /// The lowest brightness the slider sets, so the menu never goes fully dark.
    public static let lowestMenuBrightness = 5
    /// Allowed speed values.
    public static let speedRange = 25...400

    /// The settings as a small text file: `key = value` lines.
    public var fileText: String {
        "# PixelWheel settings\nbrightness = \(brightness)\nspeed = \(speed)\ntheme = \(theme.rawValue)\nsupersampling = \(supersampling.rawValue)\n"
    }

    /// Reads settings written by `fileText`. Unknown keys are ignored (a newer version may
    /// add some); a malformed line or an out-of-range value is an error naming the line.
    public init(fileText text: String) throws(SettingsError) {
        self.init()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingWhitespace
            if line.isEmpty || line.hasPrefix("#") { continue }
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace }
            guard parts.count == 2 else { throw .malformedLine(index + 1, String(line)) }
            let value = parts[1]
            switch parts[0] {
            case "brightness":
                guard let v = Int(value), Self.brightnessRange.contains(v) else { throw .badValue(index + 1, "brightness", String(value)) }
                brightness = v
            case "speed":
                guard let v = Int(value), Self.speedRange.contains(v) else { throw .badValue(index + 1, "speed", String(value)) }
                speed = v
            case "theme":
                guard let v = Theme(rawValue: String(value)) else { throw .badValue(index + 1, "theme", String(value)) }
                theme = v
            case "supersampling":
                guard let n = Int(value), let v = Supersampling(rawValue: n) else { throw .badValue(index + 1, "supersampling", String(value)) }
                supersampling = v
            default:
                continue
            }
        }
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
