import PixelCore

/// The terminal's keys as input: bytes from `read` decoded by `KeyDecoder`, arrows turned into
/// wheel steps through a `ClickWheel` as if they were detents, and q as a request to quit.
/// Events are stamped with the frame being latched.
public final class KeyboardInputSource: InputSource {
    private let read: () -> [UInt8]
    private let now: () -> Int64
    private var decoder = KeyDecoder()
    private var wheel: ClickWheel
    /// True once q was pressed.
    public private(set) var quitRequested = false

    /// Keys from `read` (bytes waiting, never blocking), timed on `now` (monotonic ns) for key
    /// repeat, turned into steps by `wheel`.
    public init(read: @escaping () -> [UInt8], now: @escaping () -> Int64, wheel: ClickWheel = ClickWheel()) {
        self.read = read
        self.now = now
        self.wheel = wheel
    }

    public func events(upTo time: FrameTime) -> [InputEvent] {
        let at = now()
        var events: [InputEvent] = []
        for key in decoder.feed(read(), at: at) + decoder.tick(at: at) {
            switch key {
            case .quit: quitRequested = true
            case let .action(.rotate(detents)):
                let steps = wheel.turn(detents: detents, at: time)
                if steps != 0 { events.append(InputEvent(.rotate(steps), at: time)) }
            case let .action(action): events.append(InputEvent(action, at: time))
            }
        }
        return events
    }
}
