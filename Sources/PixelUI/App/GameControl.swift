import PixelCore
import PixelGames
import PixelInputs

extension PixelWheelApp {
    /// The game in play or paused, if any: its kind, score and best, for the runtime and the API.
    public var currentGame: GameSession? { game }

    /// The font of a game's score line: the menu's, so the score reads like the menu.
    var gameFont: PixelFont { MenuLayout.font(width: width, height: height) }

    /// Starts a new game of `kind` at `time`, full screen, ending the effect that played.
    mutating func startGame(_ kind: GameKind, at time: FrameTime) {
        player = nil
        game = GameSession(kind: kind, width: width, height: height,
                           scoreHeight: GamePainter.scoreHeight(height: height, font: gameFont),
                           best: settings.bestScores[kind] ?? 0, seed: seed, at: time)
        gameSeenAt = time
        screen = .game
    }

    /// Shows the game again and plays on (Now Playing).
    mutating func resumeGame(at time: FrameTime) {
        screen = .game
        gameSeenAt = time
        game?.resume(at: time)
    }

    /// The wheel on a game's screen: turns, the centre button and ⏯ play the game; MENU pauses
    /// it and goes back to the menu. Whether `event` was used (next and previous are not).
    mutating func handleGame(_ event: InputEvent) -> Bool {
        guard game != nil else { return false }
        let input: GameInput
        switch event.action {
        case let .rotate(steps): input = .turn(steps)
        case .select:
            click()
            input = .press
        case .playPause: input = .playPause
        case .menu:
            game?.pause(at: event.time)
            screen = .menu
            return true
        default: return false
        }
        game?.handle(input, at: event.time)
        recordBestScore()
        return true
    }

    /// Steps the game while it is on screen; stops its play time where the screen left it
    /// (MENU, the panel turned off, the hold-to-confirm ring).
    mutating func updateGame(at time: FrameTime) {
        guard game != nil else { return }
        if screen == .game {
            game?.advance(to: time)
            gameSeenAt = time
            recordBestScore()
        } else if game?.isPaused == false {
            game?.pause(at: gameSeenAt)
        }
    }

    /// Saves a game's new best score with the settings.
    private mutating func recordBestScore() {
        guard let game, game.best > (settings.bestScores[game.kind] ?? 0) else { return }
        changeSettings { $0.bestScores[game.kind] = game.best }
    }

    /// The game's screen: its board, or the game-over card with the best score, or, on a
    /// panel too small to play on, what it needs.
    func drawGame(on canvas: inout Canvas, palette: ThemePalette, time: FrameTime) {
        guard let game else { return }
        let big = MenuLayout.forHeight(height) == .list
        if !game.fitsPanel {
            ScreenPainter.lines(on: &canvas, title: game.kind.title,
                                lines: ["Needs at least \(GameKind.minimumWidth)x\(GameKind.minimumHeight)"], palette: palette, time: time)
        } else if game.isOver {
            ScreenPainter.lines(on: &canvas, title: "Game Over",
                                lines: (big ? [] : ["Game over"]) + ["Score \(game.score)", "Best \(game.best)", "Press to play"],
                                palette: palette, time: time)
        } else {
            GamePainter.draw(game, on: &canvas, font: gameFont, monochrome: monochrome)
        }
    }
}

/// What the WLED API reports of the game in play: `/json/state`'s `game` and the segment's name.
public struct GameReport: Equatable, Sendable {
    /// The game's key (`brick`, `snake`) and its name in the menu.
    public var key: String, name: String
    /// The score of the game in play and the best so far.
    public var score: Int, best: Int
    /// Whether play is paused (MENU, ⏯, or the panel turned off).
    public var paused: Bool
    /// Whether the game has ended and waits for a new one.
    public var over: Bool
}

extension PixelWheelApp {
    /// The game in play or paused, as the API reports it; nil when none is.
    public var gameReport: GameReport? {
        game.map { GameReport(key: $0.kind.rawValue, name: $0.kind.title, score: $0.score, best: $0.best, paused: $0.isPaused, over: $0.isOver) }
    }
}
