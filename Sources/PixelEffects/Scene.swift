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

extension Scene {
    /// The frame at `time`, drawn through `canvas` into `frame` (both the panel's size): the
    /// canvas is cleared to black with the identity transform, the scene draws, and the canvas
    /// is box-filtered into the frame. A banded canvas (`Canvas(…, bandHeight:)`) goes through
    /// this once per band, top to bottom, so the scene draws once per band; the frame is the
    /// same bits as through a full canvas.
    public mutating func render(at time: FrameTime, canvas: inout Canvas, into frame: inout Frame) {
        var row = 0
        repeat {
            canvas.moveBand(toRow: row)
            canvas.clear()
            canvas.setTransform(.identity)
            render(into: &canvas, at: time)
            canvas.downsample(into: &frame)
            row += canvas.bandHeight
        } while row < canvas.height
    }
}
