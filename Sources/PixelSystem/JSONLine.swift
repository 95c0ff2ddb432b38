import Foundation

/// One JSON object per line, with string and integer values: the bus-trace format. Parsed
/// with Foundation's `JSONSerialization`, kept here so that only this module imports
/// Foundation.
public enum JSONLine {
    /// A value of a flat JSON object.
    public enum Value: Equatable, Sendable {
        case string(String)
        case integer(Int)
        case other
    }

    /// The members of `line`, a JSON object; nil when it is not one.
    public static func object(_ line: String) -> [String: Value]? {
        guard let parsed = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
        var result: [String: Value] = [:]
        for (key, value) in parsed {
            if let text = value as? String {
                result[key] = .string(text)
            } else if let integer = value as? Int {
                result[key] = .integer(integer)
            } else {
                result[key] = .other
            }
        }
        return result
    }
}
