import Testing
@testable import PixelCore

/// `PixelFont(bdf:)`: reading BDF 2.1 fonts, and the errors for broken ones.
struct BDFFontTests {
    /// A small hand-made BDF font. Line numbers matter: the malformed variants below edit
    /// lines by number and expect errors at exact lines.
    static let sample = """
        STARTFONT 2.1
        COMMENT Hand-made for PixelWheel's tests: a capital A, a descending g, a question mark
        COMMENT that is also the DEFAULT_CHAR, a 10-pixel-wide dash and one unencoded glyph.
        FONT -PixelWheel-Test-Medium-R-Normal--8-80-75-75-C-50-ISO10646-1
        SIZE 8 75 75
        FONTBOUNDINGBOX 10 8 -1 -2
        STARTPROPERTIES 3
        FONT_ASCENT 6
        FONT_DESCENT 2
        DEFAULT_CHAR 63
        ENDPROPERTIES
        CHARS 5
        STARTCHAR A
        ENCODING 65
        SWIDTH 625 0
        DWIDTH 5 0
        BBX 3 4 1 0
        BITMAP
        40
        A0
        E0
        A0
        ENDCHAR
        STARTCHAR g
        ENCODING 103
        SWIDTH 625 0
        DWIDTH 5 0
        BBX 3 5 0 -2
        BITMAP
        60
        A0
        60
        20
        C0
        ENDCHAR
        STARTCHAR question
        ENCODING 63
        SWIDTH 500 0
        DWIDTH 4 0
        BBX 3 5 0 1
        BITMAP
        C0
        20
        40
        00
        40
        ENDCHAR
        STARTCHAR emdash
        ENCODING 8212
        SWIDTH 1375 0
        DWIDTH 11 0
        BBX 10 2 -1 2
        BITMAP
        C0C0
        3F00
        ENDCHAR
        STARTCHAR unencoded
        ENCODING -1 200
        SWIDTH 625 0
        DWIDTH 5 0
        BBX 1 1 0 0
        BITMAP
        80
        ENDCHAR
        ENDFONT
        """

    static let sampleLines = sample.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

    /// The sample with some lines (numbered from 1) replaced. A replacement may hold several
    /// lines, or be empty, which keeps the numbering (blank lines are ignored).
    static func sample(replacing edits: [Int: String]) -> String {
        var lines = sampleLines
        for (number, text) in edits { lines[number - 1] = text }
        return lines.joined(separator: "\n")
    }

    /// The sample's first `count` lines.
    static func sample(firstLines count: Int) -> String {
        sampleLines.prefix(count).joined(separator: "\n")
    }

