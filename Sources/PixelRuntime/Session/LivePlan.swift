import PixelCore
import PixelInputs
import PixelSystem

/// How long a live run goes on and what it plays: `--seconds` and `--script`, shared by `sim`,
/// `web` and `run`.
public struct LivePlan {
    /// The timed input events to play.
    public let script: InputScript?
    /// The run's length; nil runs until stopped.
    public let length: FrameTime?

    /// Reads and checks the script at `scriptPath`; the length is `seconds`, else, `headless`,
    /// a second past the script's last event or 5 s, else until stopped.
    public init(seconds: Seconds?, scriptPath: String?, headless: Bool) throws {
        script = try scriptPath.map { try InputScript(text: try FileBytes.readText($0), name: $0) }
        length = Session.length(seconds: seconds?.frameTime, headless: headless, script: script)
    }
}
