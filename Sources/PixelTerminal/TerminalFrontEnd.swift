import PixelCore
import PixelInputs
import PixelRuntime
import PixelSystem

/// The terminal as a session's front end: the keyboard in, the screen out (the panel's picture,
/// the key help, the status line and the session's warnings).
public enum TerminalFrontEnd {
    /// The keyboard and the screen for `session`, timed on its clock. Throws when the terminal
    /// is too small for the panel.
    public static func make(for session: Session) throws -> (inputs: [any InputSource], viewers: [any FrameOutput]) {
        let clock = session.clock
        let screen = try TerminalScreenOutput(width: session.width, height: session.height, panelText: session.panelText, clock: clock,
                                              clicks: { session.clicks }, warnings: { session.warnings })
        return ([KeyboardInputSource(read: TerminalDevice.readAvailable, now: clock.now)], [screen])
    }
}
