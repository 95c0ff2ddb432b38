import PixelInputs
import PixelCore
import PixelEffects
import PixelUI

/// What a small status display shows beside the main panel: the effect playing (or the menu
/// row selected), in the 3×5 font, scrolling when it is wider than the display.
public final class StatusSource: FrameSource {
    private let app: () -> PixelWheelApp
    private var canvas: Canvas

    /// A `width × height` status display reading the app's state from `app`.
    public init(width: Int, height: Int, app: @escaping () -> PixelWheelApp) {
        self.app = app
        canvas = Canvas(width: width, height: height, supersampling: .x1)
    }

    /// The line shown: what plays, else the menu row.
    public var text: String {
        let state = app()
        return (state.nowPlayingTitle.map { (state.isPaused ? "|| " : "> ") + $0 } ?? state.selectedTitle).uppercased()
    }

    /// Status displays take no input of their own.
    public func handle(_ event: InputEvent) {}

    public func render(at time: FrameTime) -> Frame {
        canvas.clear()
        let font = PixelFont.tiny3x5
        let line = text
        let width = font.width(of: line)
        // Scroll at 8 LEDs a second when the text does not fit, with a gap before it repeats.
        let cycle = width + 8
        let shift = width <= canvas.width ? 0 : Int((time.nanoseconds / 125_000_000) % Int64(cycle))
        let top = max(0, (canvas.height - font.lineHeight) / 2)
        canvas.drawText(line, font: font, at: Point(x: Fixed(-shift), y: Fixed(top)), color: .white)
        if shift > 0 { canvas.drawText(line, font: font, at: Point(x: Fixed(cycle - shift), y: Fixed(top)), color: .white) }
        return canvas.downsample()
    }

    public var brightnessPercent: Int? { app().settings.brightness }
}
