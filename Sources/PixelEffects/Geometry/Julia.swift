import PixelCore

/// A Julia-set fractal, breathing in and out and turning slowly, its constant c gliding
/// round a circle of radius 0.7885 so the set keeps changing shape. Escape time in 32-bit
/// fixed point (Q4.12, every product proven to fit): each LED iterates z → z² + c from its
/// own position until |z| > 2 or the iteration limit; the number of steps picks the palette
/// colour (cycling slowly), LEDs that never escape are dimly shaded by where z ends.
///
/// A Julia set is symmetric about the origin (−z escapes exactly when z does) and the view is
/// centred on it, so only the top half of the panel is iterated; the bottom half is the top
/// turned half a turn.
public struct Julia: Scene, Sendable {
    /// How the catalog lists this effect (`julia`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "julia",
        family: .geometry,
        summary: "a Julia-set fractal, breathing, turning and changing shape",
        parameters: [
            .speed,
            EffectParameter("iterations", "most steps per LED (more: finer detail, more work; capped on large panels)",
                            .integer(range: 8...64, default: 32, unit: "steps")),
            EffectParameter("zoom", "how far it zooms in at the closest", .number(range: 1...4, default: 2, unit: "x")),
            .palette(default: "sunset"),
        ],
        make: { values, _, width, height in
            .geometry(.julia(Julia(width: width, height: height, speed: values.number("speed"), iterations: values.integer("iterations"),
                                   zoom: values.number("zoom"), palette: values.palette("palette"))))
        })

    let width: Int, height: Int
    let speed: Fixed
    let iterations: Int32
    let zoom: Fixed
    let colors: PaletteTable
    /// Escape counts of the rows iterated this frame (the top half, row-major), and which
    /// rows they hold: scratch, rebuilt each frame.
    var counts: [Int32]
    var rowReady: [Bool]
    /// c as a turning vector of radius 0.7885, Q4.12.
    static let cRadius = Fixed(raw: 51675)  // 0.7885

    /// A Julia set on a `width × height` panel iterated at most `iterations` steps (fewer on
    /// panels over 64×32, to stay within budget), zooming in to `zoom` ×.
    public init(width: Int, height: Int, speed: Fixed, iterations: Int, zoom: Fixed, palette: Palette) {
        self.width = width; self.height = height; self.speed = speed; self.zoom = zoom
        // At most 48 K steps a frame over the half that is iterated, so that even the worst
        // case (the whole half inside the set, ~17 instructions a step) stays in budget:
        // 12 steps at 128×64, 48 at 64×32.
        let iterated = max(1, width * ((height + 1) / 2))
        self.iterations = Int32(max(8, min(iterations, 49_152 / iterated)))
        colors = palette.table
        let half = (height + 1) / 2
        counts = Array(repeating: 0, count: half * width)
        rowReady = Array(repeating: false, count: half)
    }

    /// Draws the frame at `time` (the same picture for the same instant, whatever came before).
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        let t = time.scaled(by: speed)
        // c glides round its circle once a minute.
        let cAngle = t.phase(cyclesPerSecond: Fixed(1, over: 60)) + Angle(turns: Fixed(raw: 20000))
        let cx64 = Int64((Trig.cosine(cAngle) * Self.cRadius).raw >> 4), cy64 = Int64((Trig.sine(cAngle) * Self.cRadius).raw >> 4)
        // Zoom breathes between 1 and `zoom` every 24 s; the view turns once every 40 s.
        let breath = (Fixed.one - Trig.cosine(t.phase(cyclesPerSecond: Fixed(1, over: 24)))) / 2
        let magnification = Fixed.one + (zoom - .one) * breath
        let view = t.phase(cyclesPerSecond: Fixed(1, over: 40))
        // At magnification 1 the shorter side spans 2.6 units (2.6 · 2²⁰ in Q20 per panel side).
        let shorter = Int64(min(width, height))
        let step = Int64(2_726_298) * 65536 / (shorter * Int64(magnification.raw))  // Q20 per LED
        let ca = Int64(Trig.cosine(view).raw), sa = Int64(Trig.sine(view).raw)
        let columnX = Int32((step * ca) >> 16), columnY = Int32((step * sa) >> 16)
        let rowX = -columnY, rowY = columnX
        // Offsets of LED centres from the panel centre are (2x + 1 − W)/2: in half-steps.
        let halfColumnX = Int64(columnX), halfColumnY = Int64(columnY)
        let width = width, height = height, maxSteps = iterations, colors = colors
        let shift = Int32(truncatingIfNeeded: t.distance(atRate: 12) >> 16)  // colours cycle 12 palette steps a second (mod 2³², as mirroredIndex needs)
        // Work on the scratch arrays without copying them (they go back at the end).
        var counts: [Int32] = [], ready: [Bool] = []
        swap(&counts, &self.counts); swap(&ready, &rowReady)
        for k in ready.indices { ready[k] = false }
        counts.withUnsafeMutableBufferPointer { counts in
            canvas.paintLEDs { y, row in
                let mirrored = y > height - 1 - y
                let source = mirrored ? height - 1 - y : y
                let base = source * width
                if !ready[source] {
                    ready[source] = true
                    let v = Int64(2 * source + 1 - height), u0 = Int64(1 - width)
                    // Q20 position of the row's first LED, then one column step at a time.
                    var px = Int32(truncatingIfNeeded: (u0 * halfColumnX + v * Int64(rowX)) / 2)
                    var py = Int32(truncatingIfNeeded: (u0 * halfColumnY + v * Int64(rowY)) / 2)
                    for x in 0..<width {
                        // Q4.12 in 64-bit registers (the values fit 32 bits; this only saves
                        // sign extensions on 64-bit machines).
                        var zx = Int64(px >> 8), zy = Int64(py >> 8)
                        var n: Int32 = 0
                        while n < maxSteps {
                            let x2 = zx &* zx, y2 = zy &* zy  // Q24
                            if x2 &+ y2 > 4 << 24 { break }
                            zy = ((zx &* zy) >> 11) &+ cy64
                            zx = ((x2 &- y2) >> 12) &+ cx64
                            n &+= 1
                        }
                        // Inside the set, keep |z|² too (0...128) to shade the interior.
                        counts[base + x] = n < maxSteps ? n : maxSteps &+ Int32(truncatingIfNeeded: (zx &* zx &+ zy &* zy) >> 19)
                        px &+= columnX; py &+= columnY
                    }
                }
                for x in row.indices {
                    let n = counts[base + (mirrored ? width - 1 - x : x)]
                    if n >= maxSteps {
                        // Inside the set: dim, from the palette's far side, by where z ended.
                        row[x] = colors[mirroredIndex((n &- maxSteps) &+ 256 &+ shift)].times(40)
                        continue
                    }
                    // Brighter as it takes longer to escape; colour by the step count.
                    row[x] = colors[mirroredIndex(n &* 11 &+ shift)].times(90 + n * 28)
                }
            }
        }
        swap(&counts, &self.counts); swap(&ready, &rowReady)
    }
}
