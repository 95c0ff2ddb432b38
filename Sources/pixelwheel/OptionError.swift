import PixelImages
import PixelRuntime

/// An option, or a combination of options, that cannot work: one line naming the problem and
/// what would work, checked before anything is opened.
public enum OptionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A value outside what `option` takes: "--fps must be 1...240 (got 300)".
    case outOfRange(option: String, allowed: String, got: String)
    /// `option` works only with `what`, because `why`: "--trace-bus needs --panel: …".
    case needs(option: String, what: String, why: String)
    /// A value `option` does not take; `problem` says what it does take.
    case badValue(option: String, problem: String)
    /// Options that exclude each other, with what to give instead.
    case conflict(String)
    /// What the run needs that this place lacks (a terminal, Linux's buses), and the fix.
    case unavailable(String)

    /// Checks `--scale`, the output pixels per LED of a dot preview: `PanelPreview.scaleRange`.
    public static func checkScale(_ scale: Int) throws(OptionError) {
        guard PanelPreview.scaleRange.contains(scale) else {
            throw .outOfRange(option: "--scale", allowed: "\(PanelPreview.scaleRange.lowerBound)...\(PanelPreview.scaleRange.upperBound) pixels per LED", got: "\(scale)")
        }
    }

    public var description: String {
        switch self {
        case let .outOfRange(option, allowed, got): "\(option) must be \(allowed) (got \(got))"
        case let .needs(option, what, why): "\(option) needs \(what): \(why)"
        case let .badValue(option, problem): "\(option) \(problem)"
        case let .conflict(text), let .unavailable(text): text
        }
    }
}

extension Seconds {
    /// Throws unless the value lies in `range`, naming `option` and the range as written.
    func check(_ option: String, in range: ClosedRange<Seconds>) throws {
        guard range.contains(self) else {
            throw OptionError.outOfRange(option: option, allowed: "a number of seconds in \(range.lowerBound.text)...\(range.upperBound.text)", got: "'\(text)'")
        }
    }
}

extension Optional where Wrapped == Seconds {
    /// Throws unless the value, when given, lies in `range`.
    func check(_ option: String, in range: ClosedRange<Seconds>) throws { try self?.check(option, in: range) }
}
