import PixelCore

/// Confetti: sparks of palette colour popping up at random places and fading away, their
/// colours slowly drifting round the palette.
///
/// Time is cut into slots a quarter of the fade long; slot k holds a fixed number of sparks
/// whose places, colours and birth instants are hashes of (seed, k, spark), so a frame is a
/// function of time alone: the sparks of the last few slots, each at brightness
/// (1 − age / fade)². On tall panels a spark is a square of LEDs so it stays a visible fleck.
public struct Confetti: Scene, Sendable {
    /// How the catalog lists this effect (`confetti`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "confetti",
        family: .particles,
        summary: "random sparks of palette colour popping up and fading",
        parameters: [
            .speed,
            EffectParameter("density", "how many sparks: about this share of the panel is lit at once",
                            .number(range: 0.01...0.4, default: 0.12, unit: "of LEDs")),
            EffectParameter("fade", "how long a spark takes to fade out", .number(range: 0.2...5, default: 1.5, unit: "s")),
            .palette(default: "party"),
        ],
        make: { values, seed, width, height in
            .particles(.confetti(Confetti(width: width, height: height, speed: values.number("speed"), density: values.number("density"),
                                          fade: values.number("fade"), palette: values.palette("palette"), seed: seed)))
        })

    /// Slots a spark lives through (its fade is this many slots long).
    static let slotsPerFade = 4

    let width: Int, height: Int
    let speed: Fixed
    let seed: UInt64
    let table: PaletteTable
    /// Side of a spark, in LEDs, and how many fit across and down.
    let cell: Int, columns: Int, rows: Int
    /// Sparks born per slot, whole and fractional part.
    let perSlot: Fixed
    let slot: FrameTime, fadeNanoseconds: Int64
    var light: LightBuffer

    /// Confetti on a `width × height` panel: `density` of the LEDs lit at once, each spark
    /// fading over `fade` seconds.
    public init(width: Int, height: Int, speed: Fixed, density: Fixed, fade: Fixed, palette: Palette, seed: UInt64) {
        self.width = width; self.height = height; self.speed = speed; self.seed = seed
        table = palette.table
        cell = max(1, height / 32)
        columns = max(1, width / cell); rows = max(1, height / cell)
        // A spark's mean brightness over its fade is ⅓ of full, so three times as many are born
        // as "lit" would suggest, spread over the slots of one fade.
        perSlot = density * (columns * rows) * 3 / Self.slotsPerFade
        let fadeTime = FrameTime.seconds(fade)
        fadeNanoseconds = fadeTime.nanoseconds
        slot = FrameTime(nanoseconds: fadeTime.nanoseconds / Int64(Self.slotsPerFade))
        light = LightBuffer(width: width, height: height)
    }

    /// Draws the effect as it is `time` after it started.
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        let t = time.scaled(by: speed)
        light.clear()
        let now = t.ticks(every: slot)
        // Colours drift round the palette once every 25 s.
        let drift = Int(t.phase(cyclesPerSecond: Fixed(1, over: 25)).raw >> 8)
        let whole = perSlot.floor, fraction = perSlot.fraction
        // Offset the sparks' grid so a panel that is not a multiple of the cell is centred.
        let left = (width - columns * cell) / 2, top = (height - rows * cell) / 2
        for k in (now - Int64(Self.slotsPerFade))...now {
            let count = whole + (Fixed(raw: Int32(Mix.hash(seed, wide: k, -1) >> 48)) < fraction ? 1 : 0)
            for j in 0..<count {
                let h = Mix.hash(seed, wide: k, Int64(j))
                let birth = k * slot.nanoseconds + Int64(((h & 0xFFFF) * UInt64(slot.nanoseconds)) >> 16)
                let age = t.nanoseconds - birth
                guard age >= 0, age < fadeNanoseconds else { continue }
                let left1 = Fixed(raw: Int32((age << 16) / fadeNanoseconds))
                let level = (Fixed.one - left1) * (Fixed.one - left1)
                let color = table[Int((h >> 16) & 127) + drift].scaled(by: level)
                let cx = left + Int((((h >> 24) & 0xFFFF) * UInt64(columns)) >> 16) * cell
                let cy = top + Int((((h >> 40) & 0xFFFF) * UInt64(rows)) >> 16) * cell
                for y in cy..<(cy + cell) { for x in cx..<(cx + cell) { light.add(x: x, y: y, color: color, weight: 65536) } }
            }
        }
        light.paint(into: &canvas)
    }
}
