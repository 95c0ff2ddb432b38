/// The options of one `--panel TYPE:key=value,…` description, with typed, checked getters.
/// Each panel type reads the keys it knows; `finish()` rejects any key nobody read.
public struct PanelOptions: Sendable {
    /// The panel type, e.g. "max7219".
    public let type: String
    private let values: [String: String]
    private var used: Set<String> = []
    /// The mounting, once read (see `mounting()`).
    private var mountingRead: Mounting?
    /// Every key a getter asked for, in the order asked, with its default and what it
    /// accepts: what `pixelwheel list` prints, so the list can never drift from the parser.
    public private(set) var keys: [PanelOptionKey] = []
    /// When true, a getter given a bad value records the problem in `problems` and returns
    /// the key's default instead of throwing, so a configuration file's check can list every
    /// bad option of a panel at once (the panel is still refused).
    public var collectsProblems = false
    /// The bad values met so far, with `collectsProblems`.
    public private(set) var problems: [PanelConfigurationError] = []

    /// Options `values` for panel `type`. A key given without `=value` has the value "true".
    public init(type: String, values: [String: String]) {
        self.type = type
        self.values = values
    }

    /// Parses `TYPE` or `TYPE:key=value,key,…` (e.g. `ws2812:width=16,height=16,serpentine`).
    public init(parsing text: String) throws(PanelConfigurationError) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = parts.first, !first.isEmpty else { throw .malformed(text) }
        var values: [String: String] = [:]
        if parts.count == 2 {
            for item in parts[1].split(separator: ",") {
                let kv = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard !kv[0].isEmpty else { throw .malformed(text) }
                guard values[String(kv[0])] == nil else { throw .repeatedKey(type: String(first).lowercased(), key: String(kv[0])) }
                values[String(kv[0])] = kv.count == 2 ? String(kv[1]) : "true"
            }
        }
        self.init(type: String(first).lowercased(), values: values)
    }

    /// A whole number in `range`, or `defaultValue` when absent.
    /// `shownDefault` is what `list` shows when the default is no value of its own (e.g. "-").
    public mutating func integer(_ key: String, in range: ClosedRange<Int>, default defaultValue: Int,
                                 shownDefault: String? = nil) throws(PanelConfigurationError) -> Int {
        note(key, default: shownDefault ?? String(defaultValue), allowed: "\(range.lowerBound)...\(range.upperBound)")
        guard let text = values[key] else { return defaultValue }
        guard let v = Int(text), range.contains(v) else {
            try refuse(.badValue(type: type, key: key, value: text, allowed: "\(range.lowerBound)...\(range.upperBound)"))
            return defaultValue
        }
        return v
    }

    /// One of `choices`, or `defaultValue` when absent.
    public mutating func choice(_ key: String, _ choices: [String], default defaultValue: String) throws(PanelConfigurationError) -> String {
        note(key, default: defaultValue, allowed: choices.joined(separator: "|"))
        guard let text = values[key] else { return defaultValue }
        guard choices.contains(text) else {
            try refuse(.badValue(type: type, key: key, value: text, allowed: choices.joined(separator: "|")))
            return defaultValue
        }
        return text
    }

    /// A flag: true when given bare or as `key=true`/`yes`/`1`, false when absent or `false`/`no`/`0`.
    public mutating func flag(_ key: String) throws(PanelConfigurationError) -> Bool {
        note(key, default: "false", allowed: "true|false")
        guard let text = values[key] else { return false }
        switch text {
        case "true", "yes", "1", "on": return true
        case "false", "no", "0", "off": return false
        default:
            try refuse(.badValue(type: type, key: key, value: text, allowed: "true|false"))
            return false
        }
    }

    /// Throws `problem`; with `collectsProblems`, records it instead (the getter then returns
    /// its default).
    private mutating func refuse(_ problem: PanelConfigurationError) throws(PanelConfigurationError) {
        guard collectsProblems else { throw problem }
        problems.append(problem)
    }

    /// The raw text of `key`, if given; `allowed` and `defaultValue` describe it for `list`.
    public mutating func text(_ key: String, allowed: String = "text", default defaultValue: String = "-") -> String? {
        note(key, default: defaultValue, allowed: allowed)
        return values[key]
    }

    /// Marks `key` as read and records its description (the first description wins).
    private mutating func note(_ key: String, default defaultValue: String, allowed: String) {
        used.insert(key)
        if !keys.contains(where: { $0.key == key }) {
            keys.append(PanelOptionKey(key: key, defaultValue: defaultValue, allowed: allowed))
        }
    }

    /// A clockwise turn in 90° steps under `key` (`0|90|180|270`, default 0).
    public mutating func rotation(_ key: String = "rotate") throws(PanelConfigurationError) -> Rotation {
        Rotation(rawValue: Int(try choice(key, ["0", "90", "180", "270"], default: "0"))!)!
    }

    /// A flip under `key`: `none`, `x`, `y` or `xy` (default none).
    public mutating func mirror(_ key: String = "mirror") throws(PanelConfigurationError) -> Mirror {
        switch try choice(key, ["none", "x", "y", "xy"], default: "none") {
        case "x": return .x
        case "y": return .y
        case "xy": return [.x, .y]
        default: return []
        }
    }

    /// The mounting stage every panel type shares: `rotate` (0|90|180|270, the picture's
    /// clockwise turn on the board) and `mirror` (none|x|y|xy, then flipped along the board's
    /// axes). Read once: a later call returns the same value, so a strip's pixel mapper, which
    /// folds the stage into its LED table, and the description that owns it read one mounting.
    public mutating func mounting() throws(PanelConfigurationError) -> Mounting {
        if let mountingRead { return mountingRead }
        let mounting = Mounting(rotation: try rotation(), mirror: try mirror())
        mountingRead = mounting
        return mounting
    }

    /// Every key given, with its text, as written (a bare key has "true"): what a description
    /// keeps so that keys can later be laid over it (hzeller's `--led-*` flags over a file's panel).
    public var givenValues: [String: String] { values }

    /// Whether `key` was given (does not mark it read).
    public func has(_ key: String) -> Bool { values[key] != nil }

    /// Throws for any key that no getter asked for.
    public func finish() throws(PanelConfigurationError) {
        if let unknown = unknownKeys.first { throw unknown }
    }

    /// Every key that no getter asked for, in name order, as the error `finish()` throws.
    public var unknownKeys: [PanelConfigurationError] {
        values.keys.sorted().filter { !used.contains($0) }.map { .unknownKey(type: type, key: $0, known: used.sorted()) }
    }
}

