#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes whole files so that readers see either the old content or the new, never a
/// half-written file. The one way PixelWheel writes a file.
public enum AtomicFile {
    /// Writes `bytes` to `path`, replacing any file already there; the new file is created with
    /// `mode` (less the umask: 0o600 for a secret).
    ///
    /// The bytes go to a temporary file in the same directory (`.NAME.tmp-PID-RANDOM`), which
    /// is flushed to disk with `fsync` and then renamed over `path`. If anything fails the
    /// temporary file is removed, `path` is left as it was, and the error names `path`, the
    /// system's reason and, where there is one, a fix.
    public static func write(_ bytes: [UInt8], to path: String, mode: UInt32 = 0o666) throws(FileError) {
        let (directory, name) = FileSystem.split(path)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw .cannotWrite(path: path, reason: "the path names a directory, not a file",
                               hint: "give a file name such as \(path.hasSuffix("/") ? path : path + "/")preview.png")
        }
        // Same directory as `path`, spelled the same way: everything up to the last "/".
        let prefix = String(decoding: path.utf8.dropLast(name.utf8.count), as: UTF8.self)
        let random = String(UInt64.random(in: 0 ... UInt64.max), radix: 16)
        let temporary = prefix + ".\(name).tmp-\(Environment.processID)-\(random)"

        let fd = SystemCalls.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(mode))
        guard fd >= 0 else { throw writeError(path: path, directory: directory, code: SystemCalls.lastError) }

        var failure: Int32 = 0
        if !SystemCalls.writeAll(fd, bytes) { failure = SystemCalls.lastError }
        if failure == 0, SystemCalls.fsync(fd) != 0 { failure = SystemCalls.lastError }
        if SystemCalls.close(fd) != 0, failure == 0 { failure = SystemCalls.lastError }
        if failure == 0, SystemCalls.rename(temporary, path) != 0 { failure = SystemCalls.lastError }
        if failure != 0 {
            SystemCalls.unlink(temporary)
            throw writeError(path: path, directory: directory, code: failure)
        }
        // Make the rename itself durable; some file systems refuse to sync a directory, which
        // does not make the write wrong, so failures here are ignored.
        let directoryFD = SystemCalls.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            _ = SystemCalls.fsync(directoryFD)
            SystemCalls.close(directoryFD)
        }
    }

    /// The error for a failed write of `path`, with a hint chosen by `errno` value.
    static func writeError(path: String, directory: String, code: Int32) -> FileError {
        let hint: String?
        switch code {
        case ENOENT where FileSystem.kind(of: directory) == .directory:
            // The directory is there but takes no new files: /proc, /sys and the like.
            hint = "'\(directory)' takes no new files (a kernel or virtual file system): choose another place"
        case ENOENT: hint = "directory '\(directory)' does not exist: create it or choose another place"
        case EACCES, EPERM: hint = "permission denied: choose a writable place"
        case EROFS: hint = "read-only file system: choose a writable place"
        case ENOSPC, EDQUOT: hint = "the disk is full: free some space or choose another place"
        case EISDIR: hint = "a directory of that name exists: give a file name"
        case ENOTDIR: hint = "part of the path is a file, not a directory: check the path"
        case ENAMETOOLONG: hint = "the name is too long: choose a shorter path"
        default: hint = nil
        }
        return .cannotWrite(path: path, reason: SystemCalls.message(for: code), hint: hint)
    }
}
