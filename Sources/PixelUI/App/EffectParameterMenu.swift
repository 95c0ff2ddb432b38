import PixelCore
import PixelEffects

/// What Settings → Effect Parameters offers: each effect's parameters as slider screens
/// (numbers) and list screens (choices and colours), read from and written to
/// `Settings.effectParameters`.
enum EffectParameterMenu {
    /// The catalog name of menu effect `index` and the parameters its entry fixes (Star Shader's mode).
    static func entry(_ index: Int) -> (name: String, fixed: [String: String]) {
        guard case let .effect(_, name, fixed) = MenuEntry.effects[index] else { preconditionFailure("not an effect") }
        return (name, fixed)
    }

    /// The parameters the menu offers for effect `index`: the catalog's, minus those its entry fixes.
    static func parameters(ofEffect index: Int) -> [EffectParameter] {
        let (name, fixed) = entry(index)
        return ((try? EffectCatalog.named(name))?.parameters ?? []).filter { fixed[$0.name] == nil }
    }

    /// The parameter `name` of effect `index`.
    static func parameter(_ name: String, ofEffect index: Int) -> EffectParameter? {
        parameters(ofEffect: index).first { $0.name == name }
    }

    /// The settings key of parameter `name` of effect `index`: `effect.parameter`.
    static func key(_ name: String, ofEffect index: Int) -> String { entry(index).name + "." + name }

    /// The value in force, as written on the command line: the chosen one, else the default.
    static func value(of parameter: EffectParameter, ofEffect index: Int, in settings: Settings) -> String {
        settings.effectParameters[key(parameter.name, ofEffect: index)] ?? parameter.defaultDescription
    }

    /// Every parameter of effect `index` for its scene: the entry's fixed ones and the chosen ones.
    static func sceneParameters(ofEffect index: Int, in settings: Settings) -> [String: String] {
        let (name, fixed) = entry(index)
        var given = fixed
        for (key, value) in settings.effectParameters where key.hasPrefix(name + ".") {
            let parameter = String(key.dropFirst(name.count + 1))
            if fixed[parameter] == nil { given[parameter] = value }
        }
        return given
    }

    /// A number's slider: the value `steps` steps on from `text`, clamped to the range. A
    /// step is the round number (1, 2 or 5 × a power of ten) nearest a 40th of the range.
    static func stepped(_ parameter: EffectParameter, from text: String, by steps: Int) -> String {
        let steps = min(max(steps, -1000), 1000)
        switch parameter.kind {
        case let .number(range, fallback, _):
            let current = Fixed(text) ?? fallback
            let step = roundStep(range.upperBound - range.lowerBound)
            let moved = Int64(current.raw) + Int64(step.raw) * Int64(steps)
            let clamped = min(max(moved, Int64(range.lowerBound.raw)), Int64(range.upperBound.raw))
            return Fixed(raw: Int32(clamped)).description
        case let .integer(range, fallback, _):
            let current = Int(text) ?? fallback
            let step = max(1, Int(roundStep(Fixed(range.upperBound - range.lowerBound)).raw >> 16))
            return String(min(max(current + step * steps, range.lowerBound), range.upperBound))
        case .choice, .color, .palette:
            return text
        }
    }

    /// The round step nearest a 40th of `span`: 0.01, 0.02, 0.05, 0.1 … 100.
    static func roundStep(_ span: Fixed) -> Fixed {
        let target = Int64(span.raw) / 40
        let candidates: [Fixed] = [Fixed(1, over: 100), Fixed(2, over: 100), Fixed(5, over: 100), Fixed(1, over: 10), Fixed(2, over: 10),
                                   Fixed(1, over: 2), 1, 2, 5, 10, 20, 50, 100]
        return candidates.min { abs(Int64($0.raw) - target) < abs(Int64($1.raw) - target) } ?? 1
    }

    /// A list screen's rows, (label, value): the words of a choice; for a colour, named colours
    /// after the effect's own, and the value in force first when it is none of them.
    static func choices(for parameter: EffectParameter, current: String) -> [(label: String, value: String)] {
        switch parameter.kind {
        case let .choice(options, _):
            return options.map { (displayName($0), $0) }
        case .palette:
            return Palette.names.map { (displayName($0), $0) }
        case .color:
            var rows: [(label: String, value: String)] = [("Default", parameter.defaultDescription)] + namedColors
            if !rows.contains(where: { $0.value.uppercased() == current.uppercased() }) { rows.insert(("#" + current.uppercased(), current), at: 0) }
            return rows
        case .number, .integer:
            return []
        }
    }

    /// Colours offered for colour parameters.
    static let namedColors: [(label: String, value: String)] = [
        ("White", "FFFFFF"), ("Red", "FF0000"), ("Orange", "FF8000"), ("Yellow", "FFFF00"), ("Green", "00FF00"),
        ("Cyan", "00FFFF"), ("Blue", "0000FF"), ("Purple", "8000FF"), ("Magenta", "FF00FF"),
    ]

    /// A parameter or choice name as a menu label: "ease-in-out" → "Ease In Out".
    static func displayName(_ name: String) -> String {
        name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// Where a number's slider bar stands (0...1 as a fraction of 65536ths) and the unit to
    /// show after the value.
    static func sliderPosition(_ parameter: EffectParameter, value: String) -> (fraction: Fixed, unit: String) {
        func unitText(_ unit: String) -> String { unit.isEmpty ? "" : " " + unit }
        switch parameter.kind {
        case let .number(range, fallback, unit):
            let v = Fixed(value) ?? fallback
            let span = Int64(range.upperBound.raw) - Int64(range.lowerBound.raw)
            let at = (Int64(v.raw) - Int64(range.lowerBound.raw)) * 65536 / max(1, span)
            return (Fixed(raw: Int32(min(max(at, 0), 65536))), unitText(unit))
        case let .integer(range, fallback, unit):
            let v = Int(value) ?? fallback
            return (Fixed(v - range.lowerBound, over: max(1, range.upperBound - range.lowerBound)), unitText(unit))
        case .choice, .color, .palette:
            return (.zero, "")
        }
    }
}
