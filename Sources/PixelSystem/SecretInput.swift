#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a password from standard input: on a terminal with the echo off, else one line
/// from a pipe (for scripts).
public enum SecretInput {
    /// The longest line read, in bytes; the rest of a longer one is read and dropped.
    public static let maximumLineBytes = 1024

    /// Whether standard input is a terminal.
    public static var inputIsTerminal: Bool { isatty(0) == 1 }

    /// Writes `prompt` to standard error, reads one line with the terminal's echo off (when
    /// standard input is a terminal), and puts the echo back. Nil at end of input. The line
    /// ends at a newline, which is not part of it (nor a carriage return before it).
    public static func readLine(prompt: String) -> String? {
        let terminal = inputIsTerminal
        var saved = termios()
        var hidden = false
        if terminal {
            TerminalDevice.writeError(prompt)
            _ = SystemCalls.intercept(.terminalAttributes(fd: 0, set: false))
            if tcgetattr(0, &saved) == 0 {
                var quiet = saved
                quiet.c_lflag &= ~tcflag_t(ECHO)
                _ = SystemCalls.intercept(.terminalAttributes(fd: 0, set: true))
                hidden = tcsetattr(0, TCSANOW, &quiet) == 0
            }
        }
        defer {
            if hidden {
                _ = SystemCalls.intercept(.terminalAttributes(fd: 0, set: true))
                tcsetattr(0, TCSANOW, &saved)
                TerminalDevice.writeError("\n")
            }
        }
        return readOneLine()
    }

    /// One line of standard input, a byte at a time (so nothing after it is consumed).
    static func readOneLine() -> String? {
        var line: [UInt8] = []
        var byte = [UInt8](repeating: 0, count: 1)
        var sawAny = false
        while true {
            let count = byte.withUnsafeMutableBytes { SystemCalls.read(0, into: $0) }
            if count < 0 && SystemCalls.lastError == EINTR { continue }
            guard count == 1 else { break }
            sawAny = true
            if byte[0] == UInt8(ascii: "\n") { break }
            if line.count < maximumLineBytes { line.append(byte[0]) }
        }
        guard sawAny else { return nil }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return String(decoding: line, as: UTF8.self)
    }
}
