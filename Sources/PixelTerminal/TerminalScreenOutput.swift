import PixelRuntime
import PixelCore
import PixelSystem

/// The interactive simulator's screen: the panel drawn with two LEDs per character cell, a
/// help line, a status line (panel, measured frame rate, render time, missed frames, clicks)
/// and the newest warning. Raw mode and the alternate screen start with the first frame;
/// `finish` restores the terminal, on every way out of the loop.
///
/// It behaves as a full-screen program should: Ctrl-Z restores the terminal before the program
/// stops, and `fg` sets it up again and redraws; a resized window is redrawn whole, or told it
/// is too small until it is large enough again.
public final class TerminalScreenOutput: FrameOutput {
    private var view: TerminalView
    private var ticker = ClickTicker()
    private let panelText: String
    private let clicks: () -> Int
    private let warnings: () -> [String]
    private var warningsShown = 0
    private var entered = false
    private var tooSmall = false
    private let width: Int
    private let height: Int
    /// The signals the screen handles itself, between frames.
    private let signals = TerminalSignals()
    private let clock: any Clock

    /// The help line's wordings, longest first: what each key does, true to `KeyDecoder`,
    /// each ending in "q quit". The shortest but "q quit" itself fits 79 columns.
    static let helpLines = [
        "→/↓/j next · ←/↑/k previous · Space/Enter select (hold Enter: off) · Esc/m menu · p play/pause · n/b next/prev effect · q quit",
        "→/↓/j next · ←/↑/k prev · Space/Enter select (hold: off) · Esc/m menu · p play/pause · n/b effect · q quit",
        "→/j next · ←/k prev · Enter select (hold: off) · Esc/m menu · p pause · n/b effect · q quit",
        "↑↓ move · Enter select (hold: off) · Esc menu · p pause · n/b effect · q quit",
        "↑↓ move · Enter select · Esc menu · q quit",
        "q quit",
    ]

    /// The help line for `columns` columns (one character each): the longest wording that
    /// fits, so "q quit" shows whatever the width (cut only below 6 columns).
    public static func helpLine(columns: Int) -> String {
        helpLines.first { $0.count <= columns } ?? String(helpLines[helpLines.count - 1].prefix(max(0, columns)))
    }

    /// A screen for a `width × height` panel described as `panelText`, reading the click count
    /// and warnings from the app's source and timing the click mark on `clock`. Throws when the
    /// terminal is too small.
    public init(width: Int, height: Int, panelText: String, clock: any Clock,
                clicks: @escaping () -> Int, warnings: @escaping () -> [String]) throws {
        // The panel takes width columns and height/2 rows, plus the status lines below it.
        if let message = Self.sizeProblem(width: width, height: height, terminal: TerminalDevice.size) {
            throw RuntimeError.unusable(message + " or choose a smaller panel")
        }
        self.width = width
        self.height = height
        view = TerminalView(width: width, height: height, colorMode: TerminalDevice.supportsTrueColor ? .trueColor : .palette256,
                            originRow: 1, originColumn: 1)
        self.panelText = panelText
        self.clock = clock
        self.clicks = clicks
        self.warnings = warnings
    }

    /// Why a terminal of `terminal` cells is too small for a `width × height` panel and its
    /// status lines, or nil (also when the terminal does not say its size).
    static func sizeProblem(width: Int, height: Int, terminal: (columns: Int, rows: Int)?) -> String? {
        guard let size = terminal, size.columns < width || size.rows < (height + 1) / 2 + 3 else { return nil }
        return "the terminal is \(size.columns)x\(size.rows) characters but a \(width)x\(height) panel needs at least "
            + "\(width)x\((height + 1) / 2 + 3); enlarge the window"
    }

    public func show(_ frame: Frame, status: FrameStatus) throws {
        if !entered {
            entered = true
            signals.watch()
            enterScreen()
        }
        var redraw = false
        for signal in signals.take() {
            switch signal {
            case .suspend:
                // Hand the shell a normal terminal, then really stop; `fg` continues here.
                leaveScreen()
                signals.suspendProcess()
                enterScreen()
            case .resume:
                TerminalDevice.enterRawMode()  // the shell may have reset the modes meanwhile
            case .windowChange:
                break
            }
            redraw = true
        }
        let terminal = TerminalDevice.size  // asked once a frame, for the size check and the status width
        if let problem = Self.sizeProblem(width: width, height: height, terminal: terminal) {
            if !tooSmall || redraw { TerminalDevice.write("\u{1B}[0m\u{1B}[2J\u{1B}[1;1H" + problem) }
            tooSmall = true
            return
        }
        if redraw || tooSmall {
            tooSmall = false
            view.invalidate()
            warningsShown = 0
            TerminalDevice.write("\u{1B}[0m\u{1B}[2J")
        }
        var output = view.update(to: frame)
        // Status lines, cut to the terminal's width so they never wrap and scroll the panel away.
        let columns = max(1, (terminal?.columns ?? 200) - 1)
        func fit(_ text: String) -> String { String(text.prefix(columns)) }
        let ticking = ticker.isShowing(clicks: clicks(), at: clock.now())
        let fps = status.measuredFPS.map { $0.tenthsText + " fps" } ?? "– fps"
        let render = status.renderMedian.map { Percentile.milliseconds($0) } ?? "–"
        output += "\u{1B}[\(view.rows + 1);1H\u{1B}[0m\u{1B}[2K" + Self.helpLine(columns: columns)
        output += "\u{1B}[\(view.rows + 2);1H\u{1B}[2K"
        output += fit("\(panelText) · \(fps) · frame \(render) ms · missed \(status.missedFrames) · clicks \(clicks()) \(ticking ? "✓ tick" : "      ")")
        let all = warnings()
        if all.count > warningsShown {  // the newest warning, in yellow, under the status line
            warningsShown = all.count
            output += "\u{1B}[\(view.rows + 3);1H\u{1B}[2K\u{1B}[33m\(fit(all[all.count - 1]))\u{1B}[0m"
        }
        TerminalDevice.write(output)
    }


    /// Raw mode, the alternate screen, the cursor hidden, the screen cleared.
    private func enterScreen() {
        TerminalDevice.enterRawMode()
        TerminalDevice.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
    }

    /// The terminal as the shell had it.
    private func leaveScreen() {
        TerminalDevice.write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        TerminalDevice.leaveRawMode()
    }

    /// Puts the terminal back as it was.
    public func finish() {
        guard entered else { return }
        leaveScreen()
        signals.stopWatching()
    }
}
