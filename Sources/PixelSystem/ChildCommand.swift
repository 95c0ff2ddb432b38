#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Another program run to completion for what it prints: `doctor` asks `avahi-browse` whether
/// the panel is announced on the network. Bounded in time and in output, so a program that
/// hangs or prints without end cannot hang or swell PixelWheel.
public struct ChildCommand: Sendable, Equatable {
    /// How it ended: the exit status, or nil when it was killed for running too long or by a
    /// signal.
    public var status: Int32?
    /// Its standard output (at most `limit` bytes of it); standard error is discarded.
    public var output: String

    /// Runs `program` (looked up on `PATH`) with `arguments`, standard input from /dev/null,
    /// for at most `timeoutSeconds`, keeping at most `limit` bytes of its output. Nil when it
    /// cannot be started at all (not installed).
    public static func run(_ program: String, _ arguments: [String], timeoutSeconds: Int, limit: Int = 1 << 16) -> ChildCommand? {
        guard let (pid, fd) = SystemCalls.spawn(program, arguments) else { return nil }
        defer { _ = SystemCalls.close(fd) }
        let deadline = SystemCalls.monotonicNanoseconds() + Int64(timeoutSeconds) * 1_000_000_000
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var timedOut = false
        while true {
            let left = deadline - SystemCalls.monotonicNanoseconds()
            guard left > 0 else { timedOut = true; break }
            guard let ready = SystemCalls.pollReadable([fd], timeoutMilliseconds: Int32(min(left / 1_000_000 + 1, 1000))) else { break }
            if ready.isEmpty { continue }
            let count = buffer.withUnsafeMutableBytes { SystemCalls.read(fd, into: $0) }
            if count < 0 && SystemCalls.lastError == EINTR { continue }
            guard count > 0 else { break }  // end of output (or an error): the program is done writing
            output += buffer[..<min(count, max(0, limit - output.count))]
        }
        if timedOut { SystemCalls.kill(pid) }
        let status = SystemCalls.waitForExit(pid)
        return ChildCommand(status: timedOut ? nil : status, output: String(decoding: output, as: UTF8.self))
    }
}
