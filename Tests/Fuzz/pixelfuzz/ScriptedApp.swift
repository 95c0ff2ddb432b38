import PixelInputs
import PixelCore
import PixelEffects
import PixelUI

/// Drives the app the way the wheel does, to reach the screens that show a user's font.
enum ScriptedApp {
    /// Opens Extras → Clock and Extras → Scrolling Text on a `width × height` panel with
    /// `textFont` (scrolling `text`), and renders each `seconds` after it opened; returns the frames.
    static func frames(width: Int, height: Int, textFont: PixelFont, text: String, seconds: Int) -> [Frame] {
        var frames: [Frame] = []
        for screen in ["Clock", "Scrolling Text"] {
            var app = PixelWheelApp(width: width, height: height, framesPerSecond: 30, version: "fuzz")
            app.textFont = textFont
            app.marqueeText = text
            guard open("Extras", in: &app), open(screen, in: &app) else { continue }
            var canvas = Canvas(width: width, height: height, supersampling: .x1)
            let time = FrameTime.seconds(seconds)
            app.update(at: time)
            app.render(into: &canvas, at: time)
            frames.append(canvas.downsample())
        }
        return frames
    }

    /// Turns the wheel to the row titled `title` and selects it; false if there is none.
    private static func open(_ title: String, in app: inout PixelWheelApp) -> Bool {
        guard let row = app.menuEntries.firstIndex(where: { app.label(for: $0) == title }) else { return false }
        if row != app.selectedIndex { app.handle(InputEvent(.rotate(row - app.selectedIndex), at: .zero)) }
        app.handle(InputEvent(.select, at: .zero))
        return true
    }
}
