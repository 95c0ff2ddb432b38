import PixelBus
import PixelPanels
import PixelSystem

/// Collects traced transactions as JSON lines and writes them to a file in one atomic step.
public final class BusTraceFile: BusTraceSink {
    /// Fails early when a trace cannot be written to `path`: its folder missing or not
    /// writable, or a name that does not end in .jsonl, .json, .txt or .trace.
    public static func checkWritable(_ path: String) throws {
        try OfflineRender.checkWritable(path, extensions: [".jsonl", ".json", ".txt", ".trace"])
    }

    /// Where the trace goes.
    public let path: String
    private var lines: [String] = []

    /// A trace that will be written to `path`.
    public init(path: String) { self.path = path }

    public func record(_ transaction: BusTransaction, at nanoseconds: Int64) {
        lines.append(transaction.jsonLine(at: nanoseconds))
    }

    /// Transactions recorded so far.
    public var count: Int { lines.count }

    /// Writes the file (temporary name, then rename).
    public func write() throws {
        try AtomicFile.write(Array((lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")).utf8), to: path)
    }
}
