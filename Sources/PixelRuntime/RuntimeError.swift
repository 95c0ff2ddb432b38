/// Errors of the command-line layer, each one line for the person at the terminal, naming
/// the problem and the fix.
public enum RuntimeError: Error, Equatable, Sendable, CustomStringConvertible {
    case badSize(String)
    case badOutputPath(path: String, reason: String)
    case badOption(String)

    public var description: String {
        switch self {
        case let .badSize(text):
            return "panel size '\(text)' is not valid; write WIDTHxHEIGHT with each side 1...\(PanelSize.maximumSide), for example 64x32"
        case let .badOutputPath(path, reason):
            return "cannot write '\(path)': \(reason)"
        case let .badOption(text):
            return text
        }
    }
}
