import PixelCore
import Testing
@testable import PixelGames

@Suite struct BrickGameTests {
    static func game(_ width: Int = 64, _ height: Int = 32) -> BrickGame {
        BrickGame(layout: BrickLayout(width: width, height: height, scoreHeight: height >= 16 ? 6 : 0))
    }

    @Test func theBallWaitsOnThePaddleUntilLaunched() {
        var game = Self.game()
        let start = (game.ballX, game.ballY)
        for _ in 0..<100 { game.step() }
        #expect(game.phase == .serving)
        #expect((game.ballX, game.ballY) == start)
        game.launch()
        for _ in 0..<10 { game.step() }
        #expect(game.phase == .playing)
        #expect(game.ballY < start.1, "a launched ball rises")
        #expect(game.ballX != start.0)
    }

    @Test(arguments: [(16, 8), (32, 16), (64, 32), (128, 64)])
    func aDetentMovesThePaddleByAStepScaledToTheWidth(size: (Int, Int)) {
        var game = Self.game(size.0, size.1)
        let before = game.paddleX
        game.movePaddle(detents: 1)
        #expect(game.paddleX == before + max(1, size.0 / 16))
        game.movePaddle(detents: -1000)
        #expect(game.paddleX == 0, "kept on the panel")
        game.movePaddle(detents: 1000)
        #expect(game.paddleX == size.0 - game.layout.paddleWidth)
        // While serving, the ball rides on the paddle.
        #expect(game.ballX / BrickGame.unit >= game.paddleX)
    }

    @Test(arguments: [(16, 8), (64, 32), (128, 64)])
    func aGameWhosePaddleNeverMovesLosesAllThreeLives(size: (Int, Int)) {
        var game = Self.game(size.0, size.1)
        var ticks = 0
        while game.phase != .over && ticks < 200_000 {
            if game.phase == .serving { game.launch() }
            game.step()
            ticks += 1
        }
        #expect(game.phase == .over)
        #expect(game.lives == 0)
    }

    @Test func bricksFallScoreAndSpeedTheBallUp() {
        var game = Self.game()
        let speed = game.speed
        game.launch()
        var ticks = 0
        while game.score == 0 && ticks < 10_000 { game.step(); ticks += 1 }
        #expect(game.score > 0)
        #expect(game.bricks.contains(false))
        #expect(game.speed > speed)
    }

    /// A player that keeps the paddle under the ball clears the wall and reaches level 2.
    @Test func clearingTheWallIsTheNextLevel() {
        var game = Self.game(32, 16)
        var ticks = 0
        while game.level == 1 && game.phase != .over && ticks < 400_000 {
            if game.phase == .serving { game.launch() }
            let centre = game.ballX / BrickGame.unit - game.layout.paddleWidth / 2 + (ticks / 977) % 3 - 1
            if centre < game.paddleX { game.movePaddle(detents: -1) } else if centre > game.paddleX { game.movePaddle(detents: 1) }
            game.step()
            ticks += 1
        }
        #expect(game.level == 2, "level \(game.level), \(game.lives) lives, score \(game.score) after \(ticks) ticks")
        #expect(!game.bricks.contains(false), "a full wall again")
    }

    @Test func theSameInputsGiveTheSameGame() {
        func play() -> BrickGame {
            var game = Self.game()
            for tick in 0..<3000 {
                if tick % 700 == 0 { game.launch() }
                if tick % 13 == 0 { game.movePaddle(detents: tick % 2 == 0 ? 1 : -1) }
                game.step()
            }
            return game
        }
        #expect(play() == play())
    }
}
