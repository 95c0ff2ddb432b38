import PixelCore
import PixelEffects

/// Draws the screens that are not lists: sliders, About, the clock, scrolling text, the
/// hold-to-confirm ring and the pause badge.
enum ScreenPainter {
    /// Two small bars in the top-right corner over the paused effect.
    static func pauseBadge(on canvas: inout Canvas, palette: ThemePalette) {
        let x = Fixed(canvas.width - 5)
        canvas.fillRect(Rect(x: x - 1, y: 0, width: 6, height: 7), color: .black)
        canvas.drawBitmap(MenuIcons.pause, at: Point(x: x, y: 1), color: .white)
    }

    /// The effect's name over its picture for a moment after it starts: a band across the
    /// bottom, the name centred, or scrolled once through where it is wider than the panel.
    /// Shown for 1.5 s, or as long as the scroll takes; nothing is drawn after that.
    static func titleCard(on canvas: inout Canvas, title: String, shownFor elapsed: FrameTime, palette: ThemePalette) {
        let w = canvas.width, h = canvas.height
        let font: PixelFont = h >= 16 ? .standard5x7 : .tiny3x5
        let text = MenuLayout.displayText(title, font: font)
        let textWidth = font.width(of: text) - 1
        // Scrolling: in from the right edge and out at the left, at 16 LEDs a second.
        let scrolls = textWidth > w - 2
        let travel = Int64(textWidth + w)
        let duration = scrolls ? max(1_500_000_000, travel * 1_000_000_000 / 16) : 1_500_000_000
        guard elapsed.nanoseconds >= 0, elapsed.nanoseconds < duration else { return }
        let band = min(h, font.lineHeight + 2)
        let top = h - band
        canvas.fillRect(Rect(x: 0, y: Fixed(top), width: Fixed(w), height: Fixed(band)), color: palette.background)
        let x = scrolls ? w - Int(elapsed.nanoseconds * 16 / 1_000_000_000) : (w - textWidth) / 2
        canvas.drawText(text, font: font, at: Point(x: Fixed(x), y: Fixed(top + 1)), color: palette.accent)
    }

    /// A photo's name across the bottom for its first 1.5 s, cut to the panel's width (it never
    /// scrolls, so the picture is clear after 1.5 s whatever the name).
    static func caption(on canvas: inout Canvas, _ text: String, shownFor elapsed: FrameTime, palette: ThemePalette) {
        guard elapsed.nanoseconds >= 0, elapsed.nanoseconds < 1_500_000_000 else { return }
        let w = canvas.width, h = canvas.height
        let font: PixelFont = h >= 16 ? .standard5x7 : .tiny3x5
        var shown = MenuLayout.displayText(text, font: font)
        while shown.count > 1 && font.width(of: shown) - 1 > w - 2 { shown.removeLast() }
        let band = min(h, font.lineHeight + 2), top = h - band
        canvas.fillRect(Rect(x: 0, y: Fixed(top), width: Fixed(w), height: Fixed(band)), color: palette.background)
        let x = max(0, (w - font.width(of: shown) + 1) / 2)
        canvas.drawText(shown, font: font, at: Point(x: Fixed(x), y: Fixed(top + 1)), color: palette.accent)
    }

    /// A setting's value as a bar and a number, under a title bar on tall panels.
    static func slider(on canvas: inout Canvas, title: String, value: Int, range: ClosedRange<Int>, unit: String,
                       palette: ThemePalette, time: FrameTime) {
        slider(on: &canvas, title: title, text: "\(value)\(unit)",
               filled: Fixed(value - range.lowerBound, over: max(1, range.upperBound - range.lowerBound)), palette: palette)
    }

    /// A slider showing `text` over a bar `filled` (0...1) of the way along.
    static func slider(on canvas: inout Canvas, title: String, text: String, filled: Fixed, palette: ThemePalette) {
        let w = canvas.width, h = canvas.height
        canvas.fillRect(Rect(x: 0, y: 0, width: Fixed(w), height: Fixed(h)), color: palette.background)
        let font = MenuLayout.font(width: w, height: h)
        var top = 0
        if MenuLayout.forHeight(h) == .list {
            top = MenuLayout.rowHeight(font)
            MenuPainter.titleBar(on: &canvas, title: title, font: font, height: top, status: nil, palette: palette)
        }
        let textFont: PixelFont = h - top >= 16 ? .standard5x7 : .tiny3x5
        let barHeight = h >= 16 ? 3 : 2
        let barY = h - barHeight - (h >= 16 ? 2 : 0)
        let textY = top + max(0, (barY - top - textFont.ascent) / 2)
        let textX = max(0, (w - textFont.width(of: text) + 1) / 2)
        canvas.drawText(text, font: textFont, at: Point(x: Fixed(textX), y: Fixed(textY)), color: palette.text)
        let margin = w >= 16 ? 2 : 0
        let full = w - 2 * margin
        let filledWidth = Int((Int64(full) * Int64(min(max(filled.raw, 0), 65536))) >> 16)
        canvas.fillRect(Rect(x: Fixed(margin), y: Fixed(barY), width: Fixed(full), height: Fixed(barHeight)), color: palette.dimText.withOpacity(0.5))
        canvas.fillRect(Rect(x: Fixed(margin), y: Fixed(barY), width: Fixed(filledWidth), height: Fixed(barHeight)), color: palette.accent)
    }

