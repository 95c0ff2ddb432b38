import PixelCore

/// A timed list of input events, one per line — seconds, then the event:
///
/// ```
/// # comments and blank lines are ignored
/// 0.5 rotate +2
/// 1.0 select
/// 3.0 menu
/// 4.0 press 0.8      # hold select 0.8 s: a long press (≥ 0.6 s) then release
/// 5.0 playpause
/// 6.0 next
/// 6.5 previous
/// ```
/// `press D` shorter than the long-press time is a plain select at release. Every event,
/// a press's release included, is at most `latestTime` (32767 s).
public struct InputScript: Sendable {
    /// The events, in time order.
    public let events: [InputEvent]

    /// The latest instant a script may name (the longest `--seconds`).
    public static let latestTime = FrameTime.seconds(32767)

    /// How long select must be held to count as a long press.
    public static let longPressTime = FrameTime.milliseconds(600)

    /// Parses script text; a malformed line is an error naming its line number.
    public init(text: String, name: String = "script") throws(ScriptError) {
        var events: [InputEvent] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            if words.isEmpty { continue }
            let lineNumber = index + 1
            func fail(_ reason: String) -> ScriptError { .malformedLine(name: name, line: lineNumber, reason: reason) }
            guard let time = FrameTime(secondsText: words[0]) else { throw fail("'\(words[0])' is not a time in seconds") }
            guard time <= Self.latestTime else { throw fail("\(words[0]) s is later than the longest run, 32767 s") }
            guard words.count >= 2 else { throw fail("no event after the time") }
            let argument = words.count > 2 ? words[2] : nil
            guard words.count <= 3 else { throw fail("too many words") }
            switch words[1].lowercased() {
            case "rotate":
                guard let a = argument, let steps = Int(a.hasPrefix("+") ? String(a.dropFirst()) : a), steps != 0 else {
                    throw fail("rotate needs a non-zero number of steps, like +2 or -1")
                }
                events.append(InputEvent(.rotate(steps), at: time))
            case "press":
                guard let a = argument, let held = FrameTime(secondsText: a), held > .zero else { throw fail("press needs a hold time in seconds, like 0.8") }
                let release = time + held
                guard release <= Self.latestTime else {
                    throw fail("the release, \(words[0]) + \(a) s, is later than the longest run, 32767 s; hold for less")
                }
                if held >= Self.longPressTime {
                    events.append(InputEvent(.longPress(.select), at: time + Self.longPressTime))
                    events.append(InputEvent(.release(.select), at: release))
                } else {
                    events.append(InputEvent(.select, at: release))
                }
            default:
                guard argument == nil else { throw fail("'\(words[1])' takes no argument") }
                let action: InputAction
                switch words[1].lowercased() {
                case "select": action = .select
                case "menu": action = .menu
                case "playpause", "play", "pause": action = .playPause
                case "next": action = .next
                case "previous", "prev": action = .previous
                default:
                    throw fail("unknown event '\(words[1])'; use rotate N, select, menu, playpause, next, previous or press SECONDS")
                }
                events.append(InputEvent(action, at: time))
            }
        }
        // Stable sort: events at the same instant keep their order in the file.
        self.events = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }
}

/// A script that cannot be played.
public enum ScriptError: Error, Equatable, Sendable, CustomStringConvertible {
    case malformedLine(name: String, line: Int, reason: String)

    public var description: String {
        switch self {
        case let .malformedLine(name, line, reason): return "\(name) line \(line): \(reason)"
        }
    }
}
