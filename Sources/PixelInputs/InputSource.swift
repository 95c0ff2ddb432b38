import PixelCore

/// Where a person's input comes from: the keyboard, a script, a rotary encoder and buttons on
/// GPIO, a browser. The frame loop asks every source, once per frame and again while it
/// latches late, for what happened; each source turns what it reads into `InputEvent`s.
public protocol InputSource: AnyObject {
    /// The events that happened up to `time` on the frame clock's timeline, oldest first.
    func events(upTo time: FrameTime) throws -> [InputEvent]
    /// True once the person asked to quit through this source (the keyboard's q).
    var quitRequested: Bool { get }
}
