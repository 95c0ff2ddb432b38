import PixelCore

/// Particles drifting along a slowly changing flow field, leaving fading trails, like dust
/// in a current or ink in water.
///
/// The field's direction at a point is a sum of three sine waves across the panel (scaled to
/// its height, so the swirls look alike on every panel) that slide slowly with time. The
/// particles are simulated on fixed ticks from the seed (`TickClock`): each tick each moves a
/// step along the field; it lives a seeded number of ticks, fading in and out, then is born
/// again somewhere else, so particles never all pile up where the flow converges. The last
/// few positions of each are drawn, dimmer with age, as its trail.
public struct Drift: Scene, Sendable {
    /// How the catalog lists this effect (`drift`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "drift",
        family: .particles,
        summary: "particles drifting along a slowly swirling flow, with fading trails",
        parameters: [
            .speed,
            EffectParameter("count", "how many particles: per 100 LEDs on panels up to 32 rows, the same look on taller ones",
                            .number(range: 0.5...10, default: 4, unit: "per 100 LEDs")),
            EffectParameter("swirl", "how tightly the flow turns: more, smaller eddies", .number(range: 0.3...3, default: 1, unit: "x")),
            .palette(default: "retro"),
        ],
        make: { values, seed, width, height in
            .particles(.drift(Drift(width: width, height: height, speed: values.number("speed"), count: values.number("count"),
                                    swirl: values.number("swirl"), palette: values.palette("palette"), seed: seed)))
        })

    /// Positions kept per particle: the current one and the trail.
    static let trail = 12
    /// Ticks over which a particle fades in and out.
    static let fadeTicks = 10

    let width: Int, height: Int
    let speed: Fixed
    let seed: UInt64
    let count: Int
    /// Distance a particle moves per tick (LEDs), and the drawn size of one (radius, LEDs).
    let step: Fixed, radius: Fixed
    /// Turns per LED of the field's three waves along x and y.
    let kx: [Fixed], ky: [Fixed]
    /// Each wave's flow direction (x, y pairs) and its phase change per tick (1/65536 turn).
    let across: [Fixed], rates: [Int32]
    let colors: [LinearColor]
    /// Per particle: ticks lived and ticks it will live.
    var age: [Int32], life: [Int32]
    /// Per particle: how many of its kept positions are its trail since it was last placed.
    var valid: [Int32]
    /// Per particle, `trail` positions (x, y) in a ring indexed by tick.
    var history: [Fixed]
    var clock: TickClock
    var light: LightBuffer

    /// Drift on a `width × height` panel: `count` particles per 100 LEDs (at up to 32 rows),
    /// a flow `swirl` times as tightly turning as the natural one.
    public init(width: Int, height: Int, speed: Fixed, count: Fixed, swirl: Fixed, palette: Palette, seed: UInt64) {
        self.width = width; self.height = height; self.speed = speed; self.seed = seed
        let scale = max(Fixed.one, Fixed(height) / 32)
        let area = Int64(width * height) * 65536 / Int64((scale * scale).raw)
        self.count = max(6, Int((Int64(count.raw) * area) >> 16) / 100)
        clock = TickClock(perSecond: 30)
        // A third of the height per second.
        step = Fixed(height) / 90
        radius = max(Fixed(1, over: 2), Fixed(height) / 80)
        let h = Fixed(max(height, 1))
        // Three waves in seeded directions, wavelengths about 1.2 to 2 panel heights.
        var rng = SeededRandom(seed: seed ^ 0xD81F7)
        var kx: [Fixed] = [], ky: [Fixed] = [], across: [Fixed] = [], rates: [Int32] = []
        for k in 0..<3 {
            let heading = Angle(raw: Int32(k * 21845 + rng.int(in: 0...8000)))
            let (c, s) = (Trig.cosine(heading), Trig.sine(heading))
            let number = swirl * rng.fixed(in: 0.5...0.85) / h
            kx.append(number * c); ky.append(number * s)
            // Flow along the wave's crests: perpendicular to its direction.
            across.append(s); across.append(-c)
            rates.append(Int32(rng.int(in: 40...110)) * (k == 1 ? -1 : 1))
        }
        self.kx = kx; self.ky = ky; self.across = across; self.rates = rates
        let table = palette.table
        colors = (0..<self.count).map { i in table[Int(Mix.hash(seed, i, 7) & 255)] }
        age = Array(repeating: 0, count: self.count)
        life = age
        valid = age
        history = Array(repeating: .zero, count: self.count * Self.trail * 2)
        light = LightBuffer(width: width, height: height)
        restart()
    }

    /// Where particle `i` is born on tick `tick`, and how long it lives.
    func birth(_ i: Int, tick: Int64) -> (x: Fixed, y: Fixed, life: Int32) {
        let h = Mix.hash(seed, wide: Int64(i), tick)
        return (Fixed(raw: Int32(clamping: (Int64(h & 0xFFFF) * Int64(width)))),
                Fixed(raw: Int32(clamping: (Int64((h >> 16) & 0xFFFF) * Int64(height)))),
                Int32(60 + (h >> 32) % 120))
    }

    /// Puts particle `i` at (x, y) with no trail.
    mutating func place(_ i: Int, x: Fixed, y: Fixed) {
        let base = i * Self.trail * 2
        for j in 0..<Self.trail { history[base + 2 * j] = x; history[base + 2 * j + 1] = y }
        valid[i] = 1
    }

    /// The particles at tick 0: scattered, at random points of their lives, and already
    /// moving for a trail's length.
    mutating func restart() {
        for i in 0..<count {
            let b = birth(i, tick: -Int64(Self.trail))
            place(i, x: b.x, y: b.y)
            life[i] = b.life
            age[i] = Int32(Mix.hash(seed, i, 3) % UInt64(b.life))
        }
        for tick in (1 - Self.trail)...0 { step(Int64(tick)) }
    }

    /// The flow's velocity at (x, y) on tick `tick`, in steps: the curl of a sum of three
    /// travelling sine waves (so it neither gathers nor scatters the particles) plus a slowly
    /// turning breeze.
    func velocity(x: Fixed, y: Fixed, tick: Int64) -> (Fixed, Fixed) {
        let t = Int32(truncatingIfNeeded: tick)
        var vx = Fixed.zero, vy = Fixed.zero
        for k in 0..<3 {
            let c = Trig.cosine(Angle(turns: x * kx[k] + y * ky[k]) + Angle(raw: t &* rates[k]))
            vx += c * across[2 * k]; vy += c * across[2 * k + 1]
        }
        let breeze = Angle(raw: t &* 29)
        return ((vx * 2 + Trig.cosine(breeze)) / 3, (vy * 2 + Trig.sine(breeze)) / 3)
    }

    /// One tick, number `tick`: every particle moves, ages, and perhaps is born again.
    mutating func step(_ tick: Int64) {
        let slot = Int(((tick % Int64(Self.trail)) + Int64(Self.trail)) % Int64(Self.trail))
        let previousSlot = (slot + Self.trail - 1) % Self.trail
        let w = Fixed(width), h = Fixed(height)
        for i in 0..<count {
            let base = i * Self.trail * 2
            age[i] += 1
            if age[i] >= life[i] {
                let b = birth(i, tick: tick)
                place(i, x: b.x, y: b.y)
                age[i] = 0; life[i] = b.life
                continue
            }
            var x = history[base + 2 * previousSlot], y = history[base + 2 * previousSlot + 1]
            let (vx, vy) = velocity(x: x, y: y, tick: tick)
            x += step * vx; y += step * vy
            if x < .zero || x >= w || y < .zero || y >= h {
                // Leaving the panel: come back in on the other side, without a streak across.
                if x < .zero { x += w } else if x >= w { x -= w }
                if y < .zero { y += h } else if y >= h { y -= h }
                place(i, x: x, y: y)
                continue
            }
            history[base + 2 * slot] = x; history[base + 2 * slot + 1] = y
            valid[i] = min(valid[i] + 1, Int32(Self.trail))
        }
    }

    /// Draws the effect as it is `time` after it started.
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        let t = time.scaled(by: speed)
        let (restart, steps) = clock.advance(to: t)
        if restart { self.restart() }
        let first = clock.stepsTaken - steps
        for i in 0..<steps { step(first + i + 1) }
        light.clear()
        let now = clock.stepsTaken
        let slot = Int(((now % Int64(Self.trail)) + Int64(Self.trail)) % Int64(Self.trail))
        for i in 0..<count {
            let base = i * Self.trail * 2
            let a = Int(age[i]), l = Int(life[i])
            let fade = Fixed(min(min(a + 1, l - a), Self.fadeTicks), over: Self.fadeTicks)
            let shown = Int(valid[i])
            for j in 0..<shown {
                let s = (slot + Self.trail - j) % Self.trail
                let k = Fixed(Self.trail - j, over: Self.trail)
                light.disc(x: history[base + 2 * s], y: history[base + 2 * s + 1], radius: radius, color: colors[i],
                           intensity: fade * k * k)
            }
        }
        light.paint(into: &canvas)
    }
}
