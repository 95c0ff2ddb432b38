import PixelRuntime
import PixelCore

/// Draws frames in a terminal: two LEDs per character cell (the upper half block "▀" with
/// the top LED as foreground and the bottom LED as background), in 24-bit colour or, where
/// the terminal lacks it, the 256-colour palette. After the first frame only cells that
/// changed are redrawn.
///
/// Pure: it returns the bytes to write; the caller owns the terminal.
public struct TerminalView: Sendable {
    /// How colours are written.
    public enum ColorMode: Sendable {
        /// `ESC[38;2;R;G;Bm` — 24-bit colour.
        case trueColor
        /// `ESC[38;5;Nm` — the xterm 256-colour palette (6×6×6 cube and grey ramp).
        case palette256
    }

    /// Panel width in LEDs.
    public let width: Int
    /// Panel height in LEDs.
    public let height: Int
    /// How colours are written.
    public let colorMode: ColorMode
    /// Terminal row (1-based) of the panel's top edge.
    public let originRow: Int
    /// Terminal column (1-based) of the panel's left edge.
    public let originColumn: Int
    /// The cells as last drawn: (top colour, bottom colour) per cell, sRGB.
    private var shown: [UInt32]?

    /// A view of a `width × height` LED panel drawn from (`originRow`, `originColumn`).
    public init(width: Int, height: Int, colorMode: ColorMode, originRow: Int = 1, originColumn: Int = 1) {
        self.width = width; self.height = height; self.colorMode = colorMode
        self.originRow = originRow; self.originColumn = originColumn
    }

    /// Character rows the panel takes.
    public var rows: Int { (height + 1) / 2 }

    /// Forget what was drawn, so the next frame redraws every cell (after a resize or clear).
    public mutating func invalidate() { shown = nil }

    /// The escape sequences that bring the terminal from the last drawn frame to `frame`
    /// (already at the brightness to show). Empty when nothing changed.
    public mutating func update(to frame: Frame) -> String {
        precondition(frame.width == width && frame.height == height)
        var cells = [UInt32](repeating: 0, count: width * rows * 2)
        for row in 0..<rows {
            for x in 0..<width {
                let top = pack(frame[x, row * 2].srgb)
                let bottom = row * 2 + 1 < height ? pack(frame[x, row * 2 + 1].srgb) : 0
                cells[(row * width + x) * 2] = top
                cells[(row * width + x) * 2 + 1] = bottom
            }
        }
        var out = ""
        var lastFg: UInt32? = nil, lastBg: UInt32? = nil
        var cursor: (row: Int, column: Int)? = nil
        for row in 0..<rows {
            for x in 0..<width {
                let i = (row * width + x) * 2
                if let shown, shown[i] == cells[i], shown[i + 1] == cells[i + 1] { continue }
                let r = originRow + row, c = originColumn + x
                if cursor == nil || cursor! != (r, c) { out += "\u{1B}[\(r);\(c)H" }
                if lastFg != cells[i] { out += sgr(foreground: true, cells[i]); lastFg = cells[i] }
                if lastBg != cells[i + 1] { out += sgr(foreground: false, cells[i + 1]); lastBg = cells[i + 1] }
                out += "▀"
                cursor = (r, c + 1)
            }
        }
        if !out.isEmpty { out += "\u{1B}[0m" }
        shown = cells
        return out
    }

    private func pack(_ c: Color) -> UInt32 { UInt32(c.red) << 16 | UInt32(c.green) << 8 | UInt32(c.blue) }

    private func sgr(foreground: Bool, _ rgb: UInt32) -> String {
        let r = Int(rgb >> 16 & 0xFF), g = Int(rgb >> 8 & 0xFF), b = Int(rgb & 0xFF)
        switch colorMode {
        case .trueColor:
            return "\u{1B}[\(foreground ? 38 : 48);2;\(r);\(g);\(b)m"
        case .palette256:
            return "\u{1B}[\(foreground ? 38 : 48);5;\(TerminalView.paletteIndex(r, g, b))m"
        }
    }

    /// Levels of the xterm 6×6×6 colour cube.
    public static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// The nearest xterm-256 index for an sRGB colour: the nearer of the cube colour and
    /// the grey-ramp colour (232–255), by squared distance.
    public static func paletteIndex(_ r: Int, _ g: Int, _ b: Int) -> Int {
        func nearestLevel(_ v: Int) -> Int {
            var best = 0
            for (i, level) in cubeLevels.enumerated() where abs(level - v) < abs(cubeLevels[best] - v) { best = i }
            return best
        }
        let ri = nearestLevel(r), gi = nearestLevel(g), bi = nearestLevel(b)
        let cube = (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
        let mean = (r + g + b) / 3
        let greyIndex = min(23, max(0, (mean - 8 + 5) / 10))
        let grey = 8 + 10 * greyIndex
        func distance(_ c: (Int, Int, Int)) -> Int {
            (c.0 - r) * (c.0 - r) + (c.1 - g) * (c.1 - g) + (c.2 - b) * (c.2 - b)
        }
        return distance((grey, grey, grey)) < distance(cube) ? 232 + greyIndex : 16 + 36 * ri + 6 * gi + bi
    }

    /// The sRGB colour of xterm-256 index `index` (16...255), for tests and decoders.
    public static func paletteColor(_ index: Int) -> (Int, Int, Int) {
        if index >= 232 { let v = 8 + 10 * (index - 232); return (v, v, v) }
        let i = index - 16
        return (cubeLevels[i / 36], cubeLevels[i / 6 % 6], cubeLevels[i % 6])
    }
}
