import Testing
@testable import PixelCore

/// The built-in pixel fonts, `PixelFont.width(of:)`, and drawing text on a canvas.
struct FontTests {
    /// One built-in font and the cell it promises.
    struct BuiltIn: Sendable, CustomTestStringConvertible {
        let font: PixelFont
        let cellWidth: Int
        let ascent: Int
        let descent: Int
        var testDescription: String { font.name }
    }

    static let builtIns = [
        BuiltIn(font: .tiny3x5, cellWidth: 3, ascent: 5, descent: 1),
        BuiltIn(font: .standard5x7, cellWidth: 5, ascent: 7, descent: 2),
    ]

    /// U+0020 … U+007E.
    static let printableASCII: [Unicode.Scalar] = (32...126).map { Unicode.Scalar(UInt8($0)) }

    /// The lit pixels of `glyph` drawn with the pen at `penX` and the line box's top at `lineTop`.
    static func litPixels(of glyph: Glyph, penX: Int = 0, lineTop: Int = 0) -> Set<[Int]> {
        var pixels: Set<[Int]> = []
        for y in 0..<glyph.bitmap.height {
            for x in 0..<glyph.bitmap.width where glyph.bitmap[x, y] {
                pixels.insert([penX + glyph.left + x, lineTop + glyph.top + y])
            }
        }
        return pixels
    }

