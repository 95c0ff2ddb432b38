import PixelCore

/// A Lissajous figure traced by a bright head with a fading trail, over the whole figure
/// drawn faintly (on panels at least 16 LEDs high, within the budget). The curve is x = sin(a·s + δ), y = sin(b·s) across the panel, with δ
/// drifting so the figure seems to turn in depth. The trail is the head's positions at many
/// recent instants (each on the curve of its own instant), older ones dimmer and further
/// along the palette.
///
/// Drawn as soft, anti-aliased dots about an LED apart into a per-LED buffer that keeps the
/// brightest dot at each LED (so overlaps neither darken nor pile up), then painted: far
/// cheaper than stroking hundreds of line segments on the supersampled canvas.
public struct Lissajous: Scene, Sendable {
    /// The frequency ratios offered, a : b.
    static let ratios: [(name: String, a: Int, b: Int)] = [
        ("1:2", 1, 2), ("2:3", 2, 3), ("3:2", 3, 2), ("3:4", 3, 4), ("4:3", 4, 3), ("3:5", 3, 5), ("5:4", 5, 4),
    ]

    /// How the catalog lists this effect (`lissajous`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "lissajous",
        family: .geometry,
        summary: "a Lissajous curve traced by a bright head with a fading trail",
        parameters: [
            .speed,
            EffectParameter("ratio", "frequency ratio across : down", .choice(ratios.map { $0.name }, default: "3:2")),
            EffectParameter("trail", "length of the trail, as a share of the whole figure", .number(range: 0.05...1, default: 0.4, unit: "")),
            EffectParameter("width", "line width, as a share of the panel's shorter side (at least one LED)", .number(range: 0.01...0.12, default: 0.05, unit: "")),
            .palette(default: "rainbow"),
        ],
        make: { values, _, width, height in
            let ratio = ratios.first { $0.name == values.choice("ratio") }!
            return .geometry(.lissajous(Lissajous(width: width, height: height, speed: values.number("speed"), a: ratio.a, b: ratio.b,
                                                  trail: values.number("trail"), lineWidth: values.number("width"),
                                                  palette: values.palette("palette"))))
        })

    let width: Int, height: Int
    let speed: Fixed
    let a: Int, b: Int
    let trail: Fixed
    let colors: PaletteTable
    /// Centre and half-extents of the figure (Q16.16 LEDs).
    let centerX: Int64, centerY: Int64, amplitudeX: Int64, amplitudeY: Int64
    /// Dot radius (Q16.16 LEDs).
    let radius: Int64
    /// Dots along the whole figure, and along the trail.
    let figureDots: Int, trailDots: Int
    /// Brightness (0...256) of the whole figure under the trail: none on panels too small
    /// to show it without clutter, or where it would cost too much.
    let faint: Int32
    /// Scratch, rebuilt each frame: the brightest dot's level (0...256) and palette index per LED.
    var level: [Int32], index: [Int32]

    /// A figure of ratio `a : b` filling a `width × height` panel, its trail `trail` of the
    /// figure, its line `lineWidth` of the shorter side.
    public init(width: Int, height: Int, speed: Fixed, a: Int, b: Int, trail: Fixed, lineWidth: Fixed, palette: Palette) {
        self.width = width; self.height = height; self.speed = speed; self.a = a; self.b = b; self.trail = trail
        colors = palette.table
        let line = max(Fixed(min(width, height)) * lineWidth, .one)
        radius = max(Int64(line.raw) / 2, 3 << 14)  // at least ¾ LED, for smooth edges
        centerX = Int64(width) << 15; centerY = Int64(height) << 15
        amplitudeX = max((Int64(width) << 15) - radius - (1 << 15), 1 << 15)
        amplitudeY = max((Int64(height) << 15) - radius - (1 << 15), 1 << 15)
        // The figure is at most 4·(Ax·a + Ay·b) LEDs long: a dot every radius (at least
        // every 0.7 LED), close enough that the edge of the line barely scallops.
        let length = 4 * (amplitudeX * Int64(a) + amplitudeY * Int64(b))
        var spacing = max(radius, 45_875)
        func dots(_ share: Int64) -> Int { Int(min(max(((length * share) >> 16) / spacing, 8), 4096)) }
        // Budget: about 0.85 M instructions of dots a frame, a dot costing ~220 to place and
        // ~32 for each LED of the square 2r + 2 LEDs wide it visits. Over it, space the dots
        // out to 1½ radii, then leave out the faint figure, then shorten the trail.
        let side = Int((2 * radius + (1 << 16)) >> 16) + 1
        let allowed = max(850_000 / (220 + 32 * side * side), 16)
        let small = min(width, height) < 16
        var figure = small ? 0 : dots(1 << 16), trailed = dots(Int64(trail.raw))
        if figure + trailed > allowed {
            spacing = spacing * Int64(min(figure + trailed, allowed * 3 / 2)) / Int64(allowed)
            figure = small ? 0 : dots(1 << 16); trailed = dots(Int64(trail.raw))
        }
        if figure + trailed > allowed { figure = 0 }
        trailDots = min(trailed, allowed)
        figureDots = max(figure, 1)
        faint = figure == 0 ? 0 : 36
        level = Array(repeating: 0, count: width * height)
        index = Array(repeating: 0, count: width * height)
    }

    /// Draws the frame at `time` (the same picture for the same instant, whatever came before).
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        let t = time.scaled(by: speed)
        var level: [Int32] = [], index: [Int32] = []
        swap(&level, &self.level); swap(&index, &self.index)
        for k in level.indices { level[k] = 0 }
        let width = width, height = height
        let a = Int64(a), b = Int64(b)
        let cx = centerX, cy = centerY, ax = amplitudeX, ay = amplitudeY
        level.withUnsafeMutableBufferPointer { level in
            index.withUnsafeMutableBufferPointer { index in
                // One soft dot of `radius` at position s (Q16.16 turns of the base period) with
                // δ (1/65536 turn), at `bright` (0...256) and palette position `color`.
                func dot(_ s: Int64, _ delta: Int32, _ bright: Int32, _ color: Int32, radius: Int64) {
                    let sa = Angle(raw: Int32(truncatingIfNeeded: s * a) &+ delta), sb = Angle(raw: Int32(truncatingIfNeeded: s * b))
                    let px = cx + ((ax * Int64(Trig.sine(sa).raw)) >> 16), py = cy + ((ay * Int64(Trig.sine(sb).raw)) >> 16)
                    // LEDs whose centres lie within radius + ½ of the dot.
                    let edge = radius + (1 << 15)
                    let x0 = max(Int((px - edge) >> 16), 0), x1 = min(Int((px + edge) >> 16), width - 1)
                    let y0 = max(Int((py - edge) >> 16), 0), y1 = min(Int((py + edge) >> 16), height - 1)
                    guard x0 <= x1, y0 <= y1 else { return }
                    // In the loop: offsets in 1/256 LED (Int32), squares in 1/65536 LED².
                    let px8 = Int32(truncatingIfNeeded: px >> 8), py8 = Int32(truncatingIfNeeded: py >> 8)
                    let r8 = Int32(truncatingIfNeeded: radius >> 8)
                    let r2 = r8 &* r8, inverse = Int64((1 << 23) / Int(r8))  // 2²⁴ / 2r, with r in 1/256 LED
                    for y in y0...y1 {
                        let dy = Int32(truncatingIfNeeded: y) &* 256 &+ 128 &- py8
                        let rest = r2 &- dy &* dy
                        var k = y &* width &+ x0
                        var dx = Int32(truncatingIfNeeded: x0) &* 256 &+ 128 &- px8
                        for _ in x0...x1 {
                            // Coverage ≈ r − d + ½ near the edge, from (r² − d²) / 2r, in 1/256.
                            let inside = Int64(rest &- dx &* dx)
                            var coverage = Int32(truncatingIfNeeded: (inside &* inverse) >> 24) &+ 128
                            if coverage > 0 {
                                if coverage > 256 { coverage = 256 }
                                let value = (coverage &* bright) >> 8
                                if value > level[k] { level[k] = value; index[k] = color }
                            }
                            k &+= 1; dx &+= 256
                        }
                    }
                }
                // The head runs round the base period once every 6 s; δ drifts a turn every 25 s.
                let period: Int64 = 6_000_000_000, drift: Int64 = 25_000_000_000
                func position(_ ns: Int64) -> (Int64, Int32) {
                    let p = ((ns % period) + period) % period, d = ((ns % drift) + drift) % drift
                    return ((p << 16) / period, Int32(truncatingIfNeeded: (d << 16) / drift))
                }
                let now = t.nanoseconds
                let (s, delta) = position(now)
                let shift = Int32(truncatingIfNeeded: t.distance(atRate: 20) >> 16)
                // The whole figure, faint, at this instant's δ.
                let n = Int64(figureDots), faint = faint
                if faint > 0 { for i in 0..<n { dot((i << 16) / n, delta, faint, shift &+ 128, radius: radius) } }
                // The trail: the head at instants back to `trail` of a period ago, dimmer with age.
                let span = (period * Int64(trail.raw)) >> 16, m = Int64(trailDots)
                for i in stride(from: m, through: 1, by: -1) {
                    let age = Int32((i << 8) / m)  // 0 (head) … 256 (tail)
                    let (si, di) = position(now - span * i / m)
                    let fresh = 256 - age
                    dot(si, di, 40 + (fresh * fresh * 216) >> 16, shift &+ age * 5 / 8, radius: radius)
                }
                // The head: a larger dot at full brightness.
                dot(s, delta, 256, shift, radius: radius * 3 / 2)
            }
        }
        let colors = colors
        level.withUnsafeBufferPointer { level in
            index.withUnsafeBufferPointer { index in
                canvas.paintLEDs { y, row in
                    var k = y * width
                    for x in row.indices {
                        let l = level[k]
                        if l > 0 { row[x] = colors[mirroredIndex(index[k])].times(l) }
                        k += 1
                    }
                }
            }
        }
        swap(&level, &self.level); swap(&index, &self.index)
    }
}
