import PixelCore
import PixelEffects
import PixelPanels

/// `pixelwheel list`: the effects with their parameters, the palettes, then the panel types
/// with their keys, defaults, allowed values and notes.
public enum Listing {
    /// The whole listing, one item per line.
    public static var lines: [String] {
        var lines: [String] = []
        for effect in EffectCatalog.all {
            lines.append("\(effect.name) — \(effect.summary) [\(effect.family.title)]")
            for p in effect.parameters {
                lines.append("    \(p.name)=\(p.defaultDescription)  (\(p.rangeDescription))  \(p.summary)")
            }
        }
        lines.append("")
        lines.append("palettes:")
        lines += Palette.names
        lines.append("")
        lines.append("panels, for --panel TYPE:key=value,… (key=default  allowed values):")
        lines.append("mounting: \(PanelTypeSummary.mountingNote)")
        for panel in PanelTypeSummary.all {
            lines.append("\(panel.type) (\(panel.bus.rawValue))")
            for key in panel.keys {
                lines.append("    \(key.key)=\(key.defaultValue)  (\(key.allowed))")
            }
            for note in panel.notes { lines.append("    note: \(note)") }
        }
        return lines
    }
}
