import PixelSystem

/// The process's standard streams and terminal, as the commands use them.
public enum Console {
    /// Writes `line` to standard error.
    public static func printError(_ line: String) { Environment.printError(line) }
    /// Writes `line` to standard error as the program's own remark: "pixelwheel: LINE".
    public static func report(_ line: String) { Environment.printError("pixelwheel: " + line) }
    /// Writes `line` to standard output at once, unbuffered (before a long wait).
    public static func printNow(_ line: String) { Environment.printNow(line) }
    /// True when standard input and output are both a terminal (the live simulators need one).
    public static var isInteractive: Bool { TerminalDevice.isInteractive }
    /// True when standard error is a terminal (progress bars go there).
    public static var errorIsTerminal: Bool { TerminalDevice.errorIsTerminal }
}
