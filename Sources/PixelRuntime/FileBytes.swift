#if canImport(Glibc)
import Glibc
#endif

/// Reading whole files, for settings, scripts, traces and images.
public enum FileBytes {
    /// The whole of the file at `path`; a one-line error naming the file and the reason when
    /// it cannot be read. Files over `limit` bytes are refused.
    public static func read(_ path: String, limit: Int = 256 << 20) throws -> [UInt8] {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw RuntimeError.badOption("cannot read '\(path)': it is a directory; name a file")
        }
        guard let file = fopen(path, "rb") else {
            throw RuntimeError.badOption("cannot read '\(path)': \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            bytes += buffer[0..<n]
            guard bytes.count <= limit else { throw RuntimeError.badOption("'\(path)' is larger than \(limit >> 20) MiB") }
        }
        return bytes
    }
}
