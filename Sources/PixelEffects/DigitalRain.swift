import PixelCore

/// "The Matrix" digital rain: columns of tiny glyphs falling at their own speeds, a bright
/// head and a fading tail, and a second timeline that every `swap` interval replaces each
/// glyph with a random one with a small chance.
///
/// A column's top is at y = (t·speed + offset) mod (height + columnHeight) − columnHeight,
/// the original's formula with a per-column start offset so columns don't start in step.
/// Everything is a function of time and the seed: the glyph shown at a place on swap tick k
/// is a hash of (seed, column, row, k).
public struct DigitalRain: Scene, Sendable {
    /// How the catalog lists this effect (`rain`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "rain",
        family: .classic,
        summary: "\"Matrix\" digital rain of tiny glyphs",
        parameters: [
            EffectParameter("speed", "average fall speed", .number(range: 1...200, default: 9, unit: "LEDs/s")),
            EffectParameter("swap", "interval of the glyph-swap timeline", .number(range: 0.05...10, default: 0.5, unit: "s")),
            EffectParameter("chance", "chance a glyph is swapped on each swap tick", .number(range: 0...1, default: 0.02, unit: "")),
            EffectParameter("color", "tail colour", .color(default: Color(red: 0, green: 255, blue: 70))),
        ],
        make: { values, seed, width, height in
            .rain(DigitalRain(width: width, height: height, speed: values.number("speed"), swapInterval: values.number("swap"),
                              swapChance: values.number("chance"), color: values.color("color"), seed: seed))
        })

    /// One falling column.
    public struct Column: Hashable, Sendable {
        /// Left edge, in LEDs.
        public var x: Fixed
        /// Fall speed, LEDs per second.
        public var speed: Fixed
        /// Number of glyphs in the column.
        public var length: Int
        /// Start offset along the fall, in LEDs.
        public var offset: Fixed
    }

    /// The glyphs: characters of the 3×5 font, mirrored like the film's.
    static let glyphs: [Bitmap] = {
        let font = PixelFont.tiny3x5
        return "0123456789ABCDEFHKMNPRTUVXYZ$+*<>=:".unicodeScalars.compactMap { font.glyph(for: $0)?.bitmap }.map(mirrored)
    }()

    static func mirrored(_ b: Bitmap) -> Bitmap {
        var m = Bitmap(width: b.width, height: b.height)
        for y in 0..<b.height { for x in 0..<b.width where b[x, y] { m[b.width - 1 - x, y] = true } }
        return m
    }

    /// Glyph cell: 3 × 5 glyph plus one LED of spacing each way.
    static let pitchX = 4, pitchY = 6

    /// The falling columns, left to right.
    public let columns: [Column]
    let height: Int
    let swapInterval: FrameTime
    let swapChance: Fixed
    let headColor: Color
    let tailColor: Color
    let seed: UInt64

    /// Rain for a `width × height` LED panel (speed in LEDs/s, swapInterval in seconds, swapChance 0…1).
    public init(width: Int, height: Int, speed: Fixed, swapInterval: Fixed, swapChance: Fixed, color: Color, seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let count = max(1, width / Self.pitchX)
        let rows = max(2, height / Self.pitchY)
        // Centre the grid of columns on the panel, on whole LEDs so glyphs stay crisp.
        let margin = Fixed((width - count * Self.pitchX + 1) / 2)
        columns = (0..<count).map { i in
            let length = rng.int(in: max(2, rows / 2)...max(3, rows + rows / 2))
            return Column(x: margin + Fixed(i * Self.pitchX),
                          speed: speed * rng.fixed(in: Fixed(1, over: 2)...Fixed(3, over: 2)),
                          length: length,
                          offset: rng.fixed(in: 0...Fixed(height + length * Self.pitchY)))
        }
        self.height = height
        self.swapInterval = .seconds(swapInterval)
        self.swapChance = swapChance
        tailColor = color
        // The head: the tail colour washed towards white.
        headColor = Color(red: UInt8((Int(color.red) + 3 * 255) / 4), green: UInt8((Int(color.green) + 3 * 255) / 4),
                          blue: UInt8((Int(color.blue) + 3 * 255) / 4))
        self.seed = seed
    }

    /// The top of column `c` at `time`, in LEDs (negative while it enters).
    public func top(of c: Int, at time: FrameTime) -> Fixed {
        let column = columns[c]
        let columnHeight = Int64(column.length * Self.pitchY) << 16
        let cycle = (Int64(height) << 16) + columnHeight
        let travelled = time.distance(atRate: column.speed) + Int64(column.offset.raw)
        var y = travelled % cycle
        if y < 0 { y += cycle }
        return Fixed(raw: Int32(y - columnHeight))
    }

    /// The glyph index shown in column `c`, row `row` (0 = top of the column) on swap tick `tick`.
    func glyphIndex(column c: Int, row: Int, tick: Int64) -> Int {
        let count = UInt64(Self.glyphs.count)
        if swapChance > .zero, Mix.unit(seed ^ 0x5A5A, c, row, Int(tick)) < swapChance {
            return Int(Mix.hash(seed ^ 0xA5A5, c, row, Int(tick)) % count)
        }
        return Int(Mix.hash(seed, c, row) % count)
    }

    /// Glyphs sit on whole LEDs and never overlap, so every lit glyph pixel is one LED wholly
    /// covered: the frame is painted per LED (`Canvas.paintLEDs`), each lit LED the colour the
    /// glyph's bitmap would blend onto black, which is the same frame as drawing the bitmaps
    /// (`drawGlyphs`, used under any other transform) for a fraction of the work.
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        guard canvas.transform == .identity else { drawGlyphs(into: &canvas, at: time); return }
        let tick = time.ticks(every: swapInterval)
        // Per column, its top row and each glyph's bitmap and colour, once a frame.
        var tops: [Int] = [], firstGlyph: [Int] = [], glyphs: [Int] = [], colors: [LinearColor] = []
        for c in columns.indices {
            let column = columns[c]
            tops.append(top(of: c, at: time).floor)
            firstGlyph.append(glyphs.count)
            for row in 0..<column.length {
                glyphs.append(glyphIndex(column: c, row: row, tick: tick))
                colors.append(LinearColor.black.under(color(ofRow: row, length: column.length)))
            }
        }
        let columns = columns, pitchY = Self.pitchY
        canvas.paintLEDs { y, leds in
            for c in columns.indices {
                let d = y - tops[c]
                guard d >= 0 else { continue }
                let row = d / pitchY, line = d - row * pitchY
                guard row < columns[c].length else { continue }
                let glyph = Self.glyphs[glyphs[firstGlyph[c] + row]], color = colors[firstGlyph[c] + row]
                guard line < glyph.height else { continue }
                let x0 = columns[c].x.floor
                for gx in 0..<glyph.width where glyph.bits[line * glyph.width + gx] {
                    let x = x0 + gx
                    if x >= 0 && x < leds.count { leds[x] = color }
                }
            }
        }
    }

    /// The colour of glyph `row` of a column of `length`: the head washed towards white, the
    /// tail fading upwards as (row + 1) / length.
    func color(ofRow row: Int, length: Int) -> Color {
        row == length - 1 ? headColor : tailColor.withOpacity(Fixed(row + 1, over: length))
    }

    /// The rain drawn glyph by glyph with `drawBitmap`.
    func drawGlyphs(into canvas: inout Canvas, at time: FrameTime) {
        let tick = time.ticks(every: swapInterval)
        for c in columns.indices {
            let column = columns[c]
            let top = top(of: c, at: time)
            for row in 0..<column.length {
                // Glyphs snap to whole LED rows: at 3×5 pixels a glyph smeared across two rows is unreadable.
                let y = Fixed(top.floor + row * Self.pitchY)
                guard y + Fixed(Self.pitchY) > .zero, y < Fixed(height) else { continue }
                let glyph = Self.glyphs[glyphIndex(column: c, row: row, tick: tick)]
                canvas.drawBitmap(glyph, at: Point(x: column.x, y: y), color: color(ofRow: row, length: column.length))
            }
        }
    }
}
