import PixelCore

/// What a person did, from any source: the encoder and its push switch, GPIO buttons, the
/// simulator's keyboard, a script. Every source speaks this one vocabulary.
public enum InputAction: Hashable, Sendable {
    /// The wheel turned by this many steps: positive is clockwise (down the list).
    case rotate(Int)
    /// The centre button (the encoder's push switch) was clicked.
    case select
    /// MENU: go back one level.
    case menu
    /// Play/pause the effect on screen.
    case playPause
    /// Next effect.
    case next
    /// Previous effect.
    case previous
    /// A button was held for at least the long-press time; `button` says which.
    case longPress(Button)
    /// A held button was let go after a long press (ends a hold-to-confirm).
    case release(Button)
    /// A change asked for over the network (the WLED JSON API).
    case remote(RemoteCommand)
    /// What the network streams brought since the last poll, in order (empty: nothing, and
    /// time passed, which is how a stream times out). One a frame when streams are on.
    case streams([StreamSignal])

    /// The physical buttons that can be long-pressed.
    public enum Button: String, Hashable, Sendable {
        case select, menu, playPause, next, previous
    }
}

/// An action and when it happened, on the frame clock's timeline.
public struct InputEvent: Hashable, Sendable {
    /// What the person did.
    public var action: InputAction
    /// When it happened, on the frame clock's timeline.
    public var time: FrameTime

    /// `action`, happening at `time`.
    public init(_ action: InputAction, at time: FrameTime) {
        self.action = action
        self.time = time
    }
}