/// One option key of a panel type, as `pixelwheel list` shows it.
public struct PanelOptionKey: Hashable, Sendable {
    /// The key, e.g. "chips".
    public var key: String
    /// Its value when not given ("-" when there is none).
    public var defaultValue: String
    /// What it accepts, e.g. "1...32" or "fc16|generic".
    public var allowed: String
}

/// A panel description that cannot be used. Messages name the key and what it accepts.
public enum PanelConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    case malformed(String)
    case unknownType(String, known: [String])
    case unknownKey(type: String, key: String, known: [String])
    case badValue(type: String, key: String, value: String, allowed: String)
    case inconsistent(type: String, reason: String)
    case repeatedKey(type: String, key: String)
    /// A panel size that is not `WIDTHxHEIGHT` with each side 1...1024.
    case badSize(String)

    public var description: String {
        switch self {
        case let .malformed(text):
            return "panel '\(text)' is not valid; write TYPE or TYPE:key=value,… for example max7219:chips=4"
        case let .unknownType(type, known):
            return "unknown panel type '\(type)'; choose one of: \(known.joined(separator: ", "))"
        case let .unknownKey(type, key, known):
            return "panel '\(type)' has no option '\(key)'; its options are: \(known.joined(separator: ", "))"
        case let .badValue(type, key, value, allowed):
            return "panel '\(type)' option '\(key)' must be \(allowed) (got '\(value)')"
        case let .inconsistent(type, reason):
            return "panel '\(type)': \(reason)"
        case let .repeatedKey(type, key):
            return "panel '\(type)' option '\(key)' is given twice; give it once"
        case let .badSize(text):
            return "panel size '\(text)' is not valid; write WIDTHxHEIGHT with each side 1...\(PanelSize.maximumSide), for example 64x32"
        }
    }
}
