#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The controlling terminal on standard input and output: raw input, size, colour support,
/// non-blocking reads and whole writes, all through the system-call seam.
public enum TerminalDevice {
    /// The settings to put back when the program leaves raw mode.
    private static let saved = Mutex<termios?>(nil)

    /// Whether standard input and output are both terminals.
    public static var isInteractive: Bool { isatty(0) == 1 && isatty(1) == 1 }

    /// Whether standard error is a terminal (a progress bar belongs there only then).
    public static var errorIsTerminal: Bool { isatty(2) == 1 }

    /// Writes `text` to standard error as it is, all of it.
    public static func writeError(_ text: String) {
        SystemCalls.writeAll(2, Array(text.utf8))
    }

    /// The terminal's size in character cells, when it says.
    public static var size: (columns: Int, rows: Int)? {
        var window = winsize()
        guard SystemCalls.ioctl(1, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else { return nil }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Whether the terminal says it takes 24-bit colour (`COLORTERM=truecolor` or `24bit`).
    public static var supportsTrueColor: Bool {
        guard let value = Environment.variable("COLORTERM") else { return false }
        return value.contains("truecolor") || value.contains("24bit")
    }

    /// Turns off line buffering and echo (keeping ISIG, so Ctrl-C and Ctrl-Z still raise
    /// their signals), remembering the settings to restore.
    public static func enterRawMode() {
        var attributes = termios()
        _ = SystemCalls.intercept(.terminalAttributes(fd: 0, set: false))
        guard tcgetattr(0, &attributes) == 0 else { return }
        saved.withLock { if $0 == nil { $0 = attributes } }
        var raw = attributes
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        raw.c_iflag &= ~tcflag_t(ICRNL | IXON)
        _ = SystemCalls.intercept(.terminalAttributes(fd: 0, set: true))
        tcsetattr(0, TCSANOW, &raw)
    }

    /// Puts back the settings saved by `enterRawMode`.
    public static func leaveRawMode() {
        guard var attributes = saved.withLock({ $0 }) else { return }
        _ = SystemCalls.intercept(.terminalAttributes(fd: 0, set: true))
        tcsetattr(0, TCSANOW, &attributes)
    }

    /// Writes `text` to standard output, all of it.
    public static func write(_ text: String) {
        SystemCalls.writeAll(1, Array(text.utf8))
    }

    /// Bytes waiting on standard input, without blocking (empty when none).
    public static func readAvailable() -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while let ready = SystemCalls.pollReadable([0], timeoutMilliseconds: 0), ready == [0] {
            let n = buffer.withUnsafeMutableBytes { SystemCalls.read(0, into: $0) }
            if n <= 0 { break }
            result += buffer[0..<n]
        }
        return result
    }
}
