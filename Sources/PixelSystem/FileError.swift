/// Why a file could not be read or written. `description` is one line for the person at the
/// terminal: the file, the system's reason and, where there is one, the fix.
public enum FileError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The operating system refused to read `path`; `reason` is its `strerror` text.
    case cannotRead(path: String, reason: String, hint: String?)
    /// The operating system refused to write `path`. Nothing was left at `path` or beside it.
    case cannotWrite(path: String, reason: String, hint: String?)
    /// The file is larger than the caller accepts.
    case tooLarge(path: String, limit: Int)

    public var description: String {
        switch self {
        case let .cannotRead(path, reason, hint):
            return "cannot read '\(path)': \(reason)" + (hint.map { " (\($0))" } ?? "")
        case let .cannotWrite(path, reason, hint):
            return "cannot write '\(path)': \(reason)" + (hint.map { " (\($0))" } ?? "")
        case let .tooLarge(path, limit):
            let size = limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit >> 10) KiB"
            return "'\(path)' is larger than \(size); give a smaller file"
        }
    }
}
