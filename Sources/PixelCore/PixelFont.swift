/// One character's picture in a pixel font.
public struct Glyph: Hashable, Sendable {
    /// The lit pixels.
    public var bitmap: Bitmap
    /// Columns from the pen position to the bitmap's left edge (may be negative).
    public var left: Int
    /// Rows from the top of the line box to the bitmap's top edge (may be negative).
    public var top: Int
    /// How far the pen moves right after this glyph, in pixels.
    public var advance: Int

    /// A glyph drawing `bitmap` `left` columns right of the pen and `top` rows below the top of
    /// the line box, then moving the pen `advance` pixels right.
    public init(bitmap: Bitmap, left: Int = 0, top: Int = 0, advance: Int) {
        self.bitmap = bitmap; self.left = left; self.top = top; self.advance = advance
    }
}

/// A bitmap font: glyphs for Unicode scalars, and line metrics in pixels.
///
/// A line box is `lineHeight` rows tall; the baseline is `ascent` rows below its top.
public struct PixelFont: Hashable, Sendable {
    /// A short name, such as "3x5".
    public var name: String
    /// Rows from the top of the line box to the baseline.
    public var ascent: Int
    /// Rows below the baseline that descenders may use.
    public var descent: Int
    /// Glyphs by Unicode scalar value.
    public var glyphs: [UInt32: Glyph]
    /// Drawn for characters the font lacks; nil draws nothing but still advances by `ascent / 2 + 1`.
    public var fallback: Glyph?

    /// A font from its metrics and glyphs, keyed by Unicode scalar value.
    public init(name: String, ascent: Int, descent: Int, glyphs: [UInt32: Glyph], fallback: Glyph? = nil) {
        self.name = name; self.ascent = ascent; self.descent = descent
        self.glyphs = glyphs; self.fallback = fallback
    }

    /// Rows in one line of text.
    public var lineHeight: Int { ascent + descent }

    /// The glyph for `scalar`, or the fallback.
    public func glyph(for scalar: Unicode.Scalar) -> Glyph? {
        glyphs[scalar.value] ?? fallback
    }

    /// The advance of one character the font lacks and has no fallback for.
    var missingAdvance: Int { ascent / 2 + 1 }

    /// The width of `text` in pixels when drawn on one line (sum of advances). The sum
    /// saturates at `Int.min` and `Int.max`, so no advance a font carries can make it trap.
    public func width(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            let advance = glyph(for: scalar)?.advance ?? missingAdvance
            let (sum, overflow) = total.addingReportingOverflow(advance)
            return overflow ? (advance > 0 ? .max : .min) : sum
        }
    }
}
