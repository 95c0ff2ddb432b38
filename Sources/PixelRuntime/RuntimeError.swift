import PixelCore
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

    /// The supersampling of `samplesPerLED` samples along each axis: 1, 2, 4 or 8.
    public static func supersampling(_ samplesPerLED: Int) throws(RuntimeError) -> Supersampling {
        guard let supersampling = Supersampling(rawValue: samplesPerLED) else {
            throw .outOfRange(what: "the samples per LED", allowed: "1, 2, 4 or 8", got: "\(samplesPerLED)")
        }
        return supersampling
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
