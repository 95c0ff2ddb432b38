import PixelCore

/// Something that draws itself as a function of time: an effect, a menu screen.
///
/// `render` may be called for any instant, in any order (a preview may seek backwards);
/// a scene must draw the same picture for the same instant whatever instants it was asked
/// for before. Scenes that keep state (like the bouncing logo's hit counter) advance it by
/// exact event times, never by counting frames.
public protocol Scene {
    /// Draws the scene as it is `time` after it started. The canvas arrives cleared to black
    /// with the identity transform (logical coordinates = LEDs).
    mutating func render(into canvas: inout Canvas, at time: FrameTime)
}
