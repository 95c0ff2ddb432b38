import PixelCore
import PixelPanels

extension HzellerTranslation {
    /// The `[[panel]]` table of a configuration file that describes the same panel, checked
    /// first (a bad value is refused as `--panel` would refuse it). The notes come first, as
    /// comments; integers and true/false are written bare, other values as TOML strings.
    public func configurationTable() throws(HzellerFlagError) -> String {
        _ = try panel()
        var lines: [String] = notes.map { "# " + $0 }
        lines.append("[[panel]]")
        lines.append("type = \"hub75\"")
        for pair in keys {
            lines.append("\(pair.key) = \(Self.tomlValue(pair.value))")
        }
        return lines.joined(separator: "\n")
    }

    /// `text` as a TOML value: a whole number or true/false bare, anything else a basic
    /// string escaped as `jsonEscaped` does, and DEL too.
    static func tomlValue(_ text: String) -> String {
        if text == "true" || text == "false" { return text }
        if let number = Int(text), String(number) == text { return text }
        // TOML's basic strings take JSON's escapes; DEL must be escaped too.
        let escaped: String = jsonEscaped(text).replacingDELs()
        return "\"" + escaped + "\""
    }
}

extension String {
    /// This text with each DEL (U+007F) written as the escape `\u007F`.
    fileprivate func replacingDELs() -> String {
        var out = ""
        for scalar in unicodeScalars {
            if scalar.value == 0x7F { out += "\\u007F" } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
