/// Why a BDF font file could not be read. Every case carries the 1-based number of the line
/// where the problem was found, and `description` explains it for a person at a terminal.
public enum BDFError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The first statement is not `STARTFONT` (`line` is that statement's line, or the last
    /// line when the file holds nothing but blank lines and comments).
    case missingStartFont(line: Int)
    /// A statement's values are not the integers it needs. `values` is the rest of the line.
    case invalidNumbers(line: Int, keyword: String, values: String)
    /// A `BITMAP` row holds something other than hexadecimal digits.
    case invalidBitmapRow(line: Int, row: String)
    /// A `BITMAP` row has fewer bits than the glyph's `BBX` width.
    case bitmapRowTooShort(line: Int, row: String, width: Int)
    /// A glyph's `BITMAP` has a different number of rows from its `BBX` height (`line` is the
    /// glyph's `ENDCHAR`).
    case wrongBitmapRowCount(line: Int, glyph: String, expected: Int, found: Int)
    /// A glyph lacks a statement it needs: `ENCODING`, `DWIDTH`, `BBX` or `BITMAP`.
    case missingGlyphField(line: Int, glyph: String, keyword: String)
    /// `STARTCHAR` or `ENDFONT` arrives while a glyph is still open (its `ENDCHAR` is missing).
    case missingEndChar(line: Int, glyph: String)
    /// A statement where it does not belong, such as `BITMAP` outside a glyph.
    case unexpectedKeyword(line: Int, keyword: String)
    /// The file ends before `ENDFONT`; `glyph` names the glyph still open, if any.
    case unexpectedEndOfFile(line: Int, glyph: String?)
    /// The font gives neither `FONTBOUNDINGBOX` nor both `FONT_ASCENT` and `FONT_DESCENT`, so
    /// its line metrics are unknown (`line` is `ENDFONT`'s).
    case missingFontBoundingBox(line: Int)
    /// The font holds no glyph with a usable encoding (`line` is `ENDFONT`'s).
    case noGlyphs(line: Int)

    /// The 1-based line number the error refers to.
    public var line: Int {
        switch self {
        case .missingStartFont(let line), .invalidNumbers(let line, _, _), .invalidBitmapRow(let line, _),
             .bitmapRowTooShort(let line, _, _), .wrongBitmapRowCount(let line, _, _, _),
             .missingGlyphField(let line, _, _), .missingEndChar(let line, _), .unexpectedKeyword(let line, _),
             .unexpectedEndOfFile(let line, _), .missingFontBoundingBox(let line), .noGlyphs(let line):
            return line
        }
    }

    /// A one-line explanation, starting with "BDF line N:".
    public var description: String {
        let problem: String
        switch self {
        case .missingStartFont:
            problem = "expected STARTFONT, the first statement of a BDF font file"
        case .invalidNumbers(_, let keyword, let values):
            let got = values.isEmpty ? "nothing" : "'\(values)'"
            problem = "\(keyword) needs \(BDFError.expectedValues(of: keyword)), got \(got)"
        case .invalidBitmapRow(_, let row):
            problem = "BITMAP row '\(row)' is not hexadecimal"
        case .bitmapRowTooShort(_, let row, let width):
            problem = "BITMAP row '\(row)' holds \(row.utf8.count * 4) pixels, but the glyph's BBX is \(width) wide"
        case .wrongBitmapRowCount(_, let glyph, let expected, let found):
            let rows = found == 1 ? "row" : "rows"
            problem = "glyph '\(glyph)' has \(found) BITMAP \(rows), but its BBX is \(expected) tall"
        case .missingGlyphField(_, let glyph, let keyword):
            problem = "glyph '\(glyph)' has no \(keyword)"
        case .missingEndChar(_, let glyph):
            problem = "glyph '\(glyph)' is not closed with ENDCHAR before this line"
        case .unexpectedKeyword(_, let keyword):
            problem = "\(keyword) does not belong here"
        case .unexpectedEndOfFile(_, let glyph?):
            problem = "the file ends inside glyph '\(glyph)' (ENDCHAR and ENDFONT are missing)"
        case .unexpectedEndOfFile(_, nil):
            problem = "the file ends without ENDFONT"
        case .missingFontBoundingBox:
            problem = "the font has no FONTBOUNDINGBOX (nor FONT_ASCENT and FONT_DESCENT), so its height is unknown"
        case .noGlyphs:
            problem = "the font has no glyphs"
        }
        return "BDF line \(line): \(problem)"
    }

    /// What a numeric statement's values should be, for messages.
    private static func expectedValues(of keyword: String) -> String {
        switch keyword {
        case "BBX", "FONTBOUNDINGBOX": return "4 integers (width and height 0…4096, x and y offsets −4096…4096)"
        case "DWIDTH": return "2 integers (x advance 0…4096, y advance −4096…4096)"
        case "FONT_ASCENT", "FONT_DESCENT": return "an integer −4096…4096"
        case "ENCODING": return "an integer code point"
        case "CHARS": return "a glyph count (an integer ≥ 0)"
        default: return "an integer"
        }
    }
}