    /// A title and lines of text (About); on small panels the lines scroll as one.
    static func lines(on canvas: inout Canvas, title: String, lines: [String], palette: ThemePalette, time: FrameTime) {
        let w = canvas.width, h = canvas.height
        let font = MenuLayout.font(width: w, height: h)
        if MenuLayout.forHeight(h) == .list {
            canvas.fillRect(Rect(x: 0, y: 0, width: Fixed(w), height: Fixed(h)), color: palette.background)
            let rowH = MenuLayout.rowHeight(font)
            MenuPainter.titleBar(on: &canvas, title: title, font: font, height: rowH, status: nil, palette: palette)
            for (i, line) in lines.enumerated() where rowH * (i + 2) <= h {
                let y = rowH * (i + 1) + 1
                let scroll = MenuPainter.scrollOffset(textWidth: font.width(of: MenuLayout.displayText(line, font: font)), boxWidth: w - 3, time: time)
                MenuPainter.clippedText(on: &canvas, line, font: font, y: y, left: 2, right: w - 1, color: palette.text,
                                        background: palette.background, scroll: scroll, rowHeight: rowH)
            }
        } else {
            bigText(on: &canvas, lines.joined(separator: "  "), palette: palette, time: time)
        }
    }

    /// One line of large text, centred when it fits, otherwise scrolling (always when asked).
    static func bigText(on canvas: inout Canvas, _ text: String, palette: ThemePalette, time: FrameTime, alwaysScroll: Bool = false,
                        font chosen: PixelFont? = nil) {
        let w = canvas.width, h = canvas.height
        canvas.fillRect(Rect(x: 0, y: 0, width: Fixed(w), height: Fixed(h)), color: palette.background)
        let font = bigTextFont(height: h, chosen: chosen)
        let text = MenuLayout.displayText(text, font: font)
        let textWidth = min(max(font.width(of: text), 0), 1 << 20) - 1  // any font's widths stay in range
        let y = max(0, (h - font.ascent) / 2)
        if let scroll = MenuPainter.scrollOffset(textWidth: textWidth, boxWidth: w, time: time, always: alwaysScroll) {
            MenuPainter.clippedText(on: &canvas, text, font: font, y: y, left: 0, right: w, color: palette.accent,
                                    background: palette.background, scroll: (scroll.offset - (alwaysScroll ? w : 0), scroll.cycle),
                                    rowHeight: font.lineHeight + 1)
        } else {
            canvas.drawText(text, font: font, at: Point(x: Fixed((w - textWidth) / 2), y: Fixed(y)), color: palette.accent)
        }
    }

    /// The font `bigText` uses on a panel `height` LEDs tall: the user's, else 5×7 where it
    /// fits, else 3×5.
    static func bigTextFont(height: Int, chosen: PixelFont?) -> PixelFont {
        chosen ?? (height >= 8 ? .standard5x7 : .tiny3x5)
    }

    /// The clock's text for `seconds` since midnight: HH:MM:SS where it fits the width, else
    /// HH:MM, which stands still on 32-wide panels (only narrower ones scroll it).
    static func clockText(seconds s: Int, width: Int, font: PixelFont) -> String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let minutes = "\(two(s / 3600 % 24)):\(two(s / 60 % 60))"
        let full = minutes + ":\(two(s % 60))"
        return font.width(of: MenuLayout.displayText(full, font: font)) - 1 <= width ? full : minutes
    }

    /// The hold-to-confirm ring: the fan sweep filling as select is held.
    static func confirmRing(on canvas: inout Canvas, progress: Fixed, palette: ThemePalette) {
        var fan = FanSweep(width: canvas.width, height: canvas.height, duration: 1, easing: .linear, loops: false,
                           hold: .zero, trackOpacity: 0.2, color: Color(red: 255, green: 60, blue: 40))
        fan.render(into: &canvas, at: .seconds(progress))
    }
}
