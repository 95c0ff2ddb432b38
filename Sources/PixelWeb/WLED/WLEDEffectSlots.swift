import PixelEffects
import PixelUI

/// Which of a menu effect's parameters WLED's segment sliders, colour and palette stand for:
/// `ix`, `c1`, `c2` and `c3` are its first four number parameters in the catalog's order after
/// its own `speed` (choices have no slider, and `sx` is the Speed setting, so a second Speed
/// slider would only confuse), `col`'s first colour is its colour parameter and `pal` its
/// palette parameter, when it has them.
public struct WLEDEffectSlots: Sendable {
    /// The WLED slider keys, in the order the number parameters fill them.
    public static let keys = ["ix", "c1", "c2", "c3"]
    /// The top of each slider: 255, but 31 for `c3` (five bits in WLED).
    public static func top(of key: String) -> Int { key == "c3" ? 31 : 255 }

    /// The parameter behind each slider key that has one.
    public let sliders: [(key: String, parameter: EffectParameter)]
    /// The colour parameter behind `col[0]`, if any.
    public let color: EffectParameter?
    /// The palette parameter behind `pal`, if any.
    public let palette: EffectParameter?

    /// The slots of menu effect `index` (none for an index out of range).
    public init(effect index: Int) {
        let parameters = MenuEntry.parameters(ofEffect: index)
        let numbers = parameters.filter { parameter in
            switch parameter.kind {
            case .number, .integer: return parameter.name != "speed"
            case .choice, .color, .palette: return false
            }
        }
        palette = parameters.first { parameter in
            if case .palette = parameter.kind { return true }
            return false
        }
        sliders = zip(Self.keys, numbers).map { (key: $0.0, parameter: $0.1) }
        color = parameters.first { parameter in
            if case .color = parameter.kind { return true }
            return false
        }
    }

    /// The parameter behind slider `key`, if any.
    public func parameter(for key: String) -> EffectParameter? {
        sliders.first { $0.key == key }?.parameter
    }

    /// WLED's `fxdata` text for the effect: the slider labels (`sx` is Speed; an empty label
    /// hides a slider), the colour slot, `!` when it takes a palette (the WLED apps then show
    /// the palette list), and flag 2 (2D).
    public var fxdata: String {
        let labels = ["Speed"] + Self.keys.map { key in parameter(for: key).map { EffectParameterMenuName.label($0.name) } ?? "" }
        let colors = color.map { EffectParameterMenuName.label($0.name) } ?? ""
        return labels.joined(separator: ",") + ";" + colors + ";" + (palette == nil ? "" : "!") + ";2"
    }
}

/// A parameter's name as a label: its first letter capitalised.
enum EffectParameterMenuName {
    static func label(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }
}
