import PixelCore

/// How a menu is laid out, chosen by the panel's height so one menu tree works everywhere.
public enum MenuLayout: Equatable, Sendable {
    /// Title bar and a list of rows: panels 32 rows tall or more (64×32, 128×64).
    case list
    /// Rows without a title bar: 16-row panels.
    case compact
    /// One item at a time, scrolling sideways when it does not fit: 8-row panels (8×8, 32×8).
    case marquee

    /// The layout for a panel `height` LEDs tall.
    public static func forHeight(_ height: Int) -> MenuLayout {
        height >= 32 ? .list : height >= 16 ? .compact : .marquee
    }

    /// The font for text rows on a `width × height` panel.
    static func font(width: Int, height: Int) -> PixelFont {
        height >= 64 && width >= 96 ? .standard5x7 : .tiny3x5
    }

    /// Text as drawn in `font`: capitals in the 3×5 font, whose lowercase is too small to read at a glance.
    static func displayText(_ text: String, font: PixelFont) -> String {
        font.name == PixelFont.tiny3x5.name ? text.uppercased() : text
    }

    /// `text` (already as drawn in `font`) made to fit `width` pixels: whole when it fits;
    /// else its last words, as many as fit ("EFFECT PARAMETERS" → "PARAMETERS"), the rows
    /// below telling what they belong to; else the last word cut short at its end.
    static func fitted(_ text: String, font: PixelFont, width: Int) -> String {
        func fits(_ t: Substring) -> Bool { font.width(of: String(t)) - 1 <= width }
        guard !fits(Substring(text)) else { return text }
        var words = text.split(separator: " ")
        while words.count > 1 {
            words.removeFirst()
            let shorter = words.joined(separator: " ")
            if fits(Substring(shorter)) { return shorter }
        }
        var word = words.first ?? ""
        while !word.isEmpty && !fits(word) { word = word.dropLast() }
        return String(word)
    }

    /// Height of one row (and of the title bar) for `font`.
    static func rowHeight(_ font: PixelFont) -> Int { font.ascent + 2 }

    /// Rows that fit below the title bar (list) or on the panel (compact); 1 for marquee.
    public static func visibleRows(width: Int, height: Int) -> Int {
        let font = font(width: width, height: height)
        switch forHeight(height) {
        case .list: return (height - rowHeight(font)) / rowHeight(font)
        case .compact: return height / 8
        case .marquee: return 1
        }
    }

    /// The first visible row when `selected` must be visible: the list scrolls only as far as needed.
    static func firstVisibleRow(selected: Int, count: Int, visible: Int) -> Int {
        max(0, min(selected - visible + 1, count - visible))
    }
}

/// Small glyphs the menu draws besides text.
enum MenuIcons {
    static let chevron = Bitmap(rows: ["#..", ".#.", "..#", ".#.", "#.."])
    static let play = Bitmap(rows: ["#..", "##.", "###", "##.", "#.."])
    static let pause = Bitmap(rows: ["#.#", "#.#", "#.#", "#.#", "#.#"])
}
