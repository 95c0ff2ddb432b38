import PixelCore

/// Flames rising from the bottom edge, after the classic "Fire2012" heat simulation, one
/// column of heat per LED column.
///
/// Each step every cell cools by a random amount (more on short panels, so flames reach a
/// similar share of the height everywhere), heat drifts upwards (a cell takes mostly the heat
/// of the cells below it, a little from the neighbouring columns, so tongues of flame sway
/// and merge), and each column may spark: new heat near the bottom. Heat is coloured through
/// the palette. Steps run on fixed ticks from the seed (`TickClock`); between two ticks the
/// picture is the blend of both, so it moves smoothly at any frame rate.
public struct Fire: Scene, Sendable {
    /// How the catalog lists this effect (`fire`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "fire",
        family: .nature,
        summary: "flames rising from the bottom edge: cooling heat, rising and sparking",
        parameters: [
            .speed,
            EffectParameter("cooling", "how fast rising heat cools: higher gives shorter, more ragged flames",
                            .number(range: 0.2...3, default: 0.8, unit: "x")),
            EffectParameter("sparking", "chance a column sparks new heat at the bottom on each step",
                            .number(range: 0.05...1, default: 0.5, unit: "per step")),
            .palette(default: "heat"),
        ],
        make: { values, seed, width, height in
            .nature(.fire(Fire(width: width, height: height, speed: values.number("speed"), cooling: values.number("cooling"),
                               sparking: values.number("sparking"), palette: values.palette("palette"), seed: seed)))
        })

    let width: Int, height: Int
    let speed: Fixed
    let seed: UInt64
    let table: PaletteTable
    /// Largest random cooling of one cell in one step, in heat units (0...255).
    let coolMax: Int
    /// Chance per step that a column sparks, 0...65536.
    let sparkChance: UInt32
    /// How many rows at the bottom sparks land in.
    let sparkRows: Int
    /// Heat of each cell, column-major with row 0 at the bottom: now and one step before.
    var heat: [UInt8]
    var previous: [UInt8]
    var clock: TickClock
    /// Scratch: each column's fuel in the current step.
    var fuel: [UInt32]
    /// Angle between neighbouring columns in the fuel waves (about 2.5 waves across the panel).
    let fuelStep: Int

    /// Fire for a `width × height` panel: `cooling` and `sparking` as the parameters describe.
    public init(width: Int, height: Int, speed: Fixed, cooling: Fixed, sparking: Fixed, palette: Palette, seed: UInt64) {
        self.width = width; self.height = height; self.speed = speed; self.seed = seed
        table = palette.table
        // Fire2012's cooling of 55 on a strip of n LEDs cools up to 550 / n + 2 per step.
        coolMax = (cooling * 550).rounded / max(height, 4) + 2
        sparkChance = UInt32(sparking.raw)
        sparkRows = max(1, height / 8)
        heat = Array(repeating: 0, count: width * height)
        previous = heat
        fuel = Array(repeating: 0, count: width)
        fuelStep = 65536 * 5 / 2 / max(width, 1)
        // Taller panels step faster so the flames climb them in similar time.
        clock = TickClock(perSecond: min(max(height, 24), 60))
        restart()
    }

    /// The state at tick 0: a fire that has already been burning for a while, so the first
    /// frame is not black.
    mutating func restart() {
        heat.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        previous = heat
        let warmUp = 2 * height + 8
        for i in 0..<warmUp { step(Int64(i - warmUp)) }
    }

    /// One step of the simulation, number `tick`.
    mutating func step(_ tick: Int64) {
        swap(&heat, &previous)
        var random = CellRandom(Mix.hash(seed, wide: tick))
        let width = width, height = height, coolMax = coolMax &+ 1
        // Fuel of each column this step, 0.25...1 (0...65536): two slow waves drifting apart.
        let a = Angle(raw: Int32(truncatingIfNeeded: tick &* 90)), b = Angle(raw: Int32(truncatingIfNeeded: tick &* -130))
        for x in 0..<width {
            let s = Trig.sine(Angle(raw: Int32(x &* fuelStep)) + a) + Trig.sine(Angle(raw: Int32(x &* fuelStep &* 17 / 10)) + b)
            fuel[x] = UInt32(max(.zero, Fixed(5, over: 8) + s * Fixed(3, over: 16)).raw)
        }
        let fuel = fuel
        previous.withUnsafeBufferPointer { old in
            heat.withUnsafeMutableBufferPointer { new in
                for x in 0..<width {
                    let column = x &* height
                    let left = x > 0 ? column &- height : column
                    let right = x < width &- 1 ? column &+ height : column
                    // Rising: from the cells below, mostly straight below.
                    for k in stride(from: height &- 1, through: 0, by: -1) {
                        var h: Int
                        if k >= 2 {
                            h = (Int(old[column &+ k &- 1]) &* 4 &+ Int(old[column &+ k &- 2]) &* 2
                                 &+ Int(old[left &+ k &- 1]) &+ Int(old[right &+ k &- 1])) >> 3
                        } else if k == 1 {
                            h = (Int(old[column &+ 1]) &+ Int(old[column]) &* 3) >> 2
                        } else {
                            h = (Int(old[column]) &* 2 &+ Int(old[left]) &+ Int(old[right])) >> 2
                        }
                        h &-= random.below(coolMax)
                        new[column &+ k] = UInt8(max(h, 0))
                    }
                    // Sparking near the bottom, more where the slowly wandering fuel is richer,
                    // so the flames burn in tongues.
                    if random.next() >> 16 < (sparkChance &* fuel[x]) >> 16 {
                        let k = random.below(sparkRows)
                        let h = Int(new[column &+ k]) &+ 160 &+ random.below(96)
                        new[column &+ k] = UInt8(min(h, 255))
                    }
                }
            }
        }
    }

    /// Draws the effect as it is `time` after it started.
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        let t = time.scaled(by: speed)
        let (restart, count) = clock.advance(to: t)
        if restart { self.restart() }
        let first = clock.stepsTaken - count
        for i in 0..<count { step(first + i) }
        let blend = Int(t.fraction(ofPeriod: clock.interval).raw >> 8)  // 0...255
        let width = width, height = height
        table.colors.withUnsafeBufferPointer { colors in
            heat.withUnsafeBufferPointer { now in
                previous.withUnsafeBufferPointer { before in
                    canvas.paintLEDs { y, row in
                        let k = height &- 1 &- y
                        var i = k
                        for x in 0..<width {
                            let a = Int(before[i]), b = Int(now[i])
                            let h = a &+ (((b &- a) &* blend) >> 8)
                            // The palette's last eighth is left out: some palettes wrap there.
                            row[x] = colors[(h &* 7) >> 3]
                            i &+= height
                        }
                    }
                }
            }
        }
    }
}
