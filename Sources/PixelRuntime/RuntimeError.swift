import PixelImages

/// What the runtime and the tools refuse, in the words of the run, never of a flag or a file:
/// one line naming the problem and the fix. The command line checks its flags first and names
/// them; the configuration loader names its lines; these are what is left, whoever asked.
public enum RuntimeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `path` cannot be written, and why.
    case badOutputPath(path: String, reason: String)
    /// A value outside what `what` takes: "the frame rate must be 1...240 (got 300)".
    case outOfRange(what: String, allowed: String, got: String)
    /// `what` works only with `needs`, because `why`.
    case needs(what: String, needs: String, why: String)
    /// What cannot work as asked, and what would.
    case unusable(String)

    /// Checks a dot preview's scale, its output pixels per LED: `PanelPreview.scaleRange`.
    public static func checkScale(_ scale: Int) throws(RuntimeError) {
        let range = PanelPreview.scaleRange
        guard range.contains(scale) else {
            throw .outOfRange(what: "the dot preview's scale", allowed: "\(range.lowerBound)...\(range.upperBound) pixels per LED", got: "\(scale)")
        }
    }

    public var description: String {
        switch self {
        case let .badOutputPath(path, reason): "cannot write '\(path)': \(reason)"
        case let .outOfRange(what, allowed, got): "\(what) must be \(allowed) (got \(got))"
        case let .needs(what, needs, why): "\(what) needs \(needs): \(why)"
        case let .unusable(text): text
        }
    }
}

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
