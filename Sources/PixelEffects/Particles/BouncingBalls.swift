import PixelCore

/// Balls bouncing under gravity, each losing a share of its speed at every bounce until it
/// lies still for a moment and is kicked up to the top again.
///
/// Each ball is closed form: flight k starts at the floor at speed v₀·eᵏ (e the ball's
/// elasticity) and lasts 2·v₀·eᵏ / g, its height v·τ − g·τ²/2; after the flights that are
/// worth seeing it rests, then the cycle repeats. Balls start at different points of their
/// cycles. Each is an anti-aliased disc with a short fading trail, added up per LED.
public struct BouncingBalls: Scene, Sendable {
    /// How the catalog lists this effect (`bouncing-balls`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "bouncing-balls",
        family: .particles,
        summary: "balls bouncing under gravity, losing height at every bounce",
        parameters: [
            .speed,
            EffectParameter("count", "how many balls, side by side", .integer(range: 1...24, default: 6, unit: "balls")),
            EffectParameter("elasticity", "share of its speed a ball keeps at each bounce", .number(range: 0.5...0.95, default: 0.8, unit: "")),
            .palette(default: "rainbow"),
        ],
        make: { values, seed, width, height in
            .particles(.bouncingBalls(BouncingBalls(width: width, height: height, speed: values.number("speed"), count: values.integer("count"),
                                                    elasticity: values.number("elasticity"), palette: values.palette("palette"), seed: seed)))
        })

    /// One ball's constants.
    struct Ball: Sendable {
        var x: Fixed
        /// Launch speed of each flight (LEDs/s) and when it starts in the cycle (ns).
        var speeds: [Fixed]
        var starts: [Int64]
        /// Length of the whole cycle, ns, and where in it the ball starts.
        var cycle: Int64, offset: Int64
        var color: LinearColor
    }

    /// Time a ball kicked from the floor takes to reach the top (s), and rests between cycles (s).
    static let climb = Fixed(9, over: 10), rest = Fixed(4, over: 10)

    let width: Int, height: Int
    let speed: Fixed
    let radius: Fixed, gravity: Fixed
    let balls: [Ball]
    var light: LightBuffer

    /// `count` balls of `elasticity` on a `width × height` panel.
    public init(width: Int, height: Int, speed: Fixed, count: Int, elasticity: Fixed, palette: Palette, seed: UInt64) {
        self.width = width; self.height = height; self.speed = speed
        let table = palette.table
        var rng = SeededRandom(seed: seed)
        let lane = Fixed(width) / max(count, 1)
        radius = max(Fixed(3, over: 4), min(lane * Fixed(36, over: 100), Fixed(height) / 7))
        let drop = max(Fixed(height) - radius * 2, .one)
        // h = g·T²/2 for the climb time T: the same pace on every panel.
        gravity = drop * 2 / (Self.climb * Self.climb)
        let v0 = gravity * Self.climb
        let gravity = gravity
        balls = (0..<count).map { i in
            let e = (elasticity + rng.fixed(in: -0.04...0.04)).clamped(to: Fixed(4, over: 10)...Fixed(97, over: 100))
            var speeds: [Fixed] = [], starts: [Int64] = []
            var v = v0, at: Int64 = 0
            // Flights until the bounce would rise less than a tenth of an LED.
            while v * v / (gravity * 2) > Fixed(1, over: 10) && speeds.count < 60 {
                speeds.append(v); starts.append(at)
                at += (Int64((v * 2 / gravity).raw) * 1_000_000_000) >> 16
                v = v * e
            }
            let cycle = at + (Int64(Self.rest.raw) * 1_000_000_000) >> 16
            return Ball(x: lane * i + lane / 2 + rng.fixed(in: -lane / 8...lane / 8),
                        speeds: speeds, starts: starts, cycle: cycle, offset: Self.draw(below: cycle, from: &rng),
                        color: table[(256 * i) / max(count, 1)])
        }
        light = LightBuffer(width: width, height: height)
    }

    /// A uniform draw from 0 ..< `span` (positive), the same as `rng.int(in: 0...Int(span - 1))`
    /// on a 64-bit CPU (Lemire's method, as `SeededRandom.int(in:)`) but in 64 bits on every
    /// CPU: a cycle lasts seconds, more nanoseconds than a 32-bit `Int` holds.
    static func draw(below span: Int64, from rng: inout SeededRandom) -> Int64 {
        let span = UInt64(span)
        var product = rng.next().multipliedFullWidth(by: span)
        if product.low < span {
            let threshold = (0 &- span) % span
            while product.low < threshold { product = rng.next().multipliedFullWidth(by: span) }
        }
        return Int64(product.high)
    }

    /// Height (LEDs above its lowest point) of `ball` at `nanoseconds` into the effect.
    func height(of ball: Ball, at nanoseconds: Int64) -> Fixed {
        let into = (((nanoseconds + ball.offset) % ball.cycle) + ball.cycle) % ball.cycle
        var k = ball.starts.count - 1
        while k > 0 && ball.starts[k] > into { k -= 1 }
        let tau = Fixed(raw: Int32(clamping: ((into - ball.starts[k]) << 16) / 1_000_000_000))
        return max(.zero, ball.speeds[k] * tau - gravity * tau * tau / 2)
    }

    /// Draws the effect as it is `time` after it started.
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        let t = time.scaled(by: speed)
        light.clear()
        let floor = Fixed(height) - radius
        for ball in balls {
            // A short trail: the ball a moment earlier, dimmer.
            let now = floor - height(of: ball, at: t.nanoseconds)
            for j in stride(from: 5, through: 1, by: -1) {
                let y = floor - height(of: ball, at: t.nanoseconds - Int64(j) * 40_000_000)
                // Only where it has moved away from the ball: a ball at rest has no trail.
                guard (y - now).magnitude > radius / 2 else { continue }
                light.disc(x: ball.x, y: y, radius: radius * Fixed(10 - j, over: 10), color: ball.color, intensity: Fixed(1, over: 1 + 2 * j))
            }
            light.disc(x: ball.x, y: now, radius: radius, color: ball.color, intensity: .one)
        }
        light.paint(into: &canvas)
    }
}
