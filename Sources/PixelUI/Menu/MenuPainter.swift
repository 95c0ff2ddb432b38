import PixelCore
import PixelEffects

/// Draws a menu screen: title bar, rows, the selected row highlighted, chevrons, a scroll bar.
enum MenuPainter {
    enum Status { case playing, paused }

    /// Horizontal scroll offset (pixels) of text `textWidth` wide in a box `boxWidth` wide,
    /// `time` after the text appeared: still for the first second, then 8 pixels per second
    /// round a loop with a gap. With `always` the loop also crosses the whole box, so the
    /// text enters from the right edge and leaves on the left. The loop is at least one pixel
    /// long and at most 2^20, whatever widths a font gives.
    static func scrollOffset(textWidth: Int, boxWidth: Int, time: FrameTime, always: Bool = false) -> (offset: Int, cycle: Int)? {
        guard always || textWidth > boxWidth else { return nil }
        let limit = 1 << 20
        let cycle = min(max(textWidth, -limit), limit) + 8 + (always ? min(max(boxWidth, 0), limit) : 0)
        guard cycle > 0 else { return nil }
        let moving = time - .seconds(1)
        guard moving > .zero || always else { return (0, cycle) }
        let travelled = Int(max(0, moving.distance(atRate: 8) >> 16))
        return (travelled % cycle, cycle)
    }

    /// Draws `text` starting at `x` (scrolled by `offset` in a loop of `cycle`), then repaints
    /// the margins outside `left ..< right` with `background`, so long text never spills.
    static func clippedText(on canvas: inout Canvas, _ text: String, font: PixelFont, y: Int, left: Int, right: Int,
                            color: Color, background: Color, scroll: (offset: Int, cycle: Int)?, rowHeight: Int) {
        let text = MenuLayout.displayText(text, font: font)
        if let scroll {
            canvas.drawText(text, font: font, at: Point(x: Fixed(left - scroll.offset), y: Fixed(y)), color: color)
            canvas.drawText(text, font: font, at: Point(x: Fixed(left - scroll.offset + scroll.cycle), y: Fixed(y)), color: color)
        } else {
            canvas.drawText(text, font: font, at: Point(x: Fixed(left), y: Fixed(y)), color: color)
        }
        let top = Fixed(y - 1)
        canvas.fillRect(Rect(x: 0, y: top, width: Fixed(left), height: Fixed(rowHeight)), color: background)
        canvas.fillRect(Rect(x: Fixed(right), y: top, width: Fixed(canvas.width - right), height: Fixed(rowHeight)), color: background)
    }

    /// Draws the screen; a row with a palette in `swatches` (by row index) shows a small strip
    /// of its colours at its right end.
    static func draw(on canvas: inout Canvas, title: String, rows: [(label: String, opens: Bool)], selected: Int,
                     status: Status?, palette: ThemePalette, time: FrameTime, swatches: [Int: PaletteTable] = [:]) {
        let w = canvas.width, h = canvas.height
        canvas.fillRect(Rect(x: 0, y: 0, width: Fixed(w), height: Fixed(h)), color: palette.background)
        let font = MenuLayout.font(width: w, height: h)
        switch MenuLayout.forHeight(h) {
        case .list:
            let rowH = MenuLayout.rowHeight(font)
            titleBar(on: &canvas, title: title, font: font, height: rowH, status: status, palette: palette)
            rowsList(on: &canvas, rows: rows, selected: selected, font: font, top: rowH, rowHeight: rowH, palette: palette, time: time,
                     swatches: swatches)
        case .compact:
            rowsList(on: &canvas, rows: rows, selected: selected, font: font, top: 0, rowHeight: 8, palette: palette, time: time,
                     swatches: swatches)
        case .marquee:
            let label = rows[selected].label
            let y = max(0, (h - font.ascent) / 2 - (h >= 8 ? 1 : 0))
            let scroll = scrollOffset(textWidth: font.width(of: MenuLayout.displayText(label, font: font)), boxWidth: w, time: time)
            clippedText(on: &canvas, label, font: font, y: y, left: 0, right: w, color: palette.text,
                        background: palette.background, scroll: scroll, rowHeight: font.lineHeight + 1)
            // Position along the list: a bar on the bottom row.
            let segment = max(1, w / rows.count)
            let x = rows.count > 1 ? selected * (w - segment) / (rows.count - 1) : 0
            canvas.fillRect(Rect(x: Fixed(x), y: Fixed(h - 1), width: Fixed(segment), height: 1), color: palette.accent)
        }
    }

