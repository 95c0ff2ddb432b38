import PixelCore

/// Snake: the snake moves a cell at a time, the wheel turns it left or right (a detent a
/// turn), it grows on food placed by a seeded generator, and a wall or its own body ends the
/// game. Cells scale with the panel; steps are counted in 10 ms ticks (`step()`).
public struct SnakeGame: Equatable, Sendable {
    /// Where the snake lives on a `width × height` panel, in LEDs: a grid of square cells under
    /// the score line, centred.
    public struct Layout: Equatable, Sendable {
        /// The panel's size in LEDs.
        public let width: Int, height: Int
        /// Rows at the top kept for the score (0 on panels under 16 rows).
        public let scoreHeight: Int
        /// A cell's side in LEDs.
        public let cell: Int
        /// The grid's size in cells and its top-left corner in LEDs.
        public let columns: Int, rows: Int, left: Int, top: Int

        /// The layout for a `width × height` panel with `scoreHeight` rows for the score.
        public init(width: Int, height: Int, scoreHeight: Int) {
            self.width = width; self.height = height; self.scoreHeight = scoreHeight
            let field = height - scoreHeight
            cell = max(1, min(width, field) / 12)
            columns = width / cell
            rows = max(1, field / cell)
            left = (width - columns * cell) / 2
            top = scoreHeight + (field - rows * cell) / 2
        }
    }

    /// Where the game is.
    public enum Phase: Equatable, Sendable {
        case playing
        /// The snake hit a wall or itself, or filled the grid.
        case over
    }

    /// The grid.
    public let layout: Layout
    /// The snake's cells (index `row * columns + column`), tail first, head last.
    public private(set) var body: [Int]
    /// The food's cell; nil when the snake fills the grid.
    public private(set) var food: Int?
    /// Food eaten.
    public private(set) var score = 0
    public private(set) var phase = Phase.playing
    /// Heading: 0 right, 1 down, 2 left, 3 up.
    private var heading = 0
    /// Turns asked for and not made yet (+1 right, −1 left), at most `maximumQueuedTurns`.
    private var queuedTurns: [Int] = []
    private var occupied: [Bool]
    private var random: SeededRandom
    private var ticksUntilMove: Int

    /// Turns kept for the coming moves, so a quick double turn makes a U-turn; more are dropped.
    public static let maximumQueuedTurns = 2

    /// A new game: a snake of three cells in the middle heading right, and food placed from `seed`.
    public init(layout: Layout, seed: UInt64) {
        self.layout = layout
        occupied = Array(repeating: false, count: layout.columns * layout.rows)
        random = SeededRandom(seed: seed)
        let row = layout.rows / 2, head = max(layout.columns / 2, min(2, layout.columns - 1))
        body = (max(0, head - 2)...head).map { row * layout.columns + $0 }
        for cell in body { occupied[cell] = true }
        ticksUntilMove = 0
        ticksUntilMove = moveInterval
        placeFood()
    }

    /// Ticks between moves: 160 ms, 10 ms less for each two foods eaten, no less than 70 ms.
    public var moveInterval: Int { max(7, 16 - score / 2) }

    /// The head's cell.
    public var head: Int { body[body.count - 1] }

    /// Turns the snake `detents` times (positive right, clockwise); each turn is made on a move of its own.
    public mutating func turn(_ detents: Int) {
        guard phase == .playing else { return }
        for _ in 0..<min(abs(detents), Self.maximumQueuedTurns) where queuedTurns.count < Self.maximumQueuedTurns {
            queuedTurns.append(detents > 0 ? 1 : -1)
        }
    }

    /// One 10 ms tick: every `moveInterval` ticks the snake moves a cell.
    public mutating func step() {
        guard phase == .playing else { return }
        ticksUntilMove -= 1
        guard ticksUntilMove <= 0 else { return }
        ticksUntilMove = moveInterval
        if !queuedTurns.isEmpty { heading = (heading + queuedTurns.removeFirst() + 4) % 4 }
        let column = head % layout.columns, row = head / layout.columns
        let next = (column + [1, 0, -1, 0][heading], row + [0, 1, 0, -1][heading])
        guard (0..<layout.columns).contains(next.0), (0..<layout.rows).contains(next.1) else { phase = .over; return }
        let cell = next.1 * layout.columns + next.0
        let eats = cell == food
        if !eats {
            // The tail moves away first, so the head may take the cell it leaves.
            occupied[body.removeFirst()] = false
        }
        guard !occupied[cell] else { phase = .over; return }
        body.append(cell)
        occupied[cell] = true
        if eats {
            score += 1
            placeFood()
        }
    }

    /// Puts the food on a free cell drawn from the generator; none left ends the game.
    private mutating func placeFood() {
        let free = occupied.count - body.count
        guard free > 0 else { food = nil; phase = .over; return }
        var pick = random.int(in: 0...(free - 1))
        for cell in occupied.indices where !occupied[cell] {
            if pick == 0 { food = cell; return }
            pick -= 1
        }
    }
}
