import PixelCore
import PixelEffects
import PixelPanels

/// Plays one scene onto a panel-sized canvas: clear, render at an instant, downsample.
/// Keeps its canvas and frame between calls, so rendering allocates nothing per frame
/// beyond what the scene itself does.
public struct EffectPlayer {
    /// The scene being played.
    public private(set) var scene: any Scene
    /// The supersampling canvas.
    public private(set) var canvas: Canvas
    /// The last frame produced.
    public private(set) var frame: Frame

    /// A player for `scene` on a `size` panel at `supersampling` samples per LED per axis.
    public init(scene: any Scene, size: PanelSize, supersampling: Supersampling) {
        self.scene = scene
        canvas = Canvas(width: size.width, height: size.height, supersampling: supersampling)
        frame = Frame(width: size.width, height: size.height)
    }

    /// Clears the canvas and draws the scene at `time` (the render half of a frame).
    public mutating func draw(at time: FrameTime) {
        canvas.clear()
        canvas.setTransform(.identity)
        scene.render(into: &canvas, at: time)
    }

    /// Box-filters the canvas into `frame` (the downsample half of a frame).
    public mutating func downsample() {
        canvas.downsample(into: &frame)
    }

    /// Draws and downsamples: the frame at `time`.
    @discardableResult
    public mutating func render(at time: FrameTime) -> Frame {
        draw(at: time)
        downsample()
        return frame
    }
}
