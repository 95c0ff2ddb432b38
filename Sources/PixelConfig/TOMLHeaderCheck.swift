/// Finds what toml++ (3.4, inside TOMLKit) asserts on, and so aborts the program instead of
/// reporting an error, before the text reaches it. Both were found by fuzzing:
///
/// - a table header without a name (`[` then a newline, `[[[1]]]`, `[ ]`, `[[=`), which toml++
///   fixed after 3.4;
/// - a `}` where an array expects a value (`a = [ } ]`, `a = [1, }`), its assertion
///   `!is_value_terminator(*cp)` in `parse_value`.
///
/// A small scanner: it skips comments, strings (basic, literal, multi-line) and follows the
/// arrays and inline tables of values, so a `[` counts as a header only where a statement
/// starts, and it knows where an array expects its next value.
enum TOMLHeaderCheck {
    /// What toml++ would abort on.
    enum Crasher: Equatable {
        /// A table header whose name does not start with a bare-key character or a quote.
        case namelessHeader
        /// A `}` where an array expects a value.
        case braceInArray
    }

    /// The line (from 1) of the first table header whose name does not start with a bare-key
    /// character or a quote, or nil when there is none.
    static func firstNamelessHeader(in text: String) -> Int? {
        guard let found = firstCrasher(in: text), found.kind == .namelessHeader else { return nil }
        return found.line
    }

    /// The first thing in `text` toml++ would abort on, with its line (from 1); nil when none.
    static func firstCrasher(in text: String) -> (line: Int, kind: Crasher)? {
        let bytes = Array(text.utf8)
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0  // a UTF-8 byte order mark, which toml++ skips
        var line = 1
        var open: [UInt8] = []  // the arrays and inline tables of the value being read, innermost last
        var statementStart = true
        var arrayExpectsValue = false
        while i < bytes.count {
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "\n"):
                line += 1
                if open.isEmpty { statementStart = true }
                i += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                i += 1
            case UInt8(ascii: "#"):
                while i < bytes.count && bytes[i] != UInt8(ascii: "\n") { i += 1 }
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                skipString(bytes, at: &i, line: &line)
                statementStart = false
                arrayExpectsValue = false
            case UInt8(ascii: "[") where statementStart && open.isEmpty:
                var j = i + 1
                if j < bytes.count && bytes[j] == UInt8(ascii: "[") { j += 1 }
                while j < bytes.count && (bytes[j] == UInt8(ascii: " ") || bytes[j] == UInt8(ascii: "\t")) { j += 1 }
                guard j < bytes.count, startsKey(bytes[j]) else { return (line, .namelessHeader) }
                statementStart = false
                i = j
            case UInt8(ascii: "}") where arrayExpectsValue && open.last == UInt8(ascii: "["):
                return (line, .braceInArray)
            default:
                statementStart = false
                arrayExpectsValue = false
                if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") { open.append(c) }
                if c == UInt8(ascii: "]") || c == UInt8(ascii: "}"), !open.isEmpty { open.removeLast() }
                // After an array's `[` or a `,` between its values, the next thing is a value.
                if c == UInt8(ascii: "[") || (c == UInt8(ascii: ",") && open.last == UInt8(ascii: "[")) { arrayExpectsValue = true }
                i += 1
            }
        }
        return nil
    }

    /// Whether `c` may start a key: A–Z, a–z, 0–9, `_`, `-` or a quote.
    private static func startsKey(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
             UInt8(ascii: "\""), UInt8(ascii: "'"):
            return true
        default:
            return false
        }
    }

    /// Moves `i` past the string that starts there (to the end of the text if it is not
    /// closed), counting the newlines of multi-line strings into `line`.
    private static func skipString(_ bytes: [UInt8], at i: inout Int, line: inout Int) {
        let quote = bytes[i]
        let escapes = quote == UInt8(ascii: "\"")
        let triple = i + 2 < bytes.count && bytes[i + 1] == quote && bytes[i + 2] == quote
        i += triple ? 3 : 1
        while i < bytes.count {
            let c = bytes[i]
            if escapes && c == UInt8(ascii: "\\") { i += 2; continue }
            if c == UInt8(ascii: "\n") {
                if !triple { return }  // a single-line string ends at the line's end (toml++ reports it)
                line += 1
            }
            if c == quote && (!triple || (i + 2 < bytes.count && bytes[i + 1] == quote && bytes[i + 2] == quote)) {
                i += triple ? 3 : 1
                return
            }
            i += 1
        }
    }
}