extension PixelFont {
    /// Reads a font in the Glyph Bitmap Distribution Format (BDF 2.1), the text format of X11
    /// bitmap fonts and of the fonts shipped with rpi-rgb-led-matrix.
    ///
    /// - The line metrics come from the `FONT_ASCENT` and `FONT_DESCENT` properties, or from
    ///   `FONTBOUNDINGBOX` (its height above and below the baseline) where they are missing.
    /// - Each glyph is stored under its `ENCODING`, taken to be a Unicode scalar value (true for
    ///   ISO 10646 and ISO 8859-1 fonts); glyphs with a negative encoding are skipped.
    ///   `BBX w h x y` places the bitmap `x` columns right of the pen with its bottom row `y`
    ///   rows above the baseline; the pen advances by the x of `DWIDTH` (a font-wide `DWIDTH`
    ///   serves glyphs without their own).
    /// - The fallback glyph is the one named by the `DEFAULT_CHAR` property, if any.
    /// - The font's `name` is the `FONT` statement's value, or "BDF" without one.
    ///
    /// Every metric is bounded, so no font file can make drawing or measuring text overflow:
    /// `BBX` and `FONTBOUNDINGBOX` sizes and `DWIDTH` x advances are 0…4096; offsets,
    /// `DWIDTH` y advances, `FONT_ASCENT` and `FONT_DESCENT` are −4096…4096. A value outside
    /// is `invalidNumbers` naming its line.
    ///
    /// Unknown statements and properties are ignored; `CHARS` is checked to be a number but
    /// not compared with the number of glyphs.
    public init(bdf text: String) throws(BDFError) {
        var parser = BDFParser()
        self = try parser.parse(text)
    }
}

/// A line-by-line reader for `PixelFont.init(bdf:)`.
private struct BDFParser {
    /// A glyph between `STARTCHAR` and `ENDCHAR`.
    struct OpenGlyph {
        var name: String
        var encoding: Int?
        var advance: Int?
        var box: (width: Int, height: Int, x: Int, y: Int)?
        var bitmap: Bitmap?
        var rows = 0
    }

    /// A finished glyph, placed once the ascent is known.
    struct ParsedGlyph {
        var encoding: UInt32
        var bitmap: Bitmap
        var x: Int, y: Int
        var advance: Int
    }

    /// The largest width or height accepted in a bounding box, and the largest magnitude of
    /// every other metric (offsets, advances, ascent, descent): far beyond any real font, and
    /// small enough that no sum of them can overflow where text is measured or drawn.
    static let maximumSize = 4096
    /// Sizes and advances: 0…4096 (text runs left to right, so an advance is never negative).
    static let sizes = 0...maximumSize
    /// Offsets, ascent and descent: −4096…4096.
    static let offsets = -maximumSize...maximumSize

    var line = 0
    var started = false
    var name = "BDF"
    var boundingBox: (width: Int, height: Int, x: Int, y: Int)?
    var ascent: Int?
    var descent: Int?
    var defaultChar: Int?
    var fontAdvance: Int?
    var glyphs: [ParsedGlyph] = []
    var open: OpenGlyph?

