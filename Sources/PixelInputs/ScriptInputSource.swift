import PixelCore

/// Timed input from a script (`--script FILE`): each event is due at its own instant.
public final class ScriptInputSource: InputSource {
    private let events: [InputEvent]
    private var next = 0

    /// Plays `script`.
    public init(_ script: InputScript) { events = script.events }

    public func events(upTo time: FrameTime) -> [InputEvent] {
        let start = next
        while next < events.count && events[next].time <= time { next += 1 }
        return Array(events[start..<next])
    }

    /// A script never quits; the run's length does.
    public var quitRequested: Bool { false }

    /// When the last event is due, if there is one.
    public var lastEventTime: FrameTime? { events.last?.time }
}
