import PixelCore

/// A number of seconds given on the command line (`2.5`), exact in fixed point. Each option
/// checks its own range in `validate()`, with a one-line error naming what is allowed.
public struct Seconds: Sendable {
    /// The value.
    public let value: Fixed
    /// What was typed, for messages.
    public let text: String

    /// Seconds written as a decimal (`2.5`, `-1`); nil for anything else.
    public init?(text: String) {
        guard let value = Fixed(text) else { return nil }
        self.value = value
        self.text = text
    }

    /// The span as a frame time.
    public var frameTime: FrameTime { .seconds(value) }

    /// Throws unless the value lies in `range`, naming `option` and the range.
    public func check(_ option: String, in range: ClosedRange<Fixed>) throws {
        guard range.contains(value) else {
            throw OptionError.outOfRange(option: option, allowed: "a number of seconds in \(range.lowerBound)...\(range.upperBound)", got: "'\(text)'")
        }
    }
}

extension Optional where Wrapped == Seconds {
    /// Throws unless the value, when given, lies in `range`.
    public func check(_ option: String, in range: ClosedRange<Fixed>) throws { try self?.check(option, in: range) }
}
