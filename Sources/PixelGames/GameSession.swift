import PixelCore

/// One game being played: Brick or Snake, its play time, pause and best score. The app hands
/// it the wheel's input and the frame times; it steps the game on its own 10 ms ticks.
public struct GameSession: Equatable, Sendable {
    /// The game in play, by kind.
    public enum Board: Equatable, Sendable {
        case brick(BrickGame)
        case snake(SnakeGame)
    }

    /// Which game.
    public let kind: GameKind
    /// The game; nil on a panel under `GameKind.minimumWidth × minimumHeight`.
    public private(set) var board: Board?
    /// Whether play is paused (by the button, or by leaving the game's screen).
    public private(set) var isPaused = false
    /// The best score, this game's included once it ends.
    public private(set) var best: Int
    /// Games started in this session, mixed into the seed so each new game differs.
    private var gamesStarted = 0
    private var ticks = GameTicks()
    private let seed: UInt64
    private let width: Int, height: Int, scoreHeight: Int

    /// A game of `kind` on a `width × height` panel with `scoreHeight` rows for the score,
    /// started at `time`: Snake moves at once, Brick waits for a launch. `best` is the best
    /// score so far; `seed` fixes Snake's food.
    public init(kind: GameKind, width: Int, height: Int, scoreHeight: Int, best: Int, seed: UInt64, at time: FrameTime) {
        self.kind = kind; self.width = width; self.height = height; self.scoreHeight = scoreHeight
        self.best = best; self.seed = seed
        newGame(at: time)
    }

    /// Whether the panel is big enough for the game.
    public var fitsPanel: Bool { width >= GameKind.minimumWidth && height >= GameKind.minimumHeight }

    /// The score of the game in play.
    public var score: Int {
        switch board {
        case let .brick(game)?: return game.score
        case let .snake(game)?: return game.score
        case nil: return 0
        }
    }

    /// Whether the game has ended (the game-over screen).
    public var isOver: Bool {
        switch board {
        case let .brick(game)?: return game.phase == .over
        case let .snake(game)?: return game.phase == .over
        case nil: return false
        }
    }

    /// Applies `input` at `time`, after stepping the game up to it. The centre button starts a
    /// new game once one is over.
    public mutating func handle(_ input: GameInput, at time: FrameTime) {
        advance(to: time)
        if isOver {
            if input == .press { newGame(at: time) }
            return
        }
        switch (input, board) {
        case (.playPause, _):
            isPaused ? resume(at: time) : pause(at: time)
        case (_, _) where isPaused:
            if input == .press { resume(at: time) }
        case let (.turn(detents), .brick(game)?):
            var game = game
            game.movePaddle(detents: detents)
            board = .brick(game)
        case let (.press, .brick(game)?):
            var game = game
            game.launch()
            board = .brick(game)
        case let (.turn(detents), .snake(game)?):
            var game = game
            game.turn(detents)
            board = .snake(game)
        case (.press, .snake?):
            pause(at: time)
        case (_, nil):
            break
        }
    }

    /// Steps the game through the ticks played by `time`; a game that ends records its best.
    public mutating func advance(to time: FrameTime) {
        let count = ticks.take(upTo: time)
        guard count > 0, let current = board else { return }
        switch current {
        case var .brick(game):
            for _ in 0..<count where game.phase != .over { game.step() }
            board = .brick(game)
        case var .snake(game):
            for _ in 0..<count where game.phase != .over { game.step() }
            board = .snake(game)
        }
        if isOver {
            best = max(best, score)
            ticks.stop(at: time)
        }
    }

    /// Stops play at `time` (the game is left as it is).
    public mutating func pause(at time: FrameTime) {
        advance(to: time)
        ticks.stop(at: time)
        isPaused = true
    }

    /// Plays on from `time`.
    public mutating func resume(at time: FrameTime) {
        isPaused = false
        if !isOver { ticks.start(at: time) }
    }

    private mutating func newGame(at time: FrameTime) {
        gamesStarted += 1
        isPaused = false
        ticks = GameTicks()
        guard fitsPanel else { board = nil; return }
        switch kind {
        case .brick:
            board = .brick(BrickGame(layout: BrickLayout(width: width, height: height, scoreHeight: scoreHeight)))
        case .snake:
            board = .snake(SnakeGame(layout: SnakeGame.Layout(width: width, height: height, scoreHeight: scoreHeight),
                                     seed: Mix.hash(seed, gamesStarted)))
        }
        ticks.start(at: time)
    }
}
