#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes whole files so that readers see either the old content or the new, never a
/// half-written file.
public enum AtomicFile {
    /// Writes `bytes` to `path`, replacing any file already there.
    ///
    /// The bytes go to a temporary file in the same directory (`.NAME.tmp-PID-RANDOM`), which
    /// is flushed to disk with `fsync` and then renamed over `path`. If anything fails the
    /// temporary file is removed, `path` is left as it was, and the error names `path`, the
    /// system's reason and, where there is one, a fix.
    ///
    /// - Throws: `ImageFileError.cannotWrite`.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let (directory, name) = split(path)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw ImageFileError.cannotWrite(path: path, reason: "the path names a directory, not a file",
                                             hint: "give a file name such as \(path.hasSuffix("/") ? path : path + "/")preview.png")
        }
        // Same directory as `path`, spelled the same way: everything up to the last "/".
        let prefix = String(decoding: path.utf8.dropLast(name.utf8.count), as: UTF8.self)
        let random = String(UInt64.random(in: 0 ... UInt64.max), radix: 16)
        let temporary = prefix + ".\(name).tmp-\(getpid())-\(random)"

        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw writeError(path: path, directory: directory, code: errno) }

        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw writeError(path: path, directory: directory, code: failure)
        }
        // Make the rename itself durable; some file systems refuse to sync a directory, which
        // does not make the write wrong, so failures here are ignored.
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            _ = fsync(directoryFD)
            _ = close(directoryFD)
        }
    }

    /// Splits a path into its directory ("." when there is none) and its last component.
    static func split(_ path: String) -> (directory: String, name: String) {
        let utf8 = Array(path.utf8)
        guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return (".", path) }
        let name = String(decoding: utf8[(slash + 1)...], as: UTF8.self)
        let directory = slash == 0 ? "/" : String(decoding: utf8[..<slash], as: UTF8.self)
        return (directory, name)
    }

    /// The error for a failed write of `path`, with a hint chosen by `errno` value.
    static func writeError(path: String, directory: String, code: Int32) -> ImageFileError {
        let hint: String?
        switch code {
        case ENOENT: hint = "directory '\(directory)' does not exist: create it or choose another place"
        case EACCES, EPERM: hint = "permission denied: choose a writable place"
        case EROFS: hint = "read-only file system: choose a writable place"
        case ENOSPC, EDQUOT: hint = "the disk is full: free some space or choose another place"
        case EISDIR: hint = "a directory of that name exists: give a file name"
        case ENOTDIR: hint = "part of the path is a file, not a directory: check the path"
        case ENAMETOOLONG: hint = "the name is too long: choose a shorter path"
        default: hint = nil
        }
        return .cannotWrite(path: path, reason: systemMessage(code), hint: hint)
    }

    /// `strerror(code)` as a Swift string.
    static func systemMessage(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}

/// Reads whole files into memory, for the image decoders.
enum FileBytes {
    /// The complete content of the file at `path`.
    ///
    /// - Throws: `ImageFileError.cannotRead` naming `path`, the system's reason and a hint.
    static func read(path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw readError(path: path, code: errno) }
        defer { _ = close(fd) }
        var bytes = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw readError(path: path, code: errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// The error for a failed read of `path`, with a hint chosen by `errno` value.
    static func readError(path: String, code: Int32) -> ImageFileError {
        let hint: String?
        switch code {
        case ENOENT: hint = "check the file name"
        case EACCES, EPERM: hint = "permission denied: check the file's permissions"
        case EISDIR: hint = "it is a directory: give an image file"
        default: hint = nil
        }
        return .cannotRead(path: path, reason: AtomicFile.systemMessage(code), hint: hint)
    }
}

/// The C library's `write`, named so it is not confused with `AtomicFile.write`.
@inline(__always) private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

/// The C library's `read`, named so it is not confused with `FileBytes.read`.
@inline(__always) private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
