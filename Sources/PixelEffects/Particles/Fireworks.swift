import PixelCore

/// Fireworks: rockets climb from the bottom edge, slowing as they rise, and burst into a
/// ring of sparks that fly out, slow down, droop under gravity, twinkle and fade.
///
/// Everything is closed form from a seeded schedule: time is cut into slots of 1 / rate; slot
/// k launches one rocket whose place, height, colour and timing are drawn from a generator
/// seeded with (seed, k). A spark's distance from the burst is R·a(1 + c)/(a + c) (fast, then
/// slowing as if through air) plus g·a²/2 downwards, a being the time since the burst. Sparks
/// leave short trails (the same spark a moment earlier, dimmer), added up per LED.
public struct Fireworks: Scene, Sendable {
    /// How the catalog lists this effect (`fireworks`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "fireworks",
        family: .particles,
        summary: "rockets rising and bursting into drooping, fading sparks",
        parameters: [
            .speed,
            EffectParameter("rate", "rockets launched per second on a 64-wide panel (more on wider panels)",
                            .number(range: 0.2...3, default: 1.5, unit: "rockets/s")),
            EffectParameter("size", "burst radius, as a share of the panel's height", .number(range: 0.15...0.8, default: 0.4, unit: "of height")),
            .palette(default: "party"),
        ],
        make: { values, seed, width, height in
            .particles(.fireworks(Fireworks(width: width, height: height, speed: values.number("speed"), rate: values.number("rate"),
                                            size: values.number("size"), palette: values.palette("palette"), seed: seed)))
        })

    /// A burst's sparks live this long at most (s), and a rocket climbs for at most `maxRise`.
    static let maxLife = Fixed(22, over: 10), maxRise = Fixed(9, over: 10)
    /// Time (s) for the drag curve to slow a spark to half its starting speed.
    static let drag = Fixed(35, over: 100)

    let width: Int, height: Int
    let speed: Fixed
    let seed: UInt64
    let table: PaletteTable
    /// Time between launches, nanoseconds.
    let period: Int64
    /// Burst radius (LEDs), sparks per burst, spark radius (LEDs), gravity (LEDs/s²).
    let radius: Fixed, sparks: Int, sparkRadius: Fixed, gravity: Fixed
    /// Each spark's direction in a burst (cos, sin), before a burst's own turn.
    let directions: [(Fixed, Fixed)]
    var light: LightBuffer

    /// Fireworks on a `width × height` panel: `rate` rockets a second (on a 64-wide panel),
    /// bursts `size` of the height in radius.
    public init(width: Int, height: Int, speed: Fixed, rate: Fixed, size: Fixed, palette: Palette, seed: UInt64) {
        self.width = width; self.height = height; self.speed = speed; self.seed = seed
        table = palette.table
        let widthScale = (Fixed(width) / 64).clamped(to: Fixed(1, over: 2)...Fixed(3))
        let perSecond = max(rate * widthScale, Fixed(1, over: 10))
        period = (Int64(1_000_000_000) << 16) / Int64(perSecond.raw)
        radius = max(Fixed(height) * size, Fixed(2))
        sparks = min(max((radius * 3).floor, 14), 72)
        sparkRadius = max(Fixed(1, over: 2), Fixed(height) / 80)
        gravity = Fixed(height) / 8
        let n = sparks
        directions = (0..<n).map { i in
            let a = Angle(raw: Int32(65536 * i / n))
            return (Trig.cosine(a), Trig.sine(a))
        }
        light = LightBuffer(width: width, height: height)
    }

    /// Seconds (Q16.16) in `nanoseconds` (non-negative, below a few hours).
    @inline(__always) static func seconds(_ nanoseconds: Int64) -> Fixed {
        Fixed(raw: Int32(clamping: (nanoseconds << 16) / 1_000_000_000))
    }

    /// Draws the effect as it is `time` after it started.
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        let t = time.scaled(by: speed)
        light.clear()
        let span = (Int64((Self.maxLife + Self.maxRise).raw) * 1_000_000_000) >> 16
        let last = t.nanoseconds >= 0 ? t.nanoseconds / period : -1
        let first = (t.nanoseconds - span) / period - 1
        guard first <= last else { light.paint(into: &canvas); return }
        let h = Fixed(height), w = Fixed(width)
        for k in first...last {
            var rng = SeededRandom(seed: Mix.hash(seed, wide: k))
            let launch = k * period + (Int64(rng.int(in: 0...65535)) * (period * 3 / 4)) >> 16
            let age = t.nanoseconds - launch
            guard age >= 0 else { continue }
            let x = w * rng.fixed(in: 0.15...0.85)
            let apex = h * rng.fixed(in: 0.2...0.45)
            let rise = rng.fixed(in: 0.6...Self.maxRise)
            let life = rng.fixed(in: 1.5...Self.maxLife)
            let hue = rng.int(in: 0...255)
            let turn = Angle(raw: Int32(rng.int(in: 0...65535)))
            let reach = radius * rng.fixed(in: 0.7...1.1)
            let a = Self.seconds(age)
            if a < rise {
                drawRocket(x: x, apex: apex, rise: rise, at: a, sway: turn)
                continue
            }
            let since = a - rise
            guard since < life else { continue }
            drawBurst(x: x, y: apex, reach: reach, life: life, at: since, hue: hue, turn: turn, burst: k)
        }
        light.paint(into: &canvas)
    }

    /// A climbing rocket `a` seconds after launch: a warm spark slowing as it nears `apex`,
    /// with a short fading trail.
    mutating func drawRocket(x: Fixed, apex: Fixed, rise: Fixed, at a: Fixed, sway: Angle) {
        let h = Fixed(height)
        let color = LinearColor(red: 65535, green: 36000, blue: 12000)
        for j in 0..<4 {
            let s = a - Fixed(j * 3, over: 100)
            guard s >= .zero else { break }
            let left = .one - s / rise
            let y = apex + (h - apex) * left * left
            let wobble = Trig.sine(sway + Angle(turns: s * 3)) / 3
            light.disc(x: x + wobble, y: y, radius: sparkRadius, color: color, intensity: Fixed(4 - j, over: 4))
        }
    }

    /// The sparks of a burst at (`x`, `y`), `a` seconds after it burst.
    mutating func drawBurst(x: Fixed, y: Fixed, reach: Fixed, life: Fixed, at a: Fixed, hue: Int, turn: Angle, burst: Int64) {
        let c = Self.drag
        let rotation = (Trig.cosine(turn), Trig.sine(turn))
        // The first instants of a burst flash white.
        let flash = a < Fixed(15, over: 100) ? .one - a / Fixed(15, over: 100) : Fixed.zero
        // Where along its flight each trail point is: the same for every spark of the burst.
        var trail: [(s: Fixed, out: Fixed, drop: Fixed)] = []
        for j in 0..<3 {
            let s = a - Fixed(j * 5, over: 100)
            guard s >= .zero else { break }
            trail.append((s, s * (.one + c) / (s + c), gravity * s * s / 2))
        }
        for i in 0..<sparks {
            let (dx0, dy0) = directions[i]
            let dx = dx0 * rotation.0 - dy0 * rotation.1, dy = dx0 * rotation.1 + dy0 * rotation.0
            let spark = Mix.hash(seed, wide: burst, Int64(i))
            let sparkReach = reach * (Fixed(35, over: 100) + Fixed(raw: Int32(spark & 0xFFFF)) * Fixed(65, over: 100))  // 0.35 ... 1
            let sparkLife = life * (Fixed(7, over: 10) + Fixed(raw: Int32((spark >> 16) & 0x4CCC)))  // 0.7 ... 1
            guard a < sparkLife + Fixed(1, over: 10) else { continue }
            let inverseLife = .one / sparkLife
            var color = table[hue + Int((spark >> 32) & 31) - 16]
            if flash > .zero {
                color = LinearColor(red: color.red &+ UInt16((UInt32(65535 - color.red) * UInt32(flash.raw)) >> 16),
                                    green: color.green &+ UInt16((UInt32(65535 - color.green) * UInt32(flash.raw)) >> 16),
                                    blue: color.blue &+ UInt16((UInt32(65535 - color.blue) * UInt32(flash.raw)) >> 16))
            }
            for (j, point) in trail.enumerated() {
                guard point.s < sparkLife else { continue }
                let out = sparkReach * point.out
                let left = .one - point.s * inverseLife
                var level = left * (Fixed(1, over: 2) + left / 2) / Fixed(j + 1)
                // Twinkle as it dies.
                if left < Fixed(4, over: 10) && Mix.hash(seed, wide: burst, Int64(i), Int64(point.s.raw >> 12)) & 3 == 0 { level = level / 4 }
                light.disc(x: x + dx * out, y: y + dy * out + point.drop, radius: sparkRadius, color: color, intensity: level)
            }
        }
    }
}
