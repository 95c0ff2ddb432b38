/// WLED's relative values, as its JSON and HTTP APIs take them in place of a number: a step
/// from the current value, or a cycle within a range, so a button box or an automation steps
/// with one call.
///
/// - `"~"` and `"~-"`: one up or down, wrapping past the range's ends;
/// - `"~N"` and `"~-N"`: N up or down, clamped to the range; `"~0"` changes nothing;
/// - `"w~N"`, `"w~-N"`: as `~N`, but from the end the step points past, to the other end;
/// - `"A~B~"`, `"A~B~-"`: one up or down within A…B instead of the value's own range (WLED's
///   preset cycling, `"ps":"1~3~"`); a current value outside A…B goes to A (or B going down);
/// - a plain number in text, `"128"`, is that number.
///
/// These are WLED's own rules (its `parseNumber`), including an unordered `"3~1~"`, which always
/// gives 3. Random values (`"r"`, `"4~10r"`) are not taken: nil, as for anything else.
public enum WLEDRelativeValue {
    /// The value `text` gives from `current` within `range`, or nil when `text` is not one of
    /// the forms above. At most 12 characters are read, as WLED reads.
    public static func resolve(_ text: String, current: Int, in range: ClosedRange<Int>) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 12 else { return nil }
        if let number = Int(text), number >= 0 { return number }
        let parts = text.split(separator: "~", omittingEmptySubsequences: false)
        if parts.count == 3, let low = Int(parts[0]), let high = Int(parts[1]), low >= 0, high > 0 {
            return step(String("~" + parts[2]), current: current, low: low, high: high)
        }
        return step(text, current: current, low: range.lowerBound, high: range.upperBound)
    }

    /// `~`, `~-`, `~N`, `~-N`, `w~N` from `current` between `low` and `high` (WLED's order: a
    /// wrap lands on `low` going up and `high` going down, even when `low` > `high`).
    private static func step(_ text: String, current: Int, low: Int, high: Int) -> Int? {
        var rest = Substring(text)
        let wraps = rest.hasPrefix("w") && rest.count > 1
        if wraps { rest = rest.dropFirst() }
        guard rest.hasPrefix("~") else { return nil }
        rest = rest.dropFirst()
        if rest.isEmpty { return current + 1 > high ? low : max(low, current + 1) }
        if rest == "-" { return current - 1 < low ? high : min(high, current - 1) }
        guard let amount = Int(rest) else { return nil }
        if amount == 0 { return current }
        if wraps && current == high && amount > 0 { return low }
        if wraps && current == low && amount < 0 { return high }
        let moved = current + amount
        return moved < low ? low : moved > high ? high : moved
    }
}
