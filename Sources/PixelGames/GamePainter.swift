import PixelCore

/// Draws a game's board: the pieces on black, with the score line above them. The app draws
/// the screens around a game (game over, a panel too small) in the menu's own style.
public enum GamePainter {
    /// The rows the score line takes on a panel `height` rows tall drawn in `font`: none under
    /// 16 rows, where the score shows only while the game waits (serving or paused).
    public static func scoreHeight(height: Int, font: PixelFont) -> Int {
        height >= 16 ? font.ascent + 1 : 0
    }

    /// Draws `session`'s board on `canvas`, the score in `font`; `monochrome` panels get every
    /// piece in white.
    public static func draw(_ session: GameSession, on canvas: inout Canvas, font: PixelFont, monochrome: Bool) {
        canvas.clear()
        func colour(_ c: Color) -> Color { monochrome ? .white : c }
        let waiting: Bool
        let scoreHeight: Int
        var lives = 0
        switch session.board {
        case let .brick(game)?:
            let layout = game.layout
            scoreHeight = layout.scoreHeight
            for row in 0..<layout.rows {
                for column in 0..<layout.columns where game.bricks[row * layout.columns + column] {
                    let brick = layout.brick(column: column, row: row)
                    // A dark seam between neighbours where bricks are wide enough to show one.
                    let seam = brick.width >= 4 ? 1 : 0
                    canvas.fillRect(Rect(x: Fixed(brick.x), y: Fixed(brick.y), width: Fixed(brick.width - seam), height: Fixed(brick.height)),
                                    color: colour(rowColours[row % rowColours.count]))
                }
            }
            canvas.fillRect(Rect(x: Fixed(game.paddleX), y: Fixed(layout.paddleTop), width: Fixed(layout.paddleWidth), height: Fixed(layout.paddleHeight)),
                            color: colour(Color(red: 200, green: 200, blue: 210)))
            if game.phase != .over {
                let side = Fixed(layout.ballSize)
                canvas.fillRect(Rect(x: Fixed(raw: Int32(game.ballX << 8)), y: Fixed(raw: Int32(game.ballY << 8)), width: side, height: side),
                                color: .white)
            }
            waiting = game.phase == .serving || session.isPaused
            lives = game.lives
        case let .snake(game)?:
            let layout = game.layout
            scoreHeight = layout.scoreHeight
            func fill(_ cell: Int, _ color: Color) {
                let x = layout.left + (cell % layout.columns) * layout.cell, y = layout.top + (cell / layout.columns) * layout.cell
                canvas.fillRect(Rect(x: Fixed(x), y: Fixed(y), width: Fixed(layout.cell), height: Fixed(layout.cell)), color: colour(color))
            }
            // The field's edge, faintly, where there is room outside it.
            if layout.scoreHeight > 0 {
                canvas.fillRect(Rect(x: 0, y: Fixed(layout.scoreHeight - 1), width: Fixed(layout.width), height: 1),
                                color: colour(Color(red: 40, green: 40, blue: 48)))
            }
            if let food = game.food { fill(food, Color(red: 255, green: 40, blue: 40)) }
            for cell in game.body.dropLast() { fill(cell, Color(red: 20, green: 170, blue: 40)) }
            fill(game.head, game.phase == .over ? Color(red: 255, green: 200, blue: 0) : Color(red: 120, green: 255, blue: 120))
            waiting = session.isPaused
        case nil:
            return
        }
        let text = "\(session.score)"
        let textColour = colour(Color(red: 190, green: 190, blue: 190))
        if scoreHeight > 0 {
            canvas.fillRect(Rect(x: 0, y: 0, width: Fixed(canvas.width), height: Fixed(scoreHeight - 1)), color: .black)
            _ = canvas.drawText(text, font: font, at: Point(x: 1, y: 0), color: textColour)
            // Brick's spare lives as dots at the right.
            for life in 0..<max(0, lives - 1) {
                canvas.fillRect(Rect(x: Fixed(canvas.width - 3 * (life + 1)), y: Fixed(scoreHeight / 2 - 1), width: 2, height: 2),
                                color: colour(Color(red: 255, green: 60, blue: 60)))
            }
        } else if waiting {
            // Small panels: the score over the board's top-right corner, while nothing moves.
            let small = PixelFont.tiny3x5
            let x = canvas.width - small.width(of: text)
            canvas.fillRect(Rect(x: Fixed(x - 1), y: 0, width: Fixed(canvas.width - x + 1), height: Fixed(small.ascent + 1)), color: .black)
            _ = canvas.drawText(text, font: small, at: Point(x: Fixed(x), y: 0), color: textColour)
        }
        if session.isPaused {
            // Two bars at the centre.
            let x = canvas.width / 2 - 2, y = canvas.height / 2 - 2
            canvas.fillRect(Rect(x: Fixed(x), y: Fixed(y), width: 1, height: 4), color: .white)
            canvas.fillRect(Rect(x: Fixed(x + 3), y: Fixed(y), width: 1, height: 4), color: .white)
        }
    }

    /// The wall's colours, top row first, as the iPod's Brick.
    static let rowColours: [Color] = [
        Color(red: 230, green: 40, blue: 40), Color(red: 240, green: 140, blue: 20), Color(red: 230, green: 210, blue: 30),
        Color(red: 40, green: 190, blue: 60), Color(red: 40, green: 110, blue: 240),
    ]
}