    /// Checks that `frame` is white exactly at `lit` and black everywhere else.
    static func expectFrame(_ frame: Frame, litExactlyAt lit: Set<[Int]>,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        var wrong: [String] = []
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let expected: LinearColor = lit.contains([x, y]) ? .white : .black
                if frame[x, y] != expected { wrong.append("(\(x), \(y))") }
            }
        }
        #expect(wrong.isEmpty, "wrong pixels: \(wrong.joined(separator: " "))", sourceLocation: sourceLocation)
    }

    /// The whole frame as text rows, `#` lit: for readable failure messages.
    static func picture(of frame: Frame) -> String {
        (0..<frame.height).map { y in
            String((0..<frame.width).map { x in frame[x, y] == .black ? "." : "#" })
        }.joined(separator: "\n")
    }

    // MARK: Coverage and metrics

    @Test(arguments: builtIns)
    func everyPrintableASCIICharacterHasAGlyph(_ builtIn: BuiltIn) {
        let missing = Self.printableASCII.filter { builtIn.font.glyphs[$0.value] == nil }
        #expect(missing.isEmpty, "no glyph for \(missing.map { "'\($0)'" })")
        #expect(builtIn.font.glyphs.count == 95)
    }

    @Test(arguments: builtIns)
    func lineMetricsAreThePromisedAscentAndDescent(_ builtIn: BuiltIn) {
        #expect(builtIn.font.ascent == builtIn.ascent)
        #expect(builtIn.font.descent == builtIn.descent)
        #expect(builtIn.font.lineHeight == builtIn.ascent + builtIn.descent)
    }

    @Test(arguments: builtIns)
    func everyGlyphIsCellWideFitsTheLineAndAdvancesByCellPlusOne(_ builtIn: BuiltIn) throws {
        let font = builtIn.font
        for scalar in Self.printableASCII {
            let glyph = try #require(font.glyphs[scalar.value])
            #expect(glyph.bitmap.width == builtIn.cellWidth, "'\(scalar)'")
            #expect(glyph.left == 0, "'\(scalar)'")
            #expect(glyph.top >= 0 && glyph.top + glyph.bitmap.height <= font.lineHeight, "'\(scalar)'")
            #expect(glyph.advance == builtIn.cellWidth + 1, "'\(scalar)'")
        }
    }

    @Test(arguments: builtIns)
    func capitalsAndDigitsFillTheWholeAscent(_ builtIn: BuiltIn) throws {
        for scalar in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".unicodeScalars {
            let glyph = try #require(builtIn.font.glyphs[scalar.value])
            #expect(glyph.top == 0 && glyph.bitmap.height == builtIn.ascent, "'\(scalar)'")
        }
    }

    @Test(arguments: builtIns)
    func onlyDescendersReachBelowTheBaseline(_ builtIn: BuiltIn) {
        let font = builtIn.font
        let descending = Self.printableASCII.filter { scalar in
            let glyph = font.glyphs[scalar.value]!
            return glyph.top + glyph.bitmap.height > font.ascent
        }
        #expect(String(String.UnicodeScalarView(descending)) == ",;_gjpqy")
    }

    @Test(arguments: builtIns)
    func spaceIsBlankAndEveryOtherCharacterHasInk(_ builtIn: BuiltIn) {
        for scalar in Self.printableASCII {
            let lit = Self.litPixels(of: builtIn.font.glyphs[scalar.value]!)
            #expect(lit.isEmpty == (scalar == " "), "'\(scalar)'")
        }
    }

    @Test(arguments: builtIns)
    func everyGlyphLooksDifferentFromEveryOther(_ builtIn: BuiltIn) {
        var seen: [Set<[Int]>: String] = [:]
        if let fallback = builtIn.font.fallback { seen[Self.litPixels(of: fallback)] = "the fallback box" }
        for scalar in Self.printableASCII {
            let lit = Self.litPixels(of: builtIn.font.glyphs[scalar.value]!)
            if let other = seen[lit] {
                Issue.record("'\(scalar)' looks exactly like \(other)")
            }
            seen[lit] = "'\(scalar)'"
        }
    }

    @Test(arguments: builtIns)
    func easilyConfusedCharactersDifferInSeveralPixels(_ builtIn: BuiltIn) {
        let pairs = ["0O", "0D", "OD", "1l", "1I", "lI", "I|", "l|", "5S", "8B", "2Z",
                     "6b", "9g", "gq", "B3", "CG", "EF", "MN", "HN", "VY"]
        for pair in pairs {
            let scalars = Array(pair.unicodeScalars)
            let a = Self.litPixels(of: builtIn.font.glyphs[scalars[0].value]!)
            let b = Self.litPixels(of: builtIn.font.glyphs[scalars[1].value]!)
            #expect(a.symmetricDifference(b).count >= 2, "'\(scalars[0])' and '\(scalars[1])' are too alike")
        }
    }

    @Test(arguments: builtIns)
    func missingCharactersDrawAsAHollowBox(_ builtIn: BuiltIn) throws {
        let font = builtIn.font
        let fallback = try #require(font.fallback)
        #expect(font.glyph(for: "é") == fallback)
        #expect(font.glyph(for: "\u{1F600}") == fallback)
        #expect(fallback.top == 0 && fallback.left == 0 && fallback.advance == builtIn.cellWidth + 1)
        let bitmap = fallback.bitmap
        #expect(bitmap.width == builtIn.cellWidth && bitmap.height == builtIn.ascent)
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let onBorder = x == 0 || y == 0 || x == bitmap.width - 1 || y == bitmap.height - 1
                #expect(bitmap[x, y] == onBorder, "(\(x), \(y))")
            }
        }
    }

    @Test func builtInFontsAreNamedAfterTheirCells() {
        #expect(PixelFont.tiny3x5.name == "3x5")
        #expect(PixelFont.standard5x7.name == "5x7")
    }

    // MARK: width(of:)

    @Test func widthOfTextIsTheSumOfItsAdvances() {
        #expect(PixelFont.tiny3x5.width(of: "") == 0)
        #expect(PixelFont.tiny3x5.width(of: "A") == 4)
        #expect(PixelFont.tiny3x5.width(of: "Hello, world!") == 13 * 4)
        #expect(PixelFont.standard5x7.width(of: "Hi!") == 18)
        #expect(PixelFont.standard5x7.width(of: " ") == 6)
    }

    @Test func widthCountsMissingCharactersAtTheFallbackAdvance() {
        #expect(PixelFont.tiny3x5.width(of: "né") == 8)
        #expect(PixelFont.standard5x7.width(of: "→x") == 12)
    }

    @Test func widthWithoutAFallbackCountsMissingCharactersAtHalfTheAscentPlusOne() {
        let dot = Glyph(bitmap: Bitmap(rows: ["#"]), advance: 2)
        let font = PixelFont(name: "dot", ascent: 8, descent: 0, glyphs: [UInt32(UInt8(ascii: ".")): dot])
        #expect(font.width(of: ".x.") == 2 + 5 + 2)
    }

    // MARK: Drawing

    @Test func drawingALetterLightsExactlyItsGlyphsPixels() {
        var canvas = Canvas(width: 16, height: 8, supersampling: .x1)
        canvas.drawText("A", font: .tiny3x5, at: .zero, color: .white)
        let frame = canvas.downsample()
        let glyph = PixelFont.tiny3x5.glyphs[UInt32(UInt8(ascii: "A"))]!
        Self.expectFrame(frame, litExactlyAt: Self.litPixels(of: glyph))
        #expect(Self.picture(of: frame).split(separator: "\n").prefix(5).map { String($0.prefix(3)) }
                == [".#.", "#.#", "###", "#.#", "#.#"])
    }

    @Test func drawingTextPlacesEachGlyphAtThePenAndReturnsTheWidth() {
        var canvas = Canvas(width: 16, height: 8, supersampling: .x1)
        let width = canvas.drawText("Hi!", font: .tiny3x5, at: Point(x: 2, y: 1), color: .white)
        #expect(width == Fixed(12))
        var expected: Set<[Int]> = []
        for (i, scalar) in "Hi!".unicodeScalars.enumerated() {
            let glyph = PixelFont.tiny3x5.glyphs[scalar.value]!
            expected.formUnion(Self.litPixels(of: glyph, penX: 2 + 4 * i, lineTop: 1))
        }
        Self.expectFrame(canvas.downsample(), litExactlyAt: expected)
    }

    @Test func descendersAndLowercaseSitOnTheBaseline() {
        var canvas = Canvas(width: 16, height: 10, supersampling: .x1)
        canvas.drawText("xg", font: .standard5x7, at: .zero, color: .white)
        let frame = canvas.downsample()
        let x = PixelFont.standard5x7.glyphs[UInt32(UInt8(ascii: "x"))]!
        let g = PixelFont.standard5x7.glyphs[UInt32(UInt8(ascii: "g"))]!
        Self.expectFrame(frame, litExactlyAt: Self.litPixels(of: x).union(Self.litPixels(of: g, penX: 6)))
        // "x" ends on the baseline's row; "g" reaches the bottom of the descent.
        #expect((0..<5).contains { frame[$0, 6] != .black } && (0..<5).allSatisfy { frame[$0, 7] == .black })
        #expect((6..<11).contains { frame[$0, 8] != .black })
    }

    @Test func drawingAMissingCharacterDrawsTheFallbackBox() {
        var canvas = Canvas(width: 8, height: 6, supersampling: .x1)
        canvas.drawText("é", font: .tiny3x5, at: .zero, color: .white)
        Self.expectFrame(canvas.downsample(), litExactlyAt: Self.litPixels(of: PixelFont.tiny3x5.fallback!))
    }
}
