/// Errors of the command-line layer, each one line for the person at the terminal, naming
/// the problem and the fix.
public enum RuntimeError: Error, Equatable, Sendable, CustomStringConvertible {
    case badOutputPath(path: String, reason: String)
    case badOption(String)

    public var description: String {
        switch self {
        case let .badOutputPath(path, reason):
            return "cannot write '\(path)': \(reason)"
        case let .badOption(text):
            return text
        }
    }
}
