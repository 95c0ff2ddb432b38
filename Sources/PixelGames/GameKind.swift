/// The games in Extras → Games.
public enum GameKind: String, CaseIterable, Sendable {
    /// The iPod's Brick: a paddle the wheel moves, a ball, a wall of bricks.
    case brick
    /// Snake: the wheel turns the snake left or right, a detent a turn.
    case snake

    /// The name in the menu.
    public var title: String {
        switch self {
        case .brick: return "Brick"
        case .snake: return "Snake"
        }
    }

    /// The smallest panel a game is played on, in LEDs.
    public static let minimumWidth = 16, minimumHeight = 8
}

/// What the wheel asks of a game.
public enum GameInput: Equatable, Sendable {
    /// Detents of the wheel: positive clockwise.
    case turn(Int)
    /// The centre button.
    case press
    /// The play/pause button.
    case playPause
}
