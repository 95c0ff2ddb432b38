import PixelCore
import Testing
@testable import PixelGames

@Suite struct SnakeGameTests {
    static func game(_ width: Int = 32, _ height: Int = 16, seed: UInt64 = 7) -> SnakeGame {
        SnakeGame(layout: SnakeGame.Layout(width: width, height: height, scoreHeight: height >= 16 ? 6 : 0), seed: seed)
    }

    /// Steps until the head moves once.
    static func move(_ game: inout SnakeGame) {
        let head = game.head
        var ticks = 0
        while game.head == head && game.phase == .playing && ticks < 100 { game.step(); ticks += 1 }
    }

    @Test func withNoInputTheSnakeRunsIntoTheWall() {
        var game = Self.game()
        let columns = game.layout.columns
        var moves = 0
        while game.phase == .playing && moves < 1000 { Self.move(&game); moves += 1 }
        #expect(game.phase == .over)
        #expect(moves <= columns, "straight to the right-hand wall")
    }

    @Test func aDetentTurnsTheSnakeOnce() {
        var game = Self.game()
        let columns = game.layout.columns
        let head = game.head
        game.turn(1)  // clockwise: right → down
        Self.move(&game)
        #expect(game.head == head + columns)
        game.turn(-1)  // back to the right
        Self.move(&game)
        #expect(game.head == head + columns + 1)
    }

    @Test func aQuickDoubleTurnIsAUTurnAndMoreTurnsAreDropped() {
        var game = Self.game()
        let columns = game.layout.columns
        let head = game.head
        game.turn(5)  // two kept: down, then left
        Self.move(&game)
        Self.move(&game)
        #expect(game.head == head + columns - 1)
        Self.move(&game)
        #expect(game.head == head + columns - 2, "no third turn")
    }

    /// Steers to the food until `count` have been eaten: rows first, then columns, one turn a move.
    static func eat(_ count: Int, _ game: inout SnakeGame) {
        let columns = game.layout.columns
        var moves = 0
        while game.score < count && game.phase == .playing && moves < 2000, let food = game.food {
            let (fx, fy) = (food % columns, food / columns), (hx, hy) = (game.head % columns, game.head / columns)
            let heading = game.headingForTest
            let want = fy > hy ? 1 : fy < hy ? 3 : fx > hx ? 0 : 2
            if want != heading { game.turn((want - heading + 4) % 4 == 3 ? -1 : 1) }
            move(&game)
            moves += 1
        }
    }

    @Test func eatingGrowsTheSnakeAndPlacesNewFood() {
        var game = Self.game()
        Self.eat(1, &game)
        #expect(game.score == 1)
        #expect(game.body.count == 4)
        #expect(game.food != nil && !game.body.contains(game.food!))
        #expect(game.moveInterval <= 16)
    }

    @Test func runningIntoItselfEndsTheGame() {
        var game = Self.game(64, 32)
        Self.eat(2, &game)
        #expect(game.body.count == 5)
        // Three right turns in three moves: the head comes back onto the body's fourth cell.
        for _ in 0..<3 where game.phase == .playing {
            game.turn(1)
            Self.move(&game)
        }
        #expect(game.phase == .over)
    }

    @Test func theSameSeedGivesTheSameFood() {
        #expect(Self.game(seed: 3).food == Self.game(seed: 3).food)
        let foods = Set((1...20).map { Self.game(seed: UInt64($0)).food })
        #expect(foods.count > 5, "food placement follows the seed")
    }

    @Test(arguments: [(16, 8), (32, 16), (64, 32), (128, 64)])
    func theGridFitsThePanel(size: (Int, Int)) {
        let layout = SnakeGame.Layout(width: size.0, height: size.1, scoreHeight: size.1 >= 16 ? 6 : 0)
        #expect(layout.left + layout.columns * layout.cell <= size.0)
        #expect(layout.top + layout.rows * layout.cell <= size.1)
        #expect(layout.top >= layout.scoreHeight)
        #expect(layout.columns >= 8 && layout.rows >= 4)
    }
}

extension SnakeGame {
    /// The heading, read from the last two cells (0 right, 1 down, 2 left, 3 up).
    var headingForTest: Int {
        let columns = layout.columns
        let d = body[body.count - 1] - body[body.count - 2]
        return d == 1 ? 0 : d == columns ? 1 : d == -1 ? 2 : 3
    }
}
