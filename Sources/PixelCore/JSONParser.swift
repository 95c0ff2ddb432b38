/// How much JSON from outside the parser reads before it refuses: the whole text, and how
/// deeply objects and arrays nest.
public struct JSONLimits: Sendable, Equatable {
    /// The longest text read, in bytes.
    public var maximumBytes: Int
    /// The deepest nesting read: 1 allows `{"a":1}` but not `{"a":[1]}`. At most
    /// `JSONLimits.depthCeiling`, whatever is asked, so the parser's recursion stays shallow.
    public var maximumDepth: Int

    /// The deepest nesting any limits allow.
    public static let depthCeiling = 64

    /// Texts of at most `maximumBytes` bytes, nested at most `maximumDepth` deep.
    public init(maximumBytes: Int = 16_384, maximumDepth: Int = 16) {
        self.maximumBytes = max(0, maximumBytes)
        self.maximumDepth = min(max(0, maximumDepth), Self.depthCeiling)
    }
}

/// Why a JSON text was refused; offsets count bytes from 0.
public enum JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is longer than the limit.
    case tooLarge(bytes: Int, limit: Int)
    /// Objects and arrays nest deeper than the limit.
    case tooDeep(limit: Int, offset: Int)
    /// The text ends inside a value.
    case unexpectedEnd
    /// A byte that cannot stand here.
    case unexpectedByte(UInt8, offset: Int)
    /// A string with a control character or a malformed escape.
    case badString(offset: Int)
    /// A number that is not written as JSON writes numbers.
    case badNumber(offset: Int)
    /// More than white space after the value.
    case trailingData(offset: Int)

    public var description: String {
        switch self {
        case let .tooLarge(bytes, limit): return "the JSON text is \(bytes) bytes; at most \(limit) are read"
        case let .tooDeep(limit, offset): return "the JSON nests deeper than \(limit) levels (at byte \(offset))"
        case .unexpectedEnd: return "the JSON text ends inside a value"
        case let .unexpectedByte(byte, offset): return "unexpected byte 0x\(String(byte, radix: 16)) at byte \(offset) of the JSON text"
        case let .badString(offset): return "a malformed string at byte \(offset) of the JSON text"
        case let .badNumber(offset): return "a malformed number at byte \(offset) of the JSON text"
        case let .trailingData(offset): return "more than one value in the JSON text (at byte \(offset))"
        }
    }
}

/// A JSON reader for outside input (RFC 8259), bounded by `JSONLimits`: it never traps and
/// refuses with a `JSONParseError`.
///
/// Values are read into `JSONValue`, the type the writer writes: objects keep their members
/// in text order (a key given twice is kept twice), an integer that fits 64 bits is `.int`,
/// any other number `.double` (to about 15 significant digits; exponents beyond ±400 become 0
/// or infinity), and a string's invalid UTF-8 becomes U+FFFD. Standard library only.
public struct JSONParser {
    private let bytes: [UInt8]
    private let limits: JSONLimits
    private var index = 0

    /// Reads `bytes` as one JSON value, white space around it allowed.
    public static func parse(_ bytes: [UInt8], limits: JSONLimits = JSONLimits()) throws(JSONParseError) -> JSONValue {
        guard bytes.count <= limits.maximumBytes else { throw .tooLarge(bytes: bytes.count, limit: limits.maximumBytes) }
        var parser = JSONParser(bytes: bytes, limits: limits)
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == bytes.count else { throw .trailingData(offset: parser.index) }
        return value
    }

