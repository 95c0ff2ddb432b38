/// `text` escaped for the inside of a JSON string: quotes, backslashes and every control
/// character.
public func jsonEscaped(_ text: String) -> String {
    var out = ""
    for ch in text.unicodeScalars {
        switch ch {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where ch.value < 0x20:
            let hex = String(ch.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(ch)
        }
    }
    return out
}
