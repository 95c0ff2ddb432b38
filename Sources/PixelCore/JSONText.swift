/// `text` escaped for the inside of a JSON string: quotes, backslashes and every control
/// character.
public func jsonEscaped(_ text: String) -> String {
    var out = ""
    appendJSONEscaped(text, to: &out)
    return out
}

/// Appends `text` to `out`, escaped as `jsonEscaped(_:)` escapes it.
private func appendJSONEscaped(_ text: String, to out: inout String) {
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
}

/// A JSON value to write: the one JSON writer of bus traces, `bench --json` and the web
/// simulator's messages.
///
/// `text` is compact JSON (no spaces or line breaks). Objects keep their members in the order
/// given, so a format's key order is the order its code lists them; a key given twice is
/// written twice. Strings are escaped by `jsonEscaped(_:)` (quotes, backslashes and control
/// characters; everything else as it is, UTF-8). Standard library only, so it also compiles as
/// Embedded Swift.
public enum JSONValue: Sendable {
    /// `{"key":value,…}`, members in this order.
    case object([(String, JSONValue)])
    /// `[value,…]`.
    case array([JSONValue])
    /// `"text"`, escaped.
    case string(String)
    /// An integer in decimal, `-` before a negative one: `-12`.
    case int(Int64)
    /// `units` / 10^`places` written with exactly `places` digits after the point:
    /// `.decimal(299, places: 1)` is `29.9`, `.decimal(-5, places: 2)` is `-0.05`, and
    /// `places` 0 (or less) writes `units` as an integer.
    case decimal(Int64, places: Int)
    /// A binary floating-point number in Swift's shortest spelling that reads back as the same
    /// value (`2.0`, `0.3333333333333333`, `1e-05`): for measurements. `null` for NaN and the
    /// infinities, which JSON cannot write.
    case double(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// The value as compact JSON text.
    public var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// Appends the value's text to `out`.
    public func write(to out: inout String) {
        switch self {
        case let .object(members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                out += "\""
                appendJSONEscaped(key, to: &out)
                out += "\":"
                value.write(to: &out)
            }
            out += "}"
        case let .array(elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                element.write(to: &out)
            }
            out += "]"
        case let .string(string):
            out += "\""
            appendJSONEscaped(string, to: &out)
            out += "\""
        case let .int(value):
            out += String(value)
        case let .decimal(units, places):
            guard places > 0 else { out += String(units); return }
            let magnitude = units.magnitude
            let digits = String(magnitude)
            let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
            if units < 0 { out += "-" }
            out.append(contentsOf: padded.dropLast(places))
            out += "."
            out.append(contentsOf: padded.suffix(places))
        case let .double(value):
            out += value.isFinite ? String(value) : "null"
        case let .bool(flag):
            out += flag ? "true" : "false"
        case .null:
            out += "null"
        }
    }
}