    /// The title bar: `title` centred, or as much of it as fits (`MenuLayout.fitted`) between
    /// a one-LED margin on the left and, while an effect plays or is paused, the ▶ or ❚❚
    /// marker at the right with one dark column before it (else a one-LED margin).
    static func titleBar(on canvas: inout Canvas, title: String, font: PixelFont, height: Int, status: Status?, palette: ThemePalette) {
        let w = canvas.width
        let icon = status.map { $0 == .playing ? MenuIcons.play : MenuIcons.pause }
        let iconX = w - (icon?.width ?? 0) - 1
        let right = icon == nil ? w - 1 : iconX - 1  // the first column the text may not use
        let title = MenuLayout.fitted(MenuLayout.displayText(title, font: font), font: font, width: right - 1)
        canvas.fillRect(Rect(x: 0, y: 0, width: Fixed(w), height: Fixed(height)), color: palette.titleBackground)
        let textWidth = font.width(of: title) - 1
        let x = max(1, min((w - textWidth) / 2, right - textWidth))
        canvas.drawText(title, font: font, at: Point(x: Fixed(x), y: 1), color: palette.titleText)
        if let icon {
            let iconY = (height - icon.height) / 2
            canvas.drawBitmap(icon, at: Point(x: Fixed(iconX), y: Fixed(iconY)), color: palette.titleText)
        }
    }

    static func rowsList(on canvas: inout Canvas, rows: [(label: String, opens: Bool)], selected: Int, font: PixelFont,
                         top: Int, rowHeight: Int, palette: ThemePalette, time: FrameTime, swatches: [Int: PaletteTable] = [:]) {
        let w = canvas.width, h = canvas.height
        let visible = max(1, (h - top) / rowHeight)
        let first = MenuLayout.firstVisibleRow(selected: selected, count: rows.count, visible: visible)
        let scrollbar = rows.count > visible ? 2 : 0
        for i in first..<min(rows.count, first + visible) {
            let y = top + (i - first) * rowHeight
            let isSelected = i == selected
            let background = isSelected ? palette.selectionBackground : palette.background
            let color = isSelected ? palette.selectionText : palette.text
            canvas.fillRect(Rect(x: 0, y: Fixed(y), width: Fixed(w - scrollbar), height: Fixed(rowHeight)), color: background)
            let swatch = swatches[i], swatchWidth = min(12, max(4, w / 5))
            let right = w - scrollbar - (rows[i].opens ? MenuIcons.chevron.width + 2 : swatch != nil ? swatchWidth + 2 : 1)
            let scroll = isSelected ? scrollOffset(textWidth: font.width(of: MenuLayout.displayText(rows[i].label, font: font)), boxWidth: right - 2, time: time) : nil
            clippedText(on: &canvas, rows[i].label, font: font, y: y + 1, left: 2, right: right, color: color,
                        background: background, scroll: scroll, rowHeight: rowHeight)
            if scrollbar > 0 {  // clippedText painted the margin up to the edge; restore the bar's strip
                canvas.fillRect(Rect(x: Fixed(w - scrollbar), y: Fixed(y), width: Fixed(scrollbar), height: Fixed(rowHeight)), color: palette.background)
            }
            if let swatch {
                // The palette across the strip, one LED a column, a row's height less a margin.
                let height = max(1, rowHeight - 2)
                canvas.paintSwatch(swatch, x: right + 1, y: y + 1, width: swatchWidth, height: height)
            }
            if rows[i].opens {
                let iconY = y + (rowHeight - MenuIcons.chevron.height) / 2
                canvas.drawBitmap(MenuIcons.chevron, at: Point(x: Fixed(right + 1), y: Fixed(iconY)), color: color)
            }
        }
        if scrollbar > 0 {
            let track = h - top
            let thumb = max(2, track * visible / rows.count)
            let thumbY = top + (track - thumb) * first / max(1, rows.count - visible)
            canvas.fillRect(Rect(x: Fixed(w - 1), y: Fixed(top), width: 1, height: Fixed(track)), color: palette.dimText.withOpacity(0.4))
            canvas.fillRect(Rect(x: Fixed(w - 1), y: Fixed(thumbY), width: 1, height: Fixed(thumb)), color: palette.accent)
        }
    }
}

extension Canvas {
    /// Fills LEDs `x ..< x + width` × `y ..< y + height` with `table` spread across the
    /// columns (a palette's swatch), as opaque whole-LED rectangles.
    mutating func paintSwatch(_ table: PaletteTable, x: Int, y: Int, width: Int, height: Int) {
        for column in 0..<width {
            let color = table[column * 255 / max(1, width - 1)].srgb
            fillRect(Rect(x: Fixed(x + column), y: Fixed(y), width: 1, height: Fixed(height)), color: color)
        }
    }
}
