import PixelCore

/// Raindrops falling on still water: each drop dents the surface and rings of ripples spread
/// out from it, reflect off the edges, cross each other and die away.
///
/// The surface is the classic two-buffer ripple height field: each step a cell becomes half
/// the sum of its four neighbours minus its own height a step earlier, less a share for
/// damping. Steps run on fixed ticks from the seed (`TickClock`); drops land on ticks chosen
/// by hashing the tick number. The picture is the water's slope (as light catching the
/// ripples) through the palette, blended between the last two steps, one colour per LED.
public struct RainOnWater: Scene, Sendable {
    /// How the catalog lists this effect (`rain-on-water`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "rain-on-water",
        family: .nature,
        summary: "raindrops on water: spreading, crossing, fading ripples",
        parameters: [
            .speed,
            EffectParameter("drops", "how often drops fall, on a 64×32 panel (more on bigger panels, fewer on smaller)",
                            .number(range: 0.2...20, default: 4, unit: "drops/s")),
            EffectParameter("damping", "share of a ripple's height lost each step: higher dies away sooner",
                            .number(range: 0.005...0.2, default: 0.06, unit: "per step")),
            .palette(default: "ocean"),
        ],
        make: { values, seed, width, height in
            .nature(.rainOnWater(RainOnWater(width: width, height: height, speed: values.number("speed"), drops: values.number("drops"),
                                             damping: values.number("damping"), palette: values.palette("palette"), seed: seed)))
        })

    let width: Int, height: Int
    let speed: Fixed
    let seed: UInt64
    /// Row stride of the height fields: one cell of still water on each side.
    let stride: Int
    /// Chance per step of a drop, 0...65536.
    let dropChance: UInt32
    /// Height kept each step, 0...65536.
    let keep: Int32
    /// The dent a drop makes: offsets from its centre (in cells of the padded field) and depths.
    let dropOffsets: [(dx: Int, dy: Int, depth: Int32)]
    let dropRadius: Int
    /// Water colour of each row, as a palette position (0...255 in 1/256ths).
    let rowBase: [Int32]
    /// Palette positions per unit of slope, Q16.16.
    let gain: Int32
    let table: PaletteTable
    /// Height fields: the newest step and the one before.
    var current: [Int32], previous: [Int32]
    var clock: TickClock

    /// Rain on water for a `width × height` panel.
    public init(width: Int, height: Int, speed: Fixed, drops: Fixed, damping: Fixed, palette: Palette, seed: UInt64) {
        self.width = width; self.height = height; self.speed = speed; self.seed = seed
        table = palette.table
        stride = width + 2
        // Ripples cross a panel in a few seconds whatever its size.
        let rate = min(max(max(width, height) / 3, 15), 45)
        clock = TickClock(perSecond: rate)
        let areaScale = (Fixed(width * height) / 2048).clamped(to: Fixed(1, over: 2)...3)
        dropChance = UInt32(min(Fixed.one, drops * areaScale / rate).raw)
        // Ripples on a small panel reach its edges and bounce back sooner: they die faster there.
        let smallPanel = (Fixed(24) / max(height, 1)).clamped(to: Fixed.one...3)
        keep = Int32((Fixed.one - min(damping * smallPanel, Fixed(1, over: 2))).raw)
        let radius = max(1, min(width, height) / 14)
        dropRadius = radius
        var offsets: [(dx: Int, dy: Int, depth: Int32)] = []
        let r2 = (radius + 1) * (radius + 1)
        for dy in -radius...radius {
            for dx in -radius...radius where dx * dx + dy * dy < r2 {
                offsets.append((dx, dy, Int32(6000 * (r2 - dx * dx - dy * dy) / r2 + 1000)))
            }
        }
        dropOffsets = offsets
        // Deeper blue at the top (far), lighter near the bottom edge.
        rowBase = (0..<height).map { y in Int32((70 + 40 * y / max(height - 1, 1)) << 8) }
        // Wider dents on big panels make gentler slopes: scale them up alike.
        gain = Int32(65536 * 2 * (radius + 1))
        current = Array(repeating: 0, count: (width + 2) * (height + 2))
        previous = current
        restart()
    }

    /// The water at tick 0: it has been raining for a while.
    mutating func restart() {
        current.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        previous.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        let warmUp = Int(clock.interval.nanoseconds > 0 ? 3_000_000_000 / clock.interval.nanoseconds : 0)
        for i in 0..<warmUp { step(Int64(i - warmUp)) }
    }

    /// One step, number `tick`: the ripples move on, then perhaps a drop lands.
    mutating func step(_ tick: Int64) {
        swap(&current, &previous)
        let width = width, height = height, stride = stride, keep = Int64(keep)
        previous.withUnsafeBufferPointer { old in
            current.withUnsafeMutableBufferPointer { new in
                for y in 1...height {
                    var i = y &* stride &+ 1
                    for _ in 0..<width {
                        let v = ((old[i &- 1] &+ old[i &+ 1] &+ old[i &- stride] &+ old[i &+ stride]) >> 1) &- new[i]
                        new[i] = Int32(truncatingIfNeeded: (Int64(v) &* keep) >> 16)
                        i &+= 1
                    }
                }
            }
        }
        let hash = Mix.hash(seed, wide: tick)
        guard UInt32(hash & 0xFFFF) < dropChance else { return }
        let cx = 1 + (Int((hash >> 16) & 0xFFFF) * width) >> 16
        let cy = 1 + (Int((hash >> 32) & 0xFFFF) * height) >> 16
        for (dx, dy, depth) in dropOffsets {
            let x = cx + dx, y = cy + dy
            guard x >= 1, x <= width, y >= 1, y <= height else { continue }
            current[y * stride + x] &-= depth
        }
    }

    /// Draws the effect as it is `time` after it started.
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        let t = time.scaled(by: speed)
        let (restart, count) = clock.advance(to: t)
        if restart { self.restart() }
        let first = clock.stepsTaken - count
        for i in 0..<count { step(first + i) }
        let f = Int32(t.fraction(ofPeriod: clock.interval).raw >> 8)  // 0...255
        let width = width, stride = stride, gain = gain
        table.colors.withUnsafeBufferPointer { colors in
            rowBase.withUnsafeBufferPointer { rowBase in
                current.withUnsafeBufferPointer { now in
                    previous.withUnsafeBufferPointer { before in
                        canvas.paintLEDs { y, row in
                            var i = (y &+ 1) &* stride &+ 1
                            let base = rowBase[y]
                            for x in 0..<width {
                                // Slope towards the light (up and to the left), blended between steps.
                                let a = before[i &+ 1] &- before[i &- 1] &+ before[i &+ stride] &- before[i &- stride]
                                let b = now[i &+ 1] &- now[i &- 1] &+ now[i &+ stride] &- now[i &- stride]
                                let slope = a &+ (((b &- a) &* f) >> 8)
                                let position = base &+ Int32(truncatingIfNeeded: (Int64(slope) &* Int64(gain)) >> 16)
                                // Stay inside 0...235: the ocean palette wraps to dark at its end.
                                row[x] = colors[Int(min(max(position, 0), 235 << 8) >> 8)]
                                i &+= 1
                            }
                        }
                    }
                }
            }
        }
    }
}
