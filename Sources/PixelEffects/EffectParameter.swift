import PixelCore

/// One setting an effect accepts on the command line as `--param name=value`.
public struct EffectParameter: Sendable {
    /// What values the parameter takes, and its default.
    public enum Kind: Sendable {
        /// A fixed-point number in `range` (written like `2.5`), with a unit for help text.
        case number(range: ClosedRange<Fixed>, default: Fixed, unit: String)
        /// A whole number in `range`.
        case integer(range: ClosedRange<Int>, default: Int, unit: String)
        /// One of the listed words.
        case choice([String], default: String)
        /// A colour written `RRGGBB` or `#RRGGBB`.
        case color(default: Color)
        /// One of PixelCore's named palettes (`Palette.all`), by name.
        case palette(default: String)
    }

    /// The name used on the command line.
    public let name: String
    /// One line for `pixelwheel list`.
    public let summary: String
    /// Values and default.
    public let kind: Kind

    /// A parameter called `name`, described by `summary`, taking values of `kind`.
    public init(_ name: String, _ summary: String, _ kind: Kind) {
        self.name = name; self.summary = summary; self.kind = kind
    }

    /// The accepted values, as help text: "1...200 LEDs/s", "objects|shader", "colour RRGGBB".
    public var rangeDescription: String {
        switch kind {
        case let .number(range, _, unit): return "\(range.lowerBound)...\(range.upperBound)" + (unit.isEmpty ? "" : " \(unit)")
        case let .integer(range, _, unit): return "\(range.lowerBound)...\(range.upperBound)" + (unit.isEmpty ? "" : " \(unit)")
        case let .choice(options, _): return options.joined(separator: "|")
        case .color: return "colour RRGGBB"
        case .palette: return "a palette from the list: " + Palette.names.joined(separator: "|")
        }
    }

    /// The default, as it would be written on the command line.
    public var defaultDescription: String {
        switch kind {
        case let .number(_, value, _): return value.description
        case let .integer(_, value, _): return String(value)
        case let .choice(_, value): return value
        case let .color(value):
            let hex = Array("0123456789ABCDEF")
            return [value.red, value.green, value.blue].map { "\(hex[Int($0 >> 4)])\(hex[Int($0 & 15)])" }.joined()
        case let .palette(value): return value
        }
    }

    /// Whether `text` is a value this parameter takes.
    public func accepts(_ text: String) -> Bool {
        (try? parse(text, effect: "")) != nil
    }

    /// Checks `text` and turns it into a value.
    func parse(_ text: String, effect: String) throws(EffectError) -> ParameterValue {
        let bad = EffectError.parameterOutOfRange(effect: effect, name: name, value: text, allowed: rangeDescription)
        switch kind {
        case let .number(range, _, _):
            guard let v = Fixed(text), range.contains(v) else { throw bad }
            return .number(v)
        case let .integer(range, _, _):
            guard let v = Int(text), range.contains(v) else { throw bad }
            return .integer(v)
        case let .choice(options, _):
            guard options.contains(text) else { throw bad }
            return .choice(text)
        case .color:
            guard let c = Color(hex: text) else { throw bad }
            return .color(c)
        case .palette:
            guard let palette = Palette.named(text) else { throw bad }
            return .palette(palette)
        }
    }

    var defaultValue: ParameterValue {
        switch kind {
        case let .number(_, v, _): return .number(v)
        case let .integer(_, v, _): return .integer(v)
        case let .choice(_, v): return .choice(v)
        case let .color(v): return .color(v)
        case let .palette(name): return .palette(Palette.named(name)!)
        }
    }
}

/// A checked parameter value.
enum ParameterValue: Hashable, Sendable {
    case number(Fixed), integer(Int), choice(String), color(Color), palette(Palette)
}

/// An effect's parameters after checking: every declared parameter has a valid value.
public struct ParameterValues: Sendable {
    private var values: [String: ParameterValue]

    /// Checks `given` (name → text) against `parameters` and fills in defaults.
    /// Throws for an unknown name or a value outside the parameter's range.
    public init(_ given: [String: String], for parameters: [EffectParameter], effect: String) throws(EffectError) {
        var values: [String: ParameterValue] = [:]
        for p in parameters { values[p.name] = p.defaultValue }
        for (name, text) in given.sorted(by: { $0.key < $1.key }) {
            guard let p = parameters.first(where: { $0.name == name }) else {
                throw .unknownParameter(effect: effect, name: name, known: parameters.map { $0.name })
            }
            values[name] = try p.parse(text, effect: effect)
        }
        self.values = values
    }

    /// The value of a `.number` parameter.
    public func number(_ name: String) -> Fixed {
        guard case let .number(v)? = values[name] else { preconditionFailure("no number parameter '\(name)'") }
        return v
    }
    /// The value of an `.integer` parameter.
    public func integer(_ name: String) -> Int {
        guard case let .integer(v)? = values[name] else { preconditionFailure("no integer parameter '\(name)'") }
        return v
    }
    /// The value of a `.choice` parameter.
    public func choice(_ name: String) -> String {
        guard case let .choice(v)? = values[name] else { preconditionFailure("no choice parameter '\(name)'") }
        return v
    }
    /// The value of a `.palette` parameter.
    public func palette(_ name: String) -> Palette {
        guard case let .palette(v)? = values[name] else { preconditionFailure("no palette parameter '\(name)'") }
        return v
    }
    /// The value of a `.color` parameter.
    public func color(_ name: String) -> Color {
        guard case let .color(v)? = values[name] else { preconditionFailure("no colour parameter '\(name)'") }
        return v
    }
}

/// What can go wrong choosing or configuring an effect. Messages are for the person at the terminal.
public enum EffectError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownEffect(name: String, known: [String])
    case unknownParameter(effect: String, name: String, known: [String])
    case parameterOutOfRange(effect: String, name: String, value: String, allowed: String)
    case malformedParameter(text: String)

    public var description: String {
        switch self {
        case let .unknownEffect(name, known):
            return "unknown effect '\(name)'; choose one of: \(known.joined(separator: ", "))"
        case let .unknownParameter(effect, name, known):
            return "effect '\(effect)' has no parameter '\(name)'; its parameters are: \(known.joined(separator: ", ")) (see 'pixelwheel list')"
        case let .parameterOutOfRange(effect, name, value, allowed):
            return "parameter '\(name)' of '\(effect)' must be \(allowed) (got '\(value)')"
        case let .malformedParameter(text):
            return "parameter '\(text)' must be written name=value, for example speed=20"
        }
    }
}
