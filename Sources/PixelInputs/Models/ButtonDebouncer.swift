import PixelCore

/// Turns the raw, bouncing level of one push button into clicks, long presses and releases.
///
/// **Debouncing.** A change of the line is accepted only once the line has stayed at the new
/// level for `debounce` (default 10 ms): a glitch shorter than that is ignored entirely, and a
/// bouncing edge is accepted `debounce` after its *last* bounce. Every event is stamped with
/// the instant the debouncer can know it, so a press is known `debounce` after the edge that
/// began the stable level, and so is a release. The hold time, measured from the accepted
/// press to the accepted release, therefore equals the time between those two edges.
///
/// **Events.**
/// - Released before `longPress` (default 600 ms) of hold: one `clickAction` at the accepted
///   release (by default the button's own action: `.select` for the encoder's push switch).
/// - Held for `longPress`: one `.longPress(button)` at exactly accepted press + `longPress`,
///   without waiting for a release or another edge. Nothing in the input marks that instant,
///   so the owner calls `advance(to:)` as time passes (once per frame is plenty); feeding a
///   later sample does the same.
/// - Released after a long press: `.release(button)` at the accepted release, and no click.
///
/// The results do not depend on how often `advance(to:)` is called: events are computed at
/// their own instants and returned, in time order, by the first call that reaches them.
/// Times must not go backwards; a time earlier than the latest one seen is treated as the
/// latest.
///
/// **Wiring.** By default the button is active low: it shorts the line to ground when pressed
/// and a pull-up holds it high when released (`feed(level:at:)` with `false` means pressed).
/// Sources that already know pressed from released use `feed(pressed:at:)`.
public struct ButtonDebouncer: Sendable {
    /// Which button this is; named in `.longPress` and `.release` events.
    public let button: InputAction.Button
    /// The action emitted for a click (a press released before `longPress`).
    public let clickAction: InputAction
    /// Whether a low line level (`false`) means pressed.
    public let activeLow: Bool
    /// How long the line must stay at a new level before the change is accepted.
    public let debounce: FrameTime
    /// How long the button must be held (accepted press to accepted release) to be a long press.
    public let longPress: FrameTime

    /// The debounced state: whether the button is pressed, as of the latest time seen.
    public private(set) var isPressed = false

    /// The latest raw level, as pressed (`true`) or released.
    private var rawPressed = false
    /// When the raw level last changed.
    private var rawChangedAt = FrameTime.zero
    /// When the current debounced press was accepted.
    private var pressedAt = FrameTime.zero
    /// Whether the current press has already produced its long press.
    private var longPressSent = false
    /// The latest time seen.
    private var now = FrameTime.zero

    /// A debouncer for `button`.
    ///
    /// - Parameters:
    ///   - button: which button this is.
    ///   - clickAction: the action for a click; `nil` (the default) uses the button's own action
    ///     (`.select`, `.menu`, `.playPause`, `.next` or `.previous`).
    ///   - activeLow: `true` (the default) when the button pulls the line low when pressed.
    ///   - debounce: how long a new level must be stable to be accepted, default 10 ms; ≥ 0.
    ///   - longPress: hold time for a long press, default 600 ms; must be longer than zero.
    ///   - start: the time of the first sample, default 0; the button starts released.
    public init(
        button: InputAction.Button = .select,
        clickAction: InputAction? = nil,
        activeLow: Bool = true,
        debounce: FrameTime = .milliseconds(10),
        longPress: FrameTime = .milliseconds(600),
        start: FrameTime = .zero
    ) {
        precondition(debounce.nanoseconds >= 0, "the debounce time cannot be negative")
        precondition(longPress.nanoseconds > 0, "the long-press time must be positive")
        self.button = button
        self.clickAction = clickAction ?? Self.ownAction(of: button)
        self.activeLow = activeLow
        self.debounce = debounce
        self.longPress = longPress
        self.now = start
        self.rawChangedAt = start
    }

    /// Feeds a sample of the raw line `level` (`true` is high) read at `time`; returns the
    /// events due up to and including `time`. Repeating the current level changes nothing, so
    /// both edge reports and polled levels work.
    public mutating func feed(level: Bool, at time: FrameTime) -> [InputEvent] {
        feed(pressed: level != activeLow, at: time)
    }

    /// Feeds a raw sample that already says whether the contact is `pressed` at `time`;
    /// returns the events due up to and including `time`.
    public mutating func feed(pressed: Bool, at time: FrameTime) -> [InputEvent] {
        var events = advance(to: time)
        if pressed != rawPressed {
            rawPressed = pressed
            rawChangedAt = now
            // With no debounce time the change is due at once.
            events += advance(to: now)
        }
        return events
    }

    /// Lets time pass to `time` with no new sample; returns the events due up to and including
    /// `time` (an accepted press or release, a long press reaching its threshold).
    public mutating func advance(to time: FrameTime) -> [InputEvent] {
        if time > now { now = time }
        var events: [InputEvent] = []
        while true {
            let longPressDue = isPressed && !longPressSent ? pressedAt + longPress : nil
            let changeDue = rawPressed != isPressed ? rawChangedAt + debounce : nil
            if let due = longPressDue, due <= now, changeDue.map({ due <= $0 }) ?? true {
                // A hold of exactly `longPress` is a long press, so it goes before a release due
                // at the same instant.
                longPressSent = true
                events.append(InputEvent(.longPress(button), at: due))
            } else if let due = changeDue, due <= now {
                isPressed = rawPressed
                if isPressed {
                    pressedAt = due
                    longPressSent = false
                } else {
                    events.append(InputEvent(longPressSent ? .release(button) : clickAction, at: due))
                }
            } else {
                return events
            }
        }
    }

    /// The action a click on `button` stands for.
    private static func ownAction(of button: InputAction.Button) -> InputAction {
        switch button {
        case .select: .select
        case .menu: .menu
        case .playPause: .playPause
        case .next: .next
        case .previous: .previous
        }
    }
}
