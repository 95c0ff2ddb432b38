#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Questions about paths, answered through the system-call seam.
public enum FileSystem {
    /// What a path names.
    public enum Kind: Sendable, Equatable { case missing, file, directory, other }

    /// What `path` names now.
    public static func kind(of path: String) -> Kind {
        guard let type = SystemCalls.fileType(path) else { return .missing }
        switch type {
        case UInt32(S_IFDIR): return .directory
        case UInt32(S_IFREG): return .file
        default: return .other
        }
    }

    /// Whether this process may write into `path`.
    public static func isWritable(_ path: String) -> Bool { SystemCalls.access(path, W_OK) == 0 }

    /// Whether this process may read `path`.
    public static func isReadable(_ path: String) -> Bool { SystemCalls.access(path, R_OK) == 0 }

    /// Creates `directory` and any missing parents (mode 0755); existing ones are left alone.
    public static func makeDirectories(_ directory: String) {
        var built = directory.hasPrefix("/") ? "" : "."
        for part in directory.split(separator: "/") {
            built += "/" + part
            if kind(of: built) != .directory { SystemCalls.mkdir(built, 0o755) }
        }
    }

    /// The names in directory `path` (no `.` or `..`), sorted by their bytes, at most `limit`;
    /// nil when it cannot be read.
    public static func names(in path: String, limit: Int = 4096) -> [String]? {
        SystemCalls.directoryEntries(path, limit: limit)?.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// The size in bytes of the file at `path`, or nil when it cannot be read.
    public static func size(of path: String) -> Int? { SystemCalls.fileSize(path) }

    /// Removes the file at `path`; whether it is gone.
    @discardableResult
    public static func remove(_ path: String) -> Bool { SystemCalls.unlink(path) == 0 }

    /// Splits a path into its directory ("." when there is none) and its last component.
    public static func split(_ path: String) -> (directory: String, name: String) {
        let utf8 = Array(path.utf8)
        guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return (".", path) }
        let name = String(decoding: utf8[(slash + 1)...], as: UTF8.self)
        let directory = slash == 0 ? "/" : String(decoding: utf8[..<slash], as: UTF8.self)
        return (directory, name)
    }
}
