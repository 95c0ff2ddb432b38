import PixelCore
import Testing
@testable import PixelGames

@Suite struct GameSessionTests {
    static func ms(_ n: Int) -> FrameTime { .milliseconds(n) }

    @Test func playTimeStopsWhilePausedAndCatchesUpBoundedly() {
        var ticks = GameTicks()
        ticks.start(at: Self.ms(0))
        #expect(ticks.take(upTo: Self.ms(95)) == 9)
        ticks.stop(at: Self.ms(100))
        #expect(ticks.take(upTo: Self.ms(5000)) == 1, "no time passes while stopped")
        ticks.start(at: Self.ms(5000))
        #expect(ticks.take(upTo: Self.ms(5030)) == 3)
        #expect(ticks.take(upTo: Self.ms(65_030)) == Int(GameTicks.maximumCatchUp))
        #expect(ticks.take(upTo: Self.ms(65_030)) == 0)
        #expect(ticks.take(upTo: Self.ms(1000)) == 0, "time going back takes nothing")
    }

    @Test func snakeWithNoInputEndsAndRecordsTheBestScore() {
        var session = GameSession(kind: .snake, width: 32, height: 16, scoreHeight: 6, best: 0, seed: 1, at: .zero)
        session.advance(to: .seconds(30))
        #expect(session.isOver)
        #expect(session.best == session.score)
        // The centre button starts a new game.
        session.handle(.press, at: .seconds(31))
        #expect(!session.isOver)
    }

    @Test func aBestScoreIsKeptWhenAGameScoresLess() {
        var session = GameSession(kind: .brick, width: 64, height: 32, scoreHeight: 6, best: 99, seed: 1, at: .zero)
        var time = 0
        while time < 600_000 {
            session.advance(to: Self.ms(time))
            if session.isOver { break }
            session.handle(.press, at: Self.ms(time))  // launches whenever the ball waits
            time += 500
        }
        #expect(session.isOver)
        #expect(session.best == 99)
    }

    @Test func pausedPlayDoesNotMove() {
        var session = GameSession(kind: .snake, width: 32, height: 16, scoreHeight: 6, best: 0, seed: 1, at: .zero)
        session.handle(.press, at: Self.ms(100))  // Snake: the centre pauses
        #expect(session.isPaused)
        let board = session.board
        session.advance(to: .seconds(20))
        #expect(session.board == board)
        session.handle(.turn(1), at: .seconds(21))
        #expect(session.board == board, "turns are dropped while paused")
        session.handle(.playPause, at: .seconds(22))
        #expect(!session.isPaused)
        session.advance(to: Self.ms(22_500))
        #expect(session.board != board)
    }

    @Test func aPanelUnder16x8HasNoBoard() {
        let session = GameSession(kind: .brick, width: 8, height: 8, scoreHeight: 0, best: 0, seed: 1, at: .zero)
        #expect(!session.fitsPanel)
        #expect(session.board == nil)
    }

    @Test(arguments: GameKind.allCases)
    func theBoardIsDrawnWithItsScoreLine(kind: GameKind) {
        let session = GameSession(kind: kind, width: 64, height: 32, scoreHeight: 6, best: 0, seed: 1, at: .zero)
        var canvas = Canvas(width: 64, height: 32, supersampling: .x2)
        GamePainter.draw(session, on: &canvas, font: .tiny3x5, monochrome: false)
        let frame = canvas.downsample()
        // "0" in the score line's top-left corner, and the board lit below it.
        #expect((0..<6).contains { y in (0..<5).contains { x in frame[x, y] != .black } })
        #expect((6..<32).contains { y in (0..<64).contains { x in frame[x, y] != .black } })
    }
}