    /// Checks that reading `text` fails with exactly `expected`.
    static func expectError(_ text: String, _ expected: BDFError, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: expected, sourceLocation: sourceLocation) { try PixelFont(bdf: text) }
    }

    static func code(_ character: Unicode.Scalar) -> UInt32 { character.value }

    // MARK: Reading

    @Test func readsNameLineMetricsAndGlyphCount() throws {
        let font = try PixelFont(bdf: Self.sample)
        #expect(font.name == "-PixelWheel-Test-Medium-R-Normal--8-80-75-75-C-50-ISO10646-1")
        #expect(font.ascent == 6)
        #expect(font.descent == 2)
        #expect(Set(font.glyphs.keys) == [65, 103, 63, 8212])
    }

    @Test func readsBitmapsOffsetsAndAdvances() throws {
        let font = try PixelFont(bdf: Self.sample)
        // BBX 3 4 1 0: sits on the baseline, one column right of the pen.
        #expect(font.glyphs[Self.code("A")] == Glyph(
            bitmap: Bitmap(rows: [".#.", "#.#", "###", "#.#"]), left: 1, top: 2, advance: 5))
        // BBX 3 5 0 -2: two rows below the baseline.
        #expect(font.glyphs[Self.code("g")] == Glyph(
            bitmap: Bitmap(rows: [".##", "#.#", ".##", "..#", "##."]), left: 0, top: 3, advance: 5))
        // BBX 3 5 0 1: its bottom row one above the baseline, so its top is the line's top.
        #expect(font.glyphs[Self.code("?")] == Glyph(
            bitmap: Bitmap(rows: ["##.", "..#", ".#.", "...", ".#."]), left: 0, top: 0, advance: 4))
        // Two bytes a row, the last six bits padding; one column left of the pen.
        #expect(font.glyphs[8212] == Glyph(
            bitmap: Bitmap(rows: ["##......##", "..######.."]), left: -1, top: 2, advance: 11))
    }

    @Test func skipsGlyphsWithNegativeEncodings() throws {
        let font = try PixelFont(bdf: Self.sample)
        #expect(font.glyphs[200] == nil)
        #expect(font.glyphs.count == 4)
    }

    @Test func defaultCharBecomesTheFallback() throws {
        let font = try PixelFont(bdf: Self.sample)
        #expect(font.fallback == font.glyphs[Self.code("?")])
        #expect(font.glyph(for: "Z") == font.glyphs[Self.code("?")])
        #expect(font.width(of: "AgZ") == 5 + 5 + 4)
    }

    @Test func withoutDefaultCharThereIsNoFallback() throws {
        let font = try PixelFont(bdf: Self.sample(replacing: [10: ""]))
        #expect(font.fallback == nil)
        #expect(font.glyph(for: "Z") == nil)
    }

    @Test func defaultCharNamingAMissingGlyphGivesNoFallback() throws {
        let font = try PixelFont(bdf: Self.sample(replacing: [10: "DEFAULT_CHAR 9999"]))
        #expect(font.fallback == nil)
    }

    @Test func withoutAscentAndDescentPropertiesTheBoundingBoxGivesTheMetrics() throws {
        let font = try PixelFont(bdf: Self.sample(replacing: [6: "FONTBOUNDINGBOX 10 9 -1 -3", 8: "", 9: ""]))
        #expect(font.ascent == 6)
        #expect(font.descent == 3)
        #expect(font.glyphs[Self.code("g")]?.top == 3)
    }

    @Test func ascentPropertyDecidesWhereGlyphsSit() throws {
        let font = try PixelFont(bdf: Self.sample(replacing: [8: "FONT_ASCENT 9"]))
        #expect(font.ascent == 9)
        #expect(font.glyphs[Self.code("A")]?.top == 5)
        #expect(font.glyphs[Self.code("g")]?.top == 6)
    }

    @Test func acceptsWindowsLineEndingsLowercaseHexAndBlankLines() throws {
        let text = Self.sample(replacing: [30: "60   ", 31: "a0", 24: "\nSTARTCHAR g"])
            .split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        let font = try PixelFont(bdf: text)
        let reference = try PixelFont(bdf: Self.sample)
        #expect(font == reference)
    }

    @Test func aFontWideDWIDTHServesGlyphsWithoutTheirOwn() throws {
        let font = try PixelFont(bdf: Self.sample(replacing: [12: "CHARS 5\nDWIDTH 7 0", 39: ""]))
        #expect(font.glyphs[Self.code("?")]?.advance == 7)
        #expect(font.glyphs[Self.code("A")]?.advance == 5)
    }

    @Test func drawnTextHonoursEachGlyphsOffsets() throws {
        let font = try PixelFont(bdf: Self.sample)
        var canvas = Canvas(width: 12, height: 8, supersampling: .x1)
        canvas.drawText("Ag", font: font, at: .zero, color: .white)
        let expected = FontTests.litPixels(of: font.glyphs[Self.code("A")]!)
            .union(FontTests.litPixels(of: font.glyphs[Self.code("g")]!, penX: 5))
        #expect(expected.contains([1, 3]) && expected.contains([5, 7]))
        FontTests.expectFrame(canvas.downsample(), litExactlyAt: expected)
    }

    // MARK: Malformed files

    @Test func rejectsAFileThatDoesNotStartWithSTARTFONT() {
        Self.expectError(Self.sample(replacing: [1: "STARTFNT 2.1"]), .missingStartFont(line: 1))
        Self.expectError(Self.sample(replacing: [1: ""]), .missingStartFont(line: 4))
        Self.expectError("", .missingStartFont(line: 1))
        Self.expectError("COMMENT nothing else\n", .missingStartFont(line: 1))
    }

    @Test func rejectsBBXWithoutFourIntegers() {
        Self.expectError(Self.sample(replacing: [17: "BBX 3 four 1 0"]),
                         .invalidNumbers(line: 17, keyword: "BBX", values: "3 four 1 0"))
        Self.expectError(Self.sample(replacing: [28: "BBX 3 5 0"]),
                         .invalidNumbers(line: 28, keyword: "BBX", values: "3 5 0"))
        Self.expectError(Self.sample(replacing: [40: "BBX 3 5 0 1 2"]),
                         .invalidNumbers(line: 40, keyword: "BBX", values: "3 5 0 1 2"))
    }

    @Test func rejectsBBXWithNegativeOrHugeSize() {
        Self.expectError(Self.sample(replacing: [17: "BBX -3 4 1 0"]),
                         .invalidNumbers(line: 17, keyword: "BBX", values: "-3 4 1 0"))
        Self.expectError(Self.sample(replacing: [17: "BBX 3 99999999 1 0"]),
                         .invalidNumbers(line: 17, keyword: "BBX", values: "3 99999999 1 0"))
    }

    // Found by fuzzing: numbers a font file carries that used to overflow or divide by zero.

    @Test func rejectsOffsetsOutsideTheBounds() {
        Self.expectError(Self.sample(replacing: [17: "BBX 1 1 0 9223372036854775807"]),
                         .invalidNumbers(line: 17, keyword: "BBX", values: "1 1 0 9223372036854775807"))
        Self.expectError(Self.sample(replacing: [17: "BBX 3 4 -4097 0"]),
                         .invalidNumbers(line: 17, keyword: "BBX", values: "3 4 -4097 0"))
        Self.expectError(Self.sample(replacing: [6: "FONTBOUNDINGBOX 1 1 0 -9223372036854775808"]),
                         .invalidNumbers(line: 6, keyword: "FONTBOUNDINGBOX", values: "1 1 0 -9223372036854775808"))
        Self.expectError(Self.sample(replacing: [6: "FONTBOUNDINGBOX 10 8 4097 -2"]),
                         .invalidNumbers(line: 6, keyword: "FONTBOUNDINGBOX", values: "10 8 4097 -2"))
    }

    @Test func rejectsNegativeOrHugeAdvances() {
        Self.expectError(Self.sample(replacing: [16: "DWIDTH -15 0"]),
                         .invalidNumbers(line: 16, keyword: "DWIDTH", values: "-15 0"))
        Self.expectError(Self.sample(replacing: [16: "DWIDTH 9223372036854775807 0"]),
                         .invalidNumbers(line: 16, keyword: "DWIDTH", values: "9223372036854775807 0"))
        Self.expectError(Self.sample(replacing: [16: "DWIDTH 5 4097"]),
                         .invalidNumbers(line: 16, keyword: "DWIDTH", values: "5 4097"))
        Self.expectError(Self.sample(replacing: [12: "CHARS 5\nDWIDTH -1 0"]),
                         .invalidNumbers(line: 13, keyword: "DWIDTH", values: "-1 0"))
    }

    @Test func rejectsAscentAndDescentOutsideTheBounds() {
        Self.expectError(Self.sample(replacing: [8: "FONT_ASCENT 9223372036854775807"]),
                         .invalidNumbers(line: 8, keyword: "FONT_ASCENT", values: "9223372036854775807"))
        Self.expectError(Self.sample(replacing: [9: "FONT_DESCENT -4097"]),
                         .invalidNumbers(line: 9, keyword: "FONT_DESCENT", values: "-4097"))
    }

    @Test func acceptsEveryNumberAtItsBounds() throws {
        let font = try PixelFont(bdf: Self.sample(replacing: [
            6: "FONTBOUNDINGBOX 4096 4096 -4096 4096", 8: "FONT_ASCENT -4096", 9: "FONT_DESCENT 4096",
            16: "DWIDTH 4096 -4096", 17: "BBX 3 4 4096 -4096", 27: "DWIDTH 0 4096",
        ]))
        #expect(font.ascent == -4096 && font.descent == 4096)
        #expect(font.glyphs[Self.code("A")] == Glyph(
            bitmap: Bitmap(rows: [".#.", "#.#", "###", "#.#"]), left: 4096, top: -4, advance: 4096))
        #expect(font.glyphs[Self.code("g")]?.advance == 0)
        let boxOnly = try PixelFont(bdf: Self.sample(replacing: [6: "FONTBOUNDINGBOX 4096 4096 -4096 4096", 8: "", 9: ""]))
        #expect(boxOnly.ascent == 8192 && boxOnly.descent == -4096)
    }

    @Test func widthOfTextSaturatesInsteadOfOverflowing() {
        let wide = Glyph(bitmap: Bitmap(width: 1, height: 1), advance: .max)
        let back = Glyph(bitmap: Bitmap(width: 1, height: 1), advance: .min)
        let font = PixelFont(name: "extreme", ascent: 1, descent: 0, glyphs: [65: wide, 66: back])
        #expect(font.width(of: "AA") == .max)
        #expect(font.width(of: "BB") == .min)
        #expect(font.width(of: "A") == .max)
    }

    @Test func rejectsDWIDTHWithoutTwoIntegers() {
        Self.expectError(Self.sample(replacing: [27: "DWIDTH"]),
                         .invalidNumbers(line: 27, keyword: "DWIDTH", values: ""))
        Self.expectError(Self.sample(replacing: [27: "DWIDTH 5.5 0"]),
                         .invalidNumbers(line: 27, keyword: "DWIDTH", values: "5.5 0"))
    }

    @Test func rejectsENCODINGThatIsNotAnInteger() {
        Self.expectError(Self.sample(replacing: [37: "ENCODING sixty-three"]),
                         .invalidNumbers(line: 37, keyword: "ENCODING", values: "sixty-three"))
        Self.expectError(Self.sample(replacing: [37: "ENCODING"]),
                         .invalidNumbers(line: 37, keyword: "ENCODING", values: ""))
    }

    @Test func rejectsFONTBOUNDINGBOXWithoutFourIntegers() {
        Self.expectError(Self.sample(replacing: [6: "FONTBOUNDINGBOX 10 8 -1"]),
                         .invalidNumbers(line: 6, keyword: "FONTBOUNDINGBOX", values: "10 8 -1"))
    }

    @Test func rejectsMetricPropertiesAndCHARSThatAreNotIntegers() {
        Self.expectError(Self.sample(replacing: [8: "FONT_ASCENT six"]),
                         .invalidNumbers(line: 8, keyword: "FONT_ASCENT", values: "six"))
        Self.expectError(Self.sample(replacing: [10: "DEFAULT_CHAR \"?\""]),
                         .invalidNumbers(line: 10, keyword: "DEFAULT_CHAR", values: "\"?\""))
        Self.expectError(Self.sample(replacing: [12: "CHARS -5"]),
                         .invalidNumbers(line: 12, keyword: "CHARS", values: "-5"))
    }

    @Test func rejectsABitmapRowThatIsNotHexadecimal() {
        Self.expectError(Self.sample(replacing: [32: "ZZ"]), .invalidBitmapRow(line: 32, row: "ZZ"))
        Self.expectError(Self.sample(replacing: [32: "6 0"]), .invalidBitmapRow(line: 32, row: "6 0"))
    }

    @Test func rejectsABitmapRowNarrowerThanTheBBX() {
        Self.expectError(Self.sample(replacing: [55: "3F"]), .bitmapRowTooShort(line: 55, row: "3F", width: 10))
    }

    @Test func rejectsTooFewBitmapRows() {
        Self.expectError(Self.sample(replacing: [46: ""]),
                         .wrongBitmapRowCount(line: 47, glyph: "question", expected: 5, found: 4))
    }

    @Test func rejectsTooManyBitmapRows() {
        Self.expectError(Self.sample(replacing: [22: "A0\nA0"]),
                         .wrongBitmapRowCount(line: 24, glyph: "A", expected: 4, found: 5))
    }

    @Test func rejectsAGlyphWithoutENDCHAR() {
        Self.expectError(Self.sample(replacing: [23: ""]), .missingEndChar(line: 24, glyph: "A"))
        Self.expectError(Self.sample(replacing: [64: ""]), .missingEndChar(line: 65, glyph: "unencoded"))
    }

    @Test func rejectsAFileThatEndsInsideAGlyph() {
        Self.expectError(Self.sample(firstLines: 30), .unexpectedEndOfFile(line: 30, glyph: "g"))
        Self.expectError(Self.sample(firstLines: 18) + "\n", .unexpectedEndOfFile(line: 18, glyph: "A"))
    }

    @Test func rejectsAFileWithoutENDFONT() {
        Self.expectError(Self.sample(firstLines: 64), .unexpectedEndOfFile(line: 64, glyph: nil))
        Self.expectError(Self.sample(firstLines: 64) + "\n", .unexpectedEndOfFile(line: 64, glyph: nil))
    }

    @Test func rejectsAFontWithoutGlyphs() {
        Self.expectError(Self.sample(firstLines: 12) + "\nENDFONT", .noGlyphs(line: 13))
        let onlyUnencoded = (Self.sampleLines.prefix(12) + Self.sampleLines[56...]).joined(separator: "\n")
        Self.expectError(onlyUnencoded, .noGlyphs(line: 21))
    }

    @Test func rejectsGlyphStatementsOutsideAGlyph() {
        Self.expectError(Self.sample(replacing: [12: "BITMAP"]), .unexpectedKeyword(line: 12, keyword: "BITMAP"))
        Self.expectError(Self.sample(replacing: [23: "ENDCHAR\nENDCHAR"]),
                         .unexpectedKeyword(line: 24, keyword: "ENDCHAR"))
        Self.expectError(Self.sample(replacing: [12: "STARTFONT 2.1"]),
                         .unexpectedKeyword(line: 12, keyword: "STARTFONT"))
    }

    @Test func rejectsAGlyphMissingARequiredStatement() {
        Self.expectError(Self.sample(replacing: [17: ""]), .missingGlyphField(line: 18, glyph: "A", keyword: "BBX"))
        Self.expectError(Self.sample(replacing: [25: ""]),
                         .missingGlyphField(line: 35, glyph: "g", keyword: "ENCODING"))
        Self.expectError(Self.sample(replacing: [39: ""]),
                         .missingGlyphField(line: 47, glyph: "question", keyword: "DWIDTH"))
        Self.expectError(Self.sample(replacing: [62: "", 63: ""]),
                         .missingGlyphField(line: 64, glyph: "unencoded", keyword: "BITMAP"))
    }

    @Test func rejectsAFontWithoutAnyLineMetrics() {
        Self.expectError(Self.sample(replacing: [6: "", 8: "", 9: ""]), .missingFontBoundingBox(line: 65))
    }

    // MARK: Messages

    @Test func messagesNameTheLineAndTheProblem() {
        #expect(BDFError.invalidBitmapRow(line: 42, row: "ZZ").description
                == "BDF line 42: BITMAP row 'ZZ' is not hexadecimal")
        #expect(BDFError.invalidNumbers(line: 17, keyword: "BBX", values: "3 four 1 0").description
                == "BDF line 17: BBX needs 4 integers (width and height 0…4096, x and y offsets −4096…4096), "
                + "got '3 four 1 0'")
        #expect(BDFError.invalidNumbers(line: 27, keyword: "DWIDTH", values: "").description
                == "BDF line 27: DWIDTH needs 2 integers (x advance 0…4096, y advance −4096…4096), got nothing")
        #expect(BDFError.invalidNumbers(line: 8, keyword: "FONT_ASCENT", values: "99999").description
                == "BDF line 8: FONT_ASCENT needs an integer −4096…4096, got '99999'")
        #expect(BDFError.wrongBitmapRowCount(line: 47, glyph: "question", expected: 5, found: 4).description
                == "BDF line 47: glyph 'question' has 4 BITMAP rows, but its BBX is 5 tall")
        #expect(BDFError.unexpectedEndOfFile(line: 30, glyph: "g").description
                == "BDF line 30: the file ends inside glyph 'g' (ENDCHAR and ENDFONT are missing)")
        #expect(BDFError.unexpectedEndOfFile(line: 64, glyph: nil).description
                == "BDF line 64: the file ends without ENDFONT")
    }

    @Test func everyMessageStartsWithItsLineNumber() {
        let errors: [BDFError] = [
            .missingStartFont(line: 1), .invalidNumbers(line: 2, keyword: "CHARS", values: "x"),
            .invalidBitmapRow(line: 3, row: "G"), .bitmapRowTooShort(line: 4, row: "F", width: 8),
            .wrongBitmapRowCount(line: 5, glyph: "a", expected: 2, found: 1),
            .missingGlyphField(line: 6, glyph: "a", keyword: "BBX"), .missingEndChar(line: 7, glyph: "a"),
            .unexpectedKeyword(line: 8, keyword: "BITMAP"), .unexpectedEndOfFile(line: 9, glyph: nil),
            .missingFontBoundingBox(line: 10), .noGlyphs(line: 11),
        ]
        for (i, error) in errors.enumerated() {
            #expect(error.line == i + 1)
            #expect(error.description.hasPrefix("BDF line \(i + 1): "), "\(error)")
        }
    }
}
