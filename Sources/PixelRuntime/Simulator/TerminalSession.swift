#if canImport(Glibc)
import Glibc
#endif

/// The terminal while the simulator runs: raw input, hidden cursor, alternate screen — and
/// restored on every way out (normal exit, q, Ctrl-C, SIGTERM).
public enum TerminalSession {
    /// The settings to put back; global because a signal handler cannot capture context.
    nonisolated(unsafe) private static var saved: termios?

    /// Whether standard input and output are both terminals.
    public static var isInteractive: Bool { isatty(0) == 1 && isatty(1) == 1 }

    /// The terminal's size in character cells, when it says.
    public static var size: (columns: Int, rows: Int)? {
        var window = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else { return nil }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Whether the terminal says it takes 24-bit colour (`COLORTERM=truecolor` or `24bit`).
    public static var supportsTrueColor: Bool {
        guard let value = getenv("COLORTERM").map({ String(cString: $0) }) else { return false }
        return value.contains("truecolor") || value.contains("24bit")
    }

    /// Switches to raw input and the alternate screen, and installs the restoring handlers.
    public static func enter() {
        var attributes = termios()
        if tcgetattr(0, &attributes) == 0 {
            saved = attributes
            var raw = attributes
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO)  // keep ISIG: Ctrl-C still raises SIGINT
            raw.c_iflag &= ~tcflag_t(ICRNL | IXON)
            tcsetattr(0, TCSANOW, &raw)
        }
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
        signal(SIGINT) { _ in TerminalSession.restore(); _exit(130) }
        signal(SIGTERM) { _ in TerminalSession.restore(); _exit(143) }
    }

    /// Puts the terminal back as it was.
    public static func restore() {
        let text = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
        _ = text.withCString { Glibc.write(1, $0, strlen($0)) }
        if var attributes = saved { tcsetattr(0, TCSANOW, &attributes) }
    }

    /// Writes `text` to standard output, all of it.
    public static func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(1, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { if errno == EINTR { continue } else { return } }
            offset += n
        }
    }

    /// Bytes waiting on standard input, without blocking (empty when none).
    public static func readAvailable() -> [UInt8] {
        var result: [UInt8] = []
        var poller = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        while poll(&poller, 1, 0) > 0 && poller.revents & Int16(POLLIN) != 0 {
            var buffer = [UInt8](repeating: 0, count: 256)
            let n = read(0, &buffer, buffer.count)
            if n <= 0 { break }
            result += buffer[0..<n]
        }
        return result
    }
}
