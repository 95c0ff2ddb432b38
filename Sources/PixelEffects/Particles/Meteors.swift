import PixelCore

/// A meteor shower: streaks crossing the panel on slanted paths, each a bright head and a
/// tail that fades behind it, in the palette's colours.
///
/// Time is cut into slots of 1 / `rate` seconds; slot k launches one meteor whose start on the
/// top or right edge, slant, speed, colour and launch instant are hashes of (seed, k), so a
/// frame is a function of time alone: the meteors of the slots still crossing, each drawn in
/// closed form as head + v·age along its path.
public struct Meteors: Scene, Sendable {
    /// How the catalog lists this effect (`meteors`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "meteors",
        family: .particles,
        summary: "a meteor shower: slanted streaks with bright heads and fading tails",
        parameters: [
            .speed,
            EffectParameter("rate", "meteors launched a second", .number(range: 0.2...8, default: 2, unit: "/s")),
            EffectParameter("length", "tail length, as a share of the panel's width and height", .number(range: 0.05...1, default: 0.3, unit: "")),
            .palette(default: "ice"),
        ],
        make: { values, seed, width, height in
            .particles(.meteors(Meteors(width: width, height: height, speed: values.number("speed"), rate: values.number("rate"),
                                        length: values.number("length"), palette: values.palette("palette"), seed: seed)))
        })

    let width: Int, height: Int
    let speed: Fixed
    let seed: UInt64
    let table: PaletteTable
    /// Time between launches.
    let slot: FrameTime
    /// Tail length and the distance a meteor travels from its start until its tail has left
    /// the panel, in LEDs.
    let tail: Fixed, journey: Fixed
    /// Slowest crossing speed, LEDs a second.
    let pace: Fixed
    /// Slots whose meteor may still be on the panel.
    let slotsAlive: Int
    var light: LightBuffer

    /// Meteors on a `width × height` panel: `rate` a second, tails `length` of the panel long.
    public init(width: Int, height: Int, speed: Fixed, rate: Fixed, length: Fixed, palette: Palette, seed: UInt64) {
        self.width = width; self.height = height; self.speed = speed; self.seed = seed
        table = palette.table
        slot = .seconds(.one / rate)
        let span = Fixed(width + height)
        tail = max(Fixed(2), span * length / 2)
        journey = span + tail + 2
        // A meteor covers the panel's width and height in about 3 s at the slowest.
        pace = span / 3
        // At the slowest pace the journey lasts journey / pace seconds; one slot more for the jitter.
        let lifetime = FrameTime.seconds(journey / pace)
        slotsAlive = Int(lifetime.nanoseconds / max(1, slot.nanoseconds)) + 2
        light = LightBuffer(width: width, height: height)
    }

    /// Draws the effect as it is `time` after it started.
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        let t = time.scaled(by: speed)
        light.clear()
        let now = t.ticks(every: slot)
        let w = Fixed(width), h = Fixed(height)
        let step = Fixed.half
        for k in (now - Int64(slotsAlive))...now {
            let hash = Mix.hash(seed, wide: k)
            let launch = k * slot.nanoseconds + Int64(((hash & 0xFFFF) * UInt64(slot.nanoseconds)) >> 16)
            let age = t.nanoseconds - launch
            guard age >= 0 else { continue }
            // Speed 1 to 1.6 times the pace; slant 25° to 45° below the horizontal, heading left.
            let velocity = pace * (Fixed.one + Fixed(raw: Int32((hash >> 16) & 0xFFFF)) * Fixed(6, over: 10))
            let travelled = Fixed(raw: Int32(clamping: (Int128(velocity.raw) * Int128(age)) / 1_000_000_000))
            guard travelled < journey else { continue }
            let slant = Angle.degrees(25) + Angle(turns: Fixed(raw: Int32((hash >> 32) & 0xFFFF)) / 18)
            let dx = -Trig.cosine(slant), dy = Trig.sine(slant)
            // Start just outside the top edge or the right edge, anywhere along both.
            let along = Fixed(raw: Int32((hash >> 48) & 0xFFFF)) * (w + h)
            let start = along < w ? Point(x: along + h / 2, y: Fixed(-1)) : Point(x: w + 1, y: along - w - h / 2)
            // From the brighter half of the palette, so no meteor is lost in the dark.
            let color = table[128 + Int((hash >> 8) & 0x7F)]
            // The tail, from the head back to the start, fading as (1 − s / tail)^1.5 or so.
            var s = Fixed.zero
            while s <= tail && s <= travelled {
                let fade = Fixed.one - s / tail
                let x = start.x + dx * (travelled - s), y = start.y + dy * (travelled - s)
                if x > -1 && y < h + 1 && x < w + 1 && y > -1 {
                    light.splat(x: x, y: y, color: color, intensity: fade * (fade + .one) / 2)
                }
                s += step
            }
            // A white-hot head.
            light.splat(x: start.x + dx * travelled, y: start.y + dy * travelled, color: .white, intensity: Fixed(7, over: 10))
        }
        light.paint(into: &canvas)
    }
}
