/// Brick, as on the iPod: the wheel moves a paddle, the centre button launches the ball, and
/// the ball clears a wall of bricks, faster as bricks fall. Three lives; a cleared wall is the
/// next level. Integer physics in 1/256 LED on 10 ms ticks (`step()`), so the same inputs give
/// the same game on every CPU.
public struct BrickGame: Equatable, Sendable {
    /// Where the game is.
    public enum Phase: Equatable, Sendable {
        /// The ball rests on the paddle until the centre button launches it.
        case serving
        /// The ball is in play.
        case playing
        /// No lives left.
        case over
    }

    /// Positions are in 1/256 LED.
    public static let unit = 256
    /// Lives at the start.
    public static let startingLives = 3

    /// Where everything sits.
    public let layout: BrickLayout
    /// Whether each brick of the wall stands, row by row from the top.
    public private(set) var bricks: [Bool]
    /// The paddle's left edge, in LEDs.
    public private(set) var paddleX: Int
    /// The ball's top-left corner, in 1/256 LED.
    public private(set) var ballX = 0, ballY = 0
    /// The ball's direction (a unit vector in 1/256, y down) and speed in 1/256 LED a tick.
    private var directionX = 0, directionY = 0
    public private(set) var phase = Phase.serving
    /// Lives left, the level (from 1) and the score.
    public private(set) var lives = startingLives, level = 1, score = 0
    /// Bricks cleared on this level.
    private var cleared = 0

    /// A new game on `layout`'s panel, the ball on the paddle in the middle.
    public init(layout: BrickLayout) {
        self.layout = layout
        bricks = Array(repeating: true, count: layout.columns * layout.rows)
        paddleX = (layout.width - layout.paddleWidth) / 2
        serve()
    }

    /// The ball's speed now, in 1/256 LED a tick: three quarters of the panel's height a
    /// second, 3 % more for each brick cleared on this level and 20 % more a level, at most twice that.
    public var speed: Int {
        let base = layout.height * 3 * Self.unit / 400
        let percent = min(100 + 3 * cleared + 20 * (level - 1), 200)
        return max(1, base * percent / 100)
    }

    /// Moves the paddle `detents` steps (positive right), kept on the panel. While serving
    /// the ball moves with it.
    public mutating func movePaddle(detents: Int) {
        guard phase != .over else { return }
        let bounded = min(max(detents, -layout.width), layout.width)
        paddleX = min(max(paddleX + bounded * layout.paddleStep, 0), layout.width - layout.paddleWidth)
        if phase == .serving { serve() }
    }

    /// Launches the ball from the paddle, away from the nearer wall.
    public mutating func launch() {
        guard phase == .serving else { return }
        let zone = paddleX * 2 + layout.paddleWidth < layout.width ? 5 : 2
        (directionX, directionY) = Self.directions[zone]
        phase = .playing
    }

    /// One 10 ms tick of play: the ball moves along x, then y, bouncing off the walls, a brick
    /// (which falls) and the paddle (the angle set by where it hits); past the paddle a life is lost.
    public mutating func step() {
        guard phase == .playing else { return }
        let unit = Self.unit, size = layout.ballSize * unit
        let velocityX = directionX * speed / 256, velocityY = directionY * speed / 256
        // Along x: the side walls, then the bricks.
        let right = layout.width * unit - size
        ballX += velocityX
        if ballX < 0 { ballX = -ballX; directionX = -directionX }
        if ballX > right { ballX = 2 * right - ballX; directionX = -directionX }
        if breakBrick() { ballX -= velocityX; directionX = -directionX }
        // Along y: the ceiling under the score, the bricks, the paddle, the floor.
        let top = layout.scoreHeight * unit
        let before = ballY
        ballY += velocityY
        if ballY < top { ballY = 2 * top - ballY; directionY = -directionY }
        if breakBrick() { ballY -= velocityY; directionY = -directionY }
        let paddleTop = layout.paddleTop * unit
        if directionY > 0, before + size <= paddleTop, ballY + size > paddleTop,
           ballX + size > paddleX * unit, ballX < (paddleX + layout.paddleWidth) * unit {
            // Eight zones across the paddle: the outer ones send the ball off at a flatter angle.
            let centre = ballX + size / 2 - paddleX * unit
            let zone = min(max(centre * 8 / (layout.paddleWidth * unit), 0), 7)
            (directionX, directionY) = Self.directions[zone]
            ballY = paddleTop - size
        }
        if ballY >= layout.height * unit {
            lives -= 1
            if lives == 0 { phase = .over } else { serve() }
        }
    }

    /// Removes the first standing brick the ball overlaps and scores it (top rows are worth
    /// more); clears the level when it was the last. Whether one fell.
    private mutating func breakBrick() -> Bool {
        let unit = Self.unit, size = layout.ballSize * unit
        let wallX = layout.wallLeft * unit, wallY = layout.wallTop * unit
        let brickW = layout.brickWidth * unit, brickH = layout.brickHeight * unit
        let firstColumn = max(0, floorDivide(ballX - wallX, brickW)), lastColumn = min(layout.columns - 1, floorDivide(ballX + size - 1 - wallX, brickW))
        let firstRow = max(0, floorDivide(ballY - wallY, brickH)), lastRow = min(layout.rows - 1, floorDivide(ballY + size - 1 - wallY, brickH))
        guard ballX + size > wallX, ballY + size > wallY, firstColumn <= lastColumn, firstRow <= lastRow else { return false }
        for row in firstRow...lastRow {
            for column in firstColumn...lastColumn where bricks[row * layout.columns + column] {
                bricks[row * layout.columns + column] = false
                score += layout.rows - row
                cleared += 1
                if !bricks.contains(true) {
                    level += 1
                    cleared = 0
                    bricks = Array(repeating: true, count: bricks.count)
                    serve()
                }
                return true
            }
        }
        return false
    }

    /// Puts the ball on the paddle's middle, waiting for a launch.
    private mutating func serve() {
        phase = .serving
        let unit = Self.unit
        ballX = paddleX * unit + (layout.paddleWidth - layout.ballSize) * unit / 2
        ballY = (layout.paddleTop - layout.ballSize) * unit
    }

    /// The eight launch directions off the paddle, left to right: 60°, 45°, 30° and 15° from
    /// upright each way, as (x, y) in 1/256 (y up is negative).
    static let directions: [(Int, Int)] = [
        (-222, -128), (-181, -181), (-128, -222), (-66, -247), (66, -247), (128, -222), (181, -181), (222, -128),
    ]
}

/// `a / b` rounded towards minus infinity (`b > 0`).
func floorDivide(_ a: Int, _ b: Int) -> Int {
    a >= 0 ? a / b : -((-a + b - 1) / b)
}
