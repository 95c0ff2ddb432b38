import PixelCore

/// The colours of a theme, as drawn on LEDs.
public struct ThemePalette: Sendable {
    /// Fill behind everything.
    public var background: Color
    /// Menu rows and body text.
    public var text: Color
    /// Fill of the title bar.
    public var titleBackground: Color
    /// Text of the title bar.
    public var titleText: Color
    /// Fill of the selected row.
    public var selectionBackground: Color
    /// Text of the selected row.
    public var selectionText: Color
    /// Highlights: slider fill, scrollbar thumb, large text, the marquee's position bar.
    public var accent: Color
    /// Secondary marks: slider and scrollbar tracks (drawn translucent).
    public var dimText: Color

    /// For panels that only switch LEDs on or off (MAX7219, HT16K33): everything that carries
    /// information is full white, the selection is shown inverted.
    public static let monochrome = ThemePalette(
        background: .black, text: .white, titleBackground: .black, titleText: .white,
        selectionBackground: .white, selectionText: .black, accent: .white, dimText: .black)

    /// The palette for `theme`.
    public static func of(_ theme: Theme) -> ThemePalette {
        switch theme {
        case .light:
            // The iPod classic: white screen, grey title bar, white on blue selection.
            return ThemePalette(
                background: Color(red: 255, green: 255, blue: 255), text: Color(red: 0, green: 0, blue: 0),
                titleBackground: Color(red: 190, green: 196, blue: 204), titleText: Color(red: 0, green: 0, blue: 0),
                selectionBackground: Color(red: 30, green: 110, blue: 240), selectionText: Color(red: 255, green: 255, blue: 255),
                accent: Color(red: 30, green: 110, blue: 240), dimText: Color(red: 110, green: 110, blue: 110))
        case .dark:
            // Black screen, dim text, a blue selection: light only where there is information.
            return ThemePalette(
                background: Color(red: 0, green: 0, blue: 0), text: Color(red: 150, green: 150, blue: 150),
                titleBackground: Color(red: 40, green: 40, blue: 48), titleText: Color(red: 220, green: 220, blue: 220),
                selectionBackground: Color(red: 20, green: 70, blue: 200), selectionText: Color(red: 255, green: 255, blue: 255),
                accent: Color(red: 40, green: 150, blue: 255), dimText: Color(red: 80, green: 80, blue: 80))
        }
    }
}
