import PixelCore
import PixelGames
import PixelInputs
import Testing
@testable import PixelUI

@Suite struct GamesMenuTests {
    /// An app with `kind` chosen from Extras → Games at time 0.
    static func app(playing kind: GameKind, width: Int = 64, height: Int = 32, settings: Settings = Settings()) -> PixelWheelApp {
        var app = PixelWheelApp(width: width, height: height, framesPerSecond: 60, settings: settings, version: "test")
        let actions: [InputAction] = [.rotate(3), .select, .rotate(2), .select, .rotate(kind == .brick ? 0 : 1), .select]
        for action in actions { app.handle(InputEvent(action, at: .zero)) }
        return app
    }

    static func brick(_ app: PixelWheelApp) -> BrickGame? {
        if case let .brick(game)? = app.currentGame?.board { return game }
        return nil
    }

    @Test func extrasListsClockScrollingTextAndGames() {
        var app = PixelWheelApp(width: 64, height: 32, framesPerSecond: 60, version: "test")
        for action in [InputAction.rotate(3), .select] { app.handle(InputEvent(action, at: .zero)) }
        #expect(app.menuEntries.map(\.title) == ["Clock", "Scrolling Text", "Games"])
        for action in [InputAction.rotate(2), .select] { app.handle(InputEvent(action, at: .zero)) }
        #expect(app.menuEntries.map(\.title) == ["Brick", "Snake"])
    }

    @Test func selectingBrickShowsTheBallOnThePaddleAndTheWheelMovesThePaddle() {
        var app = Self.app(playing: .brick)
        #expect(app.screen == .game)
        let game = try! #require(Self.brick(app))
        #expect(game.phase == .serving)
        app.handle(InputEvent(.rotate(3), at: .milliseconds(100)))
        #expect(Self.brick(app)?.paddleX == game.paddleX + 3 * game.layout.paddleStep)
        // The next frame shows the paddle where the detents put it.
        var canvas = Canvas(width: 64, height: 32, supersampling: .x1)
        app.render(into: &canvas, at: .milliseconds(116))
        let frame = canvas.downsample()
        let lit = (0..<64).filter { frame[$0, 31] != .black }
        #expect(lit.first == game.paddleX + 3 * game.layout.paddleStep)
        #expect(lit.count == game.layout.paddleWidth)
    }

    @Test func aLaunchedBallMovesAndMenuPausesUntilNowPlaying() {
        var app = Self.app(playing: .brick)
        app.handle(InputEvent(.select, at: .milliseconds(10)))  // launch
        app.update(at: .milliseconds(500))
        let moving = try! #require(Self.brick(app))
        #expect(moving.phase == .playing)
        app.handle(InputEvent(.menu, at: .milliseconds(500)))
        #expect(app.screen == .menu)
        #expect(app.isPaused)
        app.update(at: .seconds(60))
        #expect(Self.brick(app) == moving, "nothing moves behind the menu")
        #expect(app.menuTitle == "Games")
        app.handle(InputEvent(.menu, at: .seconds(60)))
        app.handle(InputEvent(.menu, at: .seconds(60)))
        #expect(app.menuEntries.last?.title == "Now Playing")
        let row = app.menuEntries.count - 1
        app.handle(InputEvent(.rotate(row - app.selectedIndex), at: .seconds(61)))
        app.handle(InputEvent(.select, at: .seconds(61)))
        #expect(app.screen == .game)
        #expect(!app.isPaused)
        app.update(at: .milliseconds(61_200))
        #expect(Self.brick(app) != moving, "playing on from where it stopped")
        #expect(app.nowPlayingTitle == "Brick")
    }

    @Test func snakeWithNoInputEndsAndItsBestScoreIsSavedWithTheSettings() throws {
        var settings = Settings()
        settings.bestScores[.snake] = 0
        var app = Self.app(playing: .snake, settings: settings)
        let revision = app.settingsRevision
        var time = 0
        while app.currentGame?.isOver == false && time < 120_000 {
            time += 100
            app.update(at: .milliseconds(time))
        }
        #expect(app.currentGame?.isOver == true)
        // No food eaten: the best stays 0 and nothing needs saving.
        #expect(app.settingsRevision == revision)
        // A best score round-trips through the settings file.
        var better = app.settings
        better.bestScores[.brick] = 42
        let read = try Settings(fileText: better.fileText)
        #expect(read.bestScores[.brick] == 42)
        #expect(better.fileText.contains("best-brick = 42"))
        #expect(throws: SettingsError.self) { try Settings(fileText: "best-brick = -3") }
        #expect(throws: SettingsError.self) { try Settings(fileText: "best-tetris = 3") }
    }

    @Test func aNewBestScoreChangesTheSettings() {
        var app = Self.app(playing: .brick, width: 32, height: 16)
        let revision = app.settingsRevision
        // Launch and keep the paddle under the ball until a brick falls.
        var time = 0
        app.handle(InputEvent(.select, at: .zero))
        while (app.currentGame?.score ?? 0) == 0 && time < 60_000 {
            time += 10
            app.update(at: .milliseconds(time))
        }
        // Nothing is saved until the game ends; then the score is the new best.
        while time < 600_000 {
            time += 250
            app.update(at: .milliseconds(time))
            if app.currentGame?.isOver != false { break }
            app.handle(InputEvent(.select, at: .milliseconds(time)))
        }
        #expect(app.currentGame?.isOver == true)
        #expect(app.settings.bestScores[.brick] == app.currentGame?.score)
        #expect(app.settingsRevision > revision)
    }

    @Test func startingAnEffectEndsTheGameAndPowerOffPausesIt() {
        var app = Self.app(playing: .snake)
        app.handle(InputEvent(.remote(.power(false)), at: .milliseconds(100)))
        #expect(app.currentGame?.isPaused == true, "on: false pauses the game")
        let board = app.currentGame?.board
        app.update(at: .seconds(30))
        #expect(app.currentGame?.board == board)
        app.handle(InputEvent(.remote(.power(true)), at: .seconds(31)))
        #expect(app.screen == .game)
        app.handle(InputEvent(.remote(.effect(0)), at: .seconds(32)))
        #expect(app.currentGame == nil)
        #expect(app.nowPlayingTitle == "DVD Bounce")
    }

    @Test func aPanelUnder16x8SaysWhatTheGameNeeds() {
        var app = Self.app(playing: .brick, width: 8, height: 8)
        #expect(app.screen == .game)
        var canvas = Canvas(width: 8, height: 8, supersampling: .x1)
        app.render(into: &canvas, at: .seconds(1))
        #expect(canvas.downsample().pixels.contains { $0 != .black }, "a scrolling message")
        #expect(app.currentGame?.fitsPanel == false)
    }
}
