import PixelCore
import PixelSystem

/// A progress bar for a long offline render, drawn in place on one line (carriage return,
/// no newline) once the render has run for a second, and erased when it ends. The caller
/// adds it only when standard error is a terminal, so logs and pipes never see it.
public final class ProgressBarOutput: FrameOutput {
    private let total: Int
    private let clock: any Clock
    private let write: (String) -> Void
    private var start: Int64?
    private var shownPercent = -1

    /// A bar for `total` frames, timed on `clock` (the real one), drawn with `write`.
    public init(total: Int, clock: any Clock, write: @escaping (String) -> Void = TerminalDevice.writeError) {
        self.total = max(1, total)
        self.clock = clock
        self.write = write
    }

    /// The bar for `done` of `total` frames: 30 cells, the percentage and the count.
    public static func line(done: Int, total: Int) -> String {
        let done = min(max(0, done), total)
        let filled = done * 30 / max(1, total)
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 30 - filled) + "] "
            + "\(done * 100 / max(1, total))%  frame \(done)/\(total)"
    }

    public func show(_ frame: Frame, status: FrameStatus) {
        let time = clock.now()
        guard let start else { self.start = time; return }
        guard time - start >= 1_000_000_000 else { return }
        let percent = min(status.frames, total) * 100 / total
        guard percent != shownPercent else { return }
        shownPercent = percent
        write("\r" + Self.line(done: status.frames, total: total))
    }


    /// Erases the bar, if one was drawn.
    public func finish() {
        if shownPercent >= 0 { write("\r\u{1B}[2K") }
    }
}
