import PixelCore
import PixelInputs
import PixelRuntime
import PixelSystem

/// The terminal as a session's front end: the keyboard in, the screen out (the panel's picture,
/// the key help, the status line and the session's warnings).
public final class TerminalFrontEnd: FrontEnd {
    public let inputs: [any InputSource]
    public let viewers: [any FrameOutput]

    /// The keyboard and the screen for `session`, timed on its clock. Throws when the terminal
    /// is too small for the panel.
    public init(for session: Session) throws {
        let clock = session.clock
        let screen = try TerminalScreenOutput(width: session.width, height: session.height, panelText: session.panelText, clock: clock,
                                              clicks: { session.clicks }, warnings: { session.warnings })
        inputs = [KeyboardInputSource(read: TerminalDevice.readAvailable, now: clock.now)]
        viewers = [screen]
    }

    /// The screen gives the terminal back as the loop finishes its outputs; nothing to say.
    public func finish() -> [String] { [] }
}
