#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's environment: variables, its id, local time, standard error.
public enum Environment {
    /// The value of environment variable `name`, if set.
    public static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The running program's own path (Linux: `/proc/self/exe`), or nil when unknown.
    public static var executablePath: String? { SystemCalls.readlink("/proc/self/exe") }

    /// This process's id.
    public static var processID: Int32 { getpid() }

    /// A directory for temporary files: `$TMPDIR`, else `/tmp`.
    public static var temporaryDirectory: String {
        let dir = variable("TMPDIR") ?? "/tmp"
        return dir.hasSuffix("/") ? String(dir.dropLast()) : dir
    }

    /// The machine's host name (gethostname), or nil when it has none.
    public static var hostName: String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        let name = String(nulTerminated: buffer)
        return name.isEmpty ? nil : name
    }

    /// Seconds since local midnight, for the clock screen.
    @Sendable public static func localSecondsSinceMidnight() -> Int {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return Int(parts.tm_hour) * 3600 + Int(parts.tm_min) * 60 + Int(parts.tm_sec)
    }

    /// Writes `line` and a newline to standard output at once, unbuffered: for a message a
    /// long-running command prints before it waits (its output may be a file or a pipe).
    public static func printNow(_ line: String) {
        SystemCalls.writeAll(1, Array((line + "\n").utf8))
    }

    /// Writes `line` and a newline to standard error.
    public static func printError(_ line: String) {
        SystemCalls.writeAll(2, Array((line + "\n").utf8))
    }
}

extension String {
    /// The UTF-8 text of a C buffer up to its first NUL (all of it when there is none).
    init(nulTerminated buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
