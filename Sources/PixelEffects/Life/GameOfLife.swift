import PixelCore

/// Conway's Game of Life on the panel (one LED a cell, or 2×2 and larger blocks on big
/// panels), wrapping round the edges, each live cell coloured by its age through the palette
/// and the recently dead fading out.
///
/// The board is a seeded soup stepped on fixed ticks (`TickClock`), so the picture at a time
/// is the same however it was reached. When it dies out a new soup is sown at once; when
/// it repeats a recent generation (still lifes, blinkers) it holds for two seconds first;
/// a board that never settles is resown after 600 generations. Soup k is drawn from a
/// generator seeded with the scene's seed and k, so every restart is reproducible.
public struct GameOfLife: Scene, Sendable {
    /// How the catalog lists this effect (`game-of-life`) and makes it from parameters.
    public static let descriptor = EffectDescriptor(
        name: "game-of-life",
        family: .life,
        summary: "Conway's Game of Life, cells coloured by age, resown when it stalls",
        parameters: [
            .speed,
            EffectParameter("density", "share of cells alive in a new soup", .number(range: 0.05...0.8, default: 0.35, unit: "")),
            .palette(default: "retro"),
        ],
        make: { values, seed, width, height in
            .life(.gameOfLife(GameOfLife(width: width, height: height, speed: values.number("speed"),
                                         density: values.number("density"), palette: values.palette("palette"), seed: seed)))
        })

    /// Generations a second at speed 1.
    static let generationsPerSecond = 8
    /// Recent generations remembered to spot a repeat (periods up to this many).
    static let memory = 12
    /// Generations shown after a stall before resowing.
    static let hold = 16
    /// Generations after which any board is resown.
    static let limit = 600

    let width: Int
    let height: Int
    let speed: Fixed
    let density: Fixed
    let seed: UInt64
    /// LEDs per cell side.
    let cellSize: Int
    /// Board size in cells.
    let columns: Int, rows: Int
    /// Colour of a live cell by age (1…64, older clamps to 64), at index age.
    let aliveColors: [LinearColor]
    /// Colour of a dead cell by generations since it died (1…4), at index ghost.
    let ghostColors: [LinearColor]

    var clock = TickClock(perSecond: GameOfLife.generationsPerSecond)
    /// Age of each cell in generations, 0 if dead (saturates at 255). Row-major.
    var ages: [UInt8]
    /// Generations since each dead cell died, 0 for none or long gone.
    var ghosts: [UInt8]
    /// Soups sown so far, less one.
    var soup = 0
    /// Generations since the soup was sown.
    var generation = 0
    /// Hashes of the latest generations, a ring.
    var recent: [UInt64]
    /// Generations left to show a stalled board, or −1 while it lives.
    var holdLeft = -1

    /// A board for a `width × height` panel: cells of one LED, or blocks of ⌊shorter side / 32⌋ LEDs.
    public init(width: Int, height: Int, speed: Fixed, density: Fixed, palette: Palette, seed: UInt64) {
        self.width = width
        self.height = height
        self.speed = speed
        self.density = density
        self.seed = seed
        cellSize = max(1, min(width, height) / 32)
        columns = (width + cellSize - 1) / cellSize
        rows = (height + cellSize - 1) / cellSize
        let colors = palette.table.colors
        // Newborns at the palette's start, moving along it over 16 generations to 3/4 of the way.
        aliveColors = (0...64).map { age in colors[min(max(age - 1, 0), 16) * 190 / 16 + 8] }
        ghostColors = (0...4).map { ghost in ghost == 0 ? .black : colors[8].scaled(by: Fixed(5 - ghost, over: 14)) }
        ages = []
        ghosts = []
        recent = []
        restart()
    }

    /// Back to the first soup.
    mutating func restart() {
        soup = 0
        sow()
    }

    /// Sows soup number `soup`.
    mutating func sow() {
        var rng = SeededRandom(seed: Mix.hash(seed, soup))
        ages = (0..<(columns * rows)).map { _ in rng.chance(density) ? 1 : 0 }
        ghosts = [UInt8](repeating: 0, count: columns * rows)
        recent = [UInt64](repeating: 0, count: Self.memory)
        generation = 0
        holdLeft = -1
    }

    /// One generation: B3/S23 on a torus, then the stall bookkeeping.
    mutating func step() {
        let columns = columns, rows = rows
        var next = [UInt8](repeating: 0, count: columns * rows)
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var population = 0
        ages.withUnsafeBufferPointer { ages in
            ghosts.withUnsafeMutableBufferPointer { ghosts in
                next.withUnsafeMutableBufferPointer { next in
                    for y in 0..<rows {
                        let up = (y == 0 ? rows - 1 : y - 1) * columns, here = y * columns
                        let down = (y == rows - 1 ? 0 : y + 1) * columns
                        for x in 0..<columns {
                            let left = x == 0 ? columns - 1 : x - 1, right = x == columns - 1 ? 0 : x + 1
                            var n = 0
                            if ages[up + left] != 0 { n += 1 }
                            if ages[up + x] != 0 { n += 1 }
                            if ages[up + right] != 0 { n += 1 }
                            if ages[here + left] != 0 { n += 1 }
                            if ages[here + right] != 0 { n += 1 }
                            if ages[down + left] != 0 { n += 1 }
                            if ages[down + x] != 0 { n += 1 }
                            if ages[down + right] != 0 { n += 1 }
                            let i = here + x
                            let age = ages[i]
                            if n == 3 || (n == 2 && age != 0) {
                                next[i] = age == 255 ? 255 : age + 1
                                ghosts[i] = 0
                                population += 1
                                hash = (hash ^ UInt64(i)) &* 0x100_0000_01B3
                            } else if age != 0 {
                                ghosts[i] = 1
                            } else if ghosts[i] != 0 {
                                ghosts[i] = ghosts[i] >= 4 ? 0 : ghosts[i] + 1
                            }
                        }
                    }
                }
            }
        }
        ages = next
        generation += 1
        if holdLeft >= 0 {
            holdLeft -= 1
            if holdLeft < 0 { soup += 1; sow() }
            return
        }
        if population == 0 {  // nothing left to watch: sow at once
            soup += 1
            sow()
            return
        }
        if recent.contains(hash) || generation >= Self.limit { holdLeft = Self.hold }
        recent[generation % Self.memory] = hash
    }

    /// Draws the board at `time`.
    public mutating func render(into canvas: inout Canvas, at time: FrameTime) {
        let (back, count) = clock.advance(to: time.scaled(by: speed))
        if back { restart() }
        for _ in 0..<count { step() }
        let cellSize = cellSize, columns = columns
        ages.withUnsafeBufferPointer { ages in
            ghosts.withUnsafeBufferPointer { ghosts in
                aliveColors.withUnsafeBufferPointer { alive in
                    ghostColors.withUnsafeBufferPointer { ghost in
                        canvas.paintLEDs { y, row in
                            let base = (y / cellSize) * columns
                            for x in 0..<row.count {
                                let i = base + x / cellSize
                                let age = Int(ages[i])
                                row[x] = age != 0 ? alive[min(age, 64)] : ghost[Int(ghosts[i])]
                            }
                        }
                    }
                }
            }
        }
    }
}
