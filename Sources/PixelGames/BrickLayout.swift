/// Where Brick's pieces sit on a `width × height` panel, in LEDs: bricks under the score
/// line, the paddle on the bottom rows. Everything scales with the panel, from 16×8 to 128×64.
public struct BrickLayout: Equatable, Sendable {
    /// The panel's size in LEDs.
    public let width: Int, height: Int
    /// Rows at the top kept for the score (0 on panels under 16 rows).
    public let scoreHeight: Int
    /// One brick's size.
    public let brickWidth: Int, brickHeight: Int
    /// The wall: bricks per row and rows.
    public let columns: Int, rows: Int
    /// The wall's top-left corner.
    public let wallLeft: Int, wallTop: Int
    /// The paddle's size and the row of its top.
    public let paddleWidth: Int, paddleHeight: Int, paddleTop: Int
    /// How far one detent moves the paddle.
    public let paddleStep: Int
    /// The ball's side.
    public let ballSize: Int

    /// The layout for a `width × height` panel with `scoreHeight` rows for the score.
    public init(width: Int, height: Int, scoreHeight: Int) {
        self.width = width; self.height = height; self.scoreHeight = scoreHeight
        brickWidth = max(2, width / 8)
        brickHeight = max(1, height / 16)
        columns = width / brickWidth
        rows = height >= 32 ? 4 : height >= 16 ? 3 : 2
        wallLeft = (width - columns * brickWidth) / 2
        wallTop = scoreHeight + (height >= 16 ? brickHeight : 0)
        paddleWidth = max(3, width / 5)
        paddleHeight = max(1, height / 32)
        paddleTop = height - paddleHeight
        paddleStep = max(1, width / 16)
        ballSize = max(1, height / 32)
    }

    /// The brick at `column`, `row` as x, y, width, height in LEDs.
    public func brick(column: Int, row: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        (wallLeft + column * brickWidth, wallTop + row * brickHeight, brickWidth, brickHeight)
    }
}
