import PixelCore

/// A number of seconds given on the command line (`2.5`), exact in fixed point. Each option
/// checks its own range where it is read, with a one-line error naming what is allowed.
public struct Seconds: Sendable, Comparable, ExpressibleByStringLiteral {
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

    /// A span written in the source (`"0.01"`, `"600"`); it must be a decimal.
    public init(stringLiteral text: String) {
        guard let seconds = Seconds(text: text) else { preconditionFailure("'\(text)' is not a number of seconds") }
        self = seconds
    }

    /// The span as a frame time.
    public var frameTime: FrameTime { .seconds(value) }

    /// Equal spans, however they were written (`2.5` and `2.50`).
    public static func == (a: Seconds, b: Seconds) -> Bool { a.value == b.value }
    /// The shorter span first.
    public static func < (a: Seconds, b: Seconds) -> Bool { a.value < b.value }
}