    mutating func parse(_ text: String) throws(BDFError) -> PixelFont {
        for rawLine in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            line += 1
            let tokens = rawLine.split { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == 13 }  // 13: CR
            guard let first = tokens.first else { continue }
            let keyword = String(Substring(first))
            let values = tokens.dropFirst()
            if !started {
                guard keyword == "COMMENT" || keyword == "STARTFONT" else { throw .missingStartFont(line: line) }
                started = keyword == "STARTFONT"
            } else if open != nil {
                try glyphStatement(keyword, values)
            } else if keyword == "ENDFONT" {
                return try finish()
            } else {
                try fontStatement(keyword, values)
            }
        }
        let lastLine = max(1, text.utf8.last == UInt8(ascii: "\n") ? line - 1 : line)
        guard started else { throw .missingStartFont(line: lastLine) }
        throw .unexpectedEndOfFile(line: lastLine, glyph: open?.name)
    }

    /// A statement outside any glyph.
    mutating func fontStatement(_ keyword: String, _ values: ArraySlice<Substring.UTF8View>) throws(BDFError) {
        switch keyword {
        case "FONT":
            let text = joined(values)
            let quoted = text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"")
            name = quoted ? String(text.dropFirst().dropLast()) : text
        case "FONTBOUNDINGBOX":
            boundingBox = try box(keyword, values)
        case "FONT_ASCENT":
            ascent = try integers(keyword, values, within: [BDFParser.offsets])[0]
        case "FONT_DESCENT":
            descent = try integers(keyword, values, within: [BDFParser.offsets])[0]
        case "DEFAULT_CHAR":
            defaultChar = try integers(keyword, values, count: 1)[0]
        case "DWIDTH":
            fontAdvance = try advance(keyword, values)
        case "CHARS":
            guard try integers(keyword, values, count: 1)[0] >= 0 else {
                throw .invalidNumbers(line: line, keyword: keyword, values: joined(values))
            }
        case "STARTCHAR":
            open = OpenGlyph(name: joined(values))
        case "STARTFONT", "ENCODING", "BBX", "BITMAP", "ENDCHAR":
            throw .unexpectedKeyword(line: line, keyword: keyword)
        default:
            break  // COMMENT, SIZE, STARTPROPERTIES, other properties, METRICSSET, SWIDTH, …
        }
    }

    /// A statement inside the open glyph.
    mutating func glyphStatement(_ keyword: String, _ values: ArraySlice<Substring.UTF8View>) throws(BDFError) {
        guard var glyph = open else { return }
        open = nil  // keeps `glyph`'s bitmap uniquely referenced while rows are added
        switch keyword {
        case "STARTCHAR", "ENDFONT":
            throw .missingEndChar(line: line, glyph: glyph.name)
        case "ENDCHAR":
            try close(glyph)
            return
        case _ where glyph.bitmap != nil:
            try bitmapRow(keyword, values, into: &glyph)
        case "ENCODING":
            let numbers = try integers(keyword, values, count: values.count == 2 ? 2 : 1)
            // `ENCODING -1 n` names a code in a non-standard encoding: skipped like any negative.
            glyph.encoding = numbers[0]
        case "DWIDTH":
            glyph.advance = try advance(keyword, values)
        case "BBX":
            glyph.box = try box(keyword, values)
        case "BITMAP":
            guard let box = glyph.box else {
                throw .missingGlyphField(line: line, glyph: glyph.name, keyword: "BBX")
            }
            glyph.bitmap = Bitmap(width: box.width, height: box.height)
        default:
            break  // SWIDTH, SWIDTH1, DWIDTH1, VVECTOR, …
        }
        open = glyph
    }

    /// One hexadecimal row of the open glyph's bitmap: bits most significant first, padded.
    func bitmapRow(_ first: String, _ rest: ArraySlice<Substring.UTF8View>,
                   into glyph: inout OpenGlyph) throws(BDFError) {
        let row = rest.isEmpty ? first : first + " " + joined(rest)
        var digits: [UInt8] = []
        for byte in row.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digits.append(byte - UInt8(ascii: "A") + 10)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digits.append(byte - UInt8(ascii: "a") + 10)
            default: throw .invalidBitmapRow(line: line, row: row)
            }
        }
        guard let width = glyph.bitmap?.width, let height = glyph.bitmap?.height else { return }
        guard digits.count * 4 >= width else {
            throw .bitmapRowTooShort(line: line, row: row, width: width)
        }
        if glyph.rows < height {
            for x in 0..<width where digits[x / 4] & (8 >> (x % 4)) != 0 {
                glyph.bitmap![x, glyph.rows] = true
            }
        }
        glyph.rows += 1
    }

    /// Checks the glyph at its `ENDCHAR` and keeps it if its encoding is usable.
    mutating func close(_ glyph: OpenGlyph) throws(BDFError) {
        guard let encoding = glyph.encoding else {
            throw .missingGlyphField(line: line, glyph: glyph.name, keyword: "ENCODING")
        }
        guard let advance = glyph.advance ?? fontAdvance else {
            throw .missingGlyphField(line: line, glyph: glyph.name, keyword: "DWIDTH")
        }
        guard let box = glyph.box else {
            throw .missingGlyphField(line: line, glyph: glyph.name, keyword: "BBX")
        }
        guard let bitmap = glyph.bitmap else {
            throw .missingGlyphField(line: line, glyph: glyph.name, keyword: "BITMAP")
        }
        guard glyph.rows == box.height else {
            throw .wrongBitmapRowCount(line: line, glyph: glyph.name, expected: box.height, found: glyph.rows)
        }
        guard encoding >= 0, let code = UInt32(exactly: encoding) else { return }
        glyphs.append(ParsedGlyph(encoding: code, bitmap: bitmap, x: box.x, y: box.y, advance: advance))
    }

    /// Builds the font at `ENDFONT`.
    func finish() throws(BDFError) -> PixelFont {
        guard !glyphs.isEmpty else { throw .noGlyphs(line: line) }
        guard let ascent = ascent ?? boundingBox.map({ $0.height + $0.y }),
              let descent = descent ?? boundingBox.map({ -$0.y })
        else { throw .missingFontBoundingBox(line: line) }
        var table: [UInt32: Glyph] = [:]
        for g in glyphs {
            table[g.encoding] = Glyph(bitmap: g.bitmap, left: g.x, top: ascent - (g.y + g.bitmap.height),
                                      advance: g.advance)
        }
        let fallback = defaultChar.flatMap { UInt32(exactly: $0) }.flatMap { table[$0] }
        return PixelFont(name: name, ascent: ascent, descent: descent, glyphs: table, fallback: fallback)
    }

    /// Exactly `count` integers, or `invalidNumbers`.
    func integers(_ keyword: String, _ values: ArraySlice<Substring.UTF8View>, count: Int) throws(BDFError) -> [Int] {
        var numbers: [Int] = []
        for value in values {
            guard let number = Int(String(Substring(value))) else { break }
            numbers.append(number)
        }
        guard numbers.count == count, values.count == count else {
            throw .invalidNumbers(line: line, keyword: keyword, values: joined(values))
        }
        return numbers
    }

    /// One integer in each of `ranges`, or `invalidNumbers`.
    func integers(_ keyword: String, _ values: ArraySlice<Substring.UTF8View>,
                  within ranges: [ClosedRange<Int>]) throws(BDFError) -> [Int] {
        let numbers = try integers(keyword, values, count: ranges.count)
        guard zip(numbers, ranges).allSatisfy({ $1 ~= $0 }) else {
            throw .invalidNumbers(line: line, keyword: keyword, values: joined(values))
        }
        return numbers
    }

    /// A `DWIDTH`'s x advance (0…4096); its y advance is checked and ignored.
    func advance(_ keyword: String, _ values: ArraySlice<Substring.UTF8View>) throws(BDFError) -> Int {
        try integers(keyword, values, within: [BDFParser.sizes, BDFParser.offsets])[0]
    }

    /// A `BBX` or `FONTBOUNDINGBOX`: width and height (0…4096), x and y offsets (−4096…4096).
    func box(_ keyword: String, _ values: ArraySlice<Substring.UTF8View>) throws(BDFError)
        -> (width: Int, height: Int, x: Int, y: Int) {
        let n = try integers(keyword, values,
                             within: [BDFParser.sizes, BDFParser.sizes, BDFParser.offsets, BDFParser.offsets])
        return (n[0], n[1], n[2], n[3])
    }

    /// The values as written, single-spaced.
    func joined(_ values: ArraySlice<Substring.UTF8View>) -> String {
        values.map { String(Substring($0)) }.joined(separator: " ")
    }
}
