/// One thing wrong in a configuration file: where, which key, and what is allowed.
public struct ConfigurationProblem: Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// The line, counting from 1 (0 when the problem is not on one line).
    public var line: Int
    /// The key path, e.g. `panel[1].rows` or `encoder.a`.
    public var keyPath: String
    /// What is wrong and what is allowed.
    public var message: String

    /// A problem at `line` of `file` with `keyPath`.
    public init(file: String, line: Int, keyPath: String, message: String) {
        self.file = file; self.line = line; self.keyPath = keyPath; self.message = message
    }

    /// `FILE:LINE: KEY: MESSAGE`, the form editors jump to.
    public var description: String {
        "\(file):\(line > 0 ? "\(line):" : "") \(keyPath.isEmpty ? "" : keyPath + ": ")\(message)"
    }
}

/// Every problem found in a configuration file, listed at once.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    /// The problems, in file order.
    public var problems: [ConfigurationProblem]

    public var description: String {
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        return "\(problems.first?.file ?? "configuration") has \(count); fix them and run again:\n"
            + problems.map { "  " + $0.description }.joined(separator: "\n")
    }
}