    /// Reads `text` as one JSON value (see `parse(_:limits:)`).
    public static func parse(_ text: String, limits: JSONLimits = JSONLimits()) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8), limits: limits)
    }

    private init(bytes: [UInt8], limits: JSONLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
        skipSpace()
        guard let byte = current else { throw .unexpectedEnd }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw .unexpectedByte(byte, offset: index)
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        for offset in 0..<count {
            guard let byte = current else { throw .unexpectedEnd }
            guard byte == word.utf8Start[offset] else { throw .unexpectedByte(byte, offset: index) }
            index += 1
        }
    }

    /// Consumes `byte` after white space, or says what stood there instead.
    private mutating func expect(_ byte: UInt8) throws(JSONParseError) {
        skipSpace()
        guard let found = current else { throw .unexpectedEnd }
        guard found == byte else { throw .unexpectedByte(found, offset: index) }
        index += 1
    }

    /// True (and consumed) when `byte` follows after white space.
    private mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard current == byte else { return false }
        index += 1
        return true
    }

    private mutating func object(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= limits.maximumDepth else { throw .tooDeep(limit: limits.maximumDepth, offset: index) }
        index += 1  // {
        var members: [(String, JSONValue)] = []
        if take(UInt8(ascii: "}")) { return .object(members) }
        repeat {
            skipSpace()
            guard let byte = current else { throw .unexpectedEnd }
            guard byte == UInt8(ascii: "\"") else { throw .unexpectedByte(byte, offset: index) }
            let key = try string()
            try expect(UInt8(ascii: ":"))
            let member = try value(depth: depth)
            members.append((key, member))
        } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"))
        return .object(members)
    }

    private mutating func array(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= limits.maximumDepth else { throw .tooDeep(limit: limits.maximumDepth, offset: index) }
        index += 1  // [
        var elements: [JSONValue] = []
        if take(UInt8(ascii: "]")) { return .array(elements) }
        repeat {
            elements.append(try value(depth: depth))
        } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"))
        return .array(elements)
    }

    private mutating func string() throws(JSONParseError) -> String {
        let start = index
        index += 1  // "
        var utf8: [UInt8] = []
        while true {
            guard let byte = current else { throw .unexpectedEnd }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &utf8, stringStart: start)
            case 0..<0x20:
                throw .badString(offset: index - 1)
            default:
                utf8.append(byte)
            }
        }
    }

    /// One escape after its backslash, appended to `utf8` as UTF-8.
    private mutating func escape(into utf8: inout [UInt8], stringStart: Int) throws(JSONParseError) {
        guard let byte = current else { throw .unexpectedEnd }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar), bytes.count >= index + 6,
               bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                let save = index
                index += 2
                let low = try hex4()
                if (0xDC00..<0xE000).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    index = save  // a lone high surrogate; the next escape stands alone
                }
            }
            let decoded = Unicode.Scalar(scalar) ?? "\u{FFFD}"
            utf8.append(contentsOf: String(Character(decoded)).utf8)
        default:
            throw .badString(offset: index - 1)
        }
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw .unexpectedEnd }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A")) + 10
            default: throw .badString(offset: index)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func digits() -> [UInt8] {
        var found: [UInt8] = []
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            found.append(byte - UInt8(ascii: "0"))
            index += 1
        }
        return found
    }

    private mutating func number() throws(JSONParseError) -> JSONValue {
        let start = index
        let negative = current == UInt8(ascii: "-")
        if negative { index += 1 }
        let whole = digits()
        guard !whole.isEmpty, whole.count == 1 || whole[0] != 0 else { throw .badNumber(offset: start) }
        var fraction: [UInt8] = []
        if current == UInt8(ascii: ".") {
            index += 1
            fraction = digits()
            guard !fraction.isEmpty else { throw .badNumber(offset: start) }
        }
        var exponent = 0
        var hasExponent = false
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            hasExponent = true
            index += 1
            var exponentNegative = false
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") {
                exponentNegative = current == UInt8(ascii: "-")
                index += 1
            }
            let written = digits()
            guard !written.isEmpty else { throw .badNumber(offset: start) }
            for digit in written { exponent = min(exponent * 10 + Int(digit), 100_000) }
            if exponentNegative { exponent = -exponent }
        }
        if fraction.isEmpty && !hasExponent, let integer = Self.integer(whole, negative: negative) { return .int(integer) }
        return .double(Self.double(whole + fraction, exponent: exponent - fraction.count, negative: negative))
    }

    /// The digits as an Int64, or nil when they do not fit.
    private static func integer(_ digits: [UInt8], negative: Bool) -> Int64? {
        var value: Int64 = 0
        for digit in digits {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            // Counted downwards, so Int64.min fits.
            let (next, under) = times.subtractingReportingOverflow(Int64(digit))
            guard !under else { return nil }
            value = next
        }
        if negative { return value }
        return value == Int64.min ? nil : -value
    }

    /// `digits` × 10^`exponent`, to about 15 significant digits.
    private static func double(_ digits: [UInt8], exponent: Int, negative: Bool) -> Double {
        var mantissa = 0.0
        var scale = exponent
        var significant = 0
        for digit in digits {
            if significant < 17 {
                mantissa = mantissa * 10 + Double(digit)
                if mantissa > 0 { significant += 1 }
            } else {
                scale += 1  // digits past the 17th only move the point
            }
        }
        scale = min(max(scale, -400), 400)
        var value = mantissa
        if scale > 0 {
            for _ in 0..<scale { value *= 10 }
        } else if scale < 0 {
            for _ in 0..<(-scale) { value /= 10 }
        }
        return negative ? -value : value
    }
}
