import PixelCore
import PixelEffects
import Testing
@testable import PixelUI

/// Fonts at the edges of what the BDF loader accepts, on the screens that show a user's font
/// (found by fuzzing: a negative advance divided by zero, huge metrics overflowed).
struct TextFontBoundsTests {
    /// A one-glyph-per-letter BDF font whose metrics are the given extremes.
    static func font(ascent: Int, descent: Int, advance: Int, x: Int, y: Int) throws -> PixelFont {
        var lines = ["STARTFONT 2.1", "FONTBOUNDINGBOX 4 4 0 0", "FONT_ASCENT \(ascent)", "FONT_DESCENT \(descent)"]
        for code in Array(32...126) {
            lines += ["STARTCHAR c\(code)", "ENCODING \(code)", "DWIDTH \(advance) 0", "BBX 4 4 \(x) \(y)",
                      "BITMAP", "F0", "90", "90", "F0", "ENDCHAR"]
        }
        return try PixelFont(bdf: (lines + ["ENDFONT"]).joined(separator: "\n"))
    }

    static let extremes: [(ascent: Int, descent: Int, advance: Int, x: Int, y: Int)] = [
        (4096, 4096, 4096, 4096, 4096), (-4096, -4096, 0, -4096, -4096), (4096, -4096, 0, 4096, -4096),
        (-4096, 4096, 4096, -4096, 4096), (6, 2, 0, 0, 0), (0, 0, 1, 0, 0),
    ]

    @Test func scrollingTextAndClockDrawWithExtremeFonts() throws {
        for m in Self.extremes {
            let font = try Self.font(ascent: m.ascent, descent: m.descent, advance: m.advance, x: m.x, y: m.y)
            for (w, h) in [(8, 8), (32, 8), (32, 16), (64, 32), (128, 64)] {
                for seconds in [0, 1, 3, 1000] {
                    for always in [false, true] {
                        var canvas = Canvas(width: w, height: h, supersampling: .x1)
                        ScreenPainter.bigText(on: &canvas, "Hello, PixelWheel 12:34:56", palette: .of(.dark),
                                              time: .seconds(seconds), alwaysScroll: always, font: font)
                        #expect(canvas.downsample().width == w)
                    }
                }
            }
        }
    }

    @Test func scrollLoopIsNeverEmptyWhateverTheTextWidth() {
        for textWidth in [Int.min, -1 << 40, -200, -16, -15, -9, -8, -1, 0, 7, 1 << 40, Int.max] {
            for boxWidth in [0, 8, 64, Int.max] {
                for always in [false, true] {
                    if let scroll = MenuPainter.scrollOffset(textWidth: textWidth, boxWidth: boxWidth,
                                                             time: .seconds(5), always: always) {
                        #expect(scroll.cycle > 0)
                        #expect((0..<scroll.cycle).contains(scroll.offset))
                    }
                }
            }
        }
    }
}
