#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files: settings, scripts, traces, fonts, images. The one way PixelWheel reads
/// a file, through the system-call seam.
public enum FileBytes {
    /// The complete content of the file at `path`, at most `limit` bytes.
    ///
    /// - Throws: `FileError.cannotRead` naming `path`, the system's reason and a hint (a
    ///   directory is refused before it is opened), or `FileError.tooLarge`.
    public static func read(_ path: String, limit: Int = 256 << 20) throws(FileError) -> [UInt8] {
        if FileSystem.kind(of: path) == .directory {
            throw .cannotRead(path: path, reason: "it is a directory", hint: "name a file")
        }
        let fd = SystemCalls.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw readError(path: path, code: SystemCalls.lastError) }
        defer { SystemCalls.close(fd) }
        var bytes = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { SystemCalls.read(fd, into: $0) }
            if count < 0 { throw readError(path: path, code: SystemCalls.lastError) }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            guard bytes.count <= limit else { throw .tooLarge(path: path, limit: limit) }
        }
    }

    /// The file at `path` as UTF-8 text (invalid sequences replaced), at most `limit` bytes.
    public static func readText(_ path: String, limit: Int = 256 << 20) throws(FileError) -> String {
        String(decoding: try read(path, limit: limit), as: UTF8.self)
    }

    /// The error for a failed read of `path`, with a hint chosen by `errno` value.
    static func readError(path: String, code: Int32) -> FileError {
        let hint: String?
        switch code {
        case ENOENT: hint = "check the file name"
        case EACCES, EPERM: hint = "permission denied: check the file's permissions"
        case EISDIR: hint = "it is a directory: name a file"
        default: hint = nil
        }
        return .cannotRead(path: path, reason: SystemCalls.message(for: code), hint: hint)
    }
}
