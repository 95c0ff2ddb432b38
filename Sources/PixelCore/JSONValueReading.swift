/// Reading parsed JSON (`JSONParser`): members, numbers, flags and texts, each nil when the
/// value is of another type.
extension JSONValue {
    /// The value of member `key` of an object: the last one when the key is given twice, as
    /// JavaScript's `JSON.parse` keeps. Nil for a missing key or a value that is no object.
    public subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.last { $0.0 == key }?.1
    }

    /// An object's members in text order; nil for other values.
    public var members: [(String, JSONValue)]? {
        if case let .object(members) = self { return members }
        return nil
    }

    /// An array's elements; nil for other values.
    public var elements: [JSONValue]? {
        if case let .array(elements) = self { return elements }
        return nil
    }

    /// A number as a whole number: an integer, or a finite double rounded toward zero and
    /// clamped to `Int.min...Int.max`; nil for other values.
    public var integer: Int? {
        switch self {
        case let .int(value):
            return Int(clamping: value)
        case let .decimal(units, places):
            var value = units
            for _ in 0..<max(0, places) { value /= 10 }
            return Int(clamping: value)
        case let .double(value):
            guard value.isFinite else { return nil }
            if value >= 9.2e18 { return Int.max }
            if value <= -9.2e18 { return Int.min }
            return Int(value)
        default:
            return nil
        }
    }

    /// A `true` or `false`; nil for other values.
    public var bool: Bool? {
        if case let .bool(flag) = self { return flag }
        return nil
    }

    /// A string's text; nil for other values.
    public var string: String? {
        if case let .string(text) = self { return text }
        return nil
    }
}

extension JSONValue: Equatable {
    /// Same type and same content; objects compare their members in order, doubles by value
    /// (so NaN equals nothing).
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case let (.object(x), .object(y)):
            guard x.count == y.count else { return false }
            for (left, right) in zip(x, y) where left.0 != right.0 || left.1 != right.1 { return false }
            return true
        case let (.array(x), .array(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.int(x), .int(y)): return x == y
        case let (.decimal(x, p), .decimal(y, q)): return x == y && p == q
        case let (.double(x), .double(y)): return x == y
        case let (.bool(x), .bool(y)): return x == y
        case (.null, .null): return true
        default: return false
        }
    }
}
