/// Painting whole LEDs: the fast path for effects that compute one colour per LED (fields,
/// cellular automata, heat maps), which would gain nothing from supersampling.
extension Canvas {
    /// Sets every LED of the band to one colour: `paint(y, row)` is called for each LED row
    /// `y` in `bandRows`, top to bottom, with that row's `width` colours to set (they arrive
    /// black, or the colour the canvas was cleared to). The result is exactly as if each LED's
    /// S×S samples had been set to its colour, without blending, whatever was drawn before;
    /// positions are LEDs whatever the transform.
    ///
    /// The colours are kept one per LED (a sixteenth of the samples at S = 4) until another
    /// primitive draws on top, so a frame that is only painted costs one write per LED, and
    /// its downsample is a copy.
    public mutating func paintLEDs(_ paint: (_ y: Int, _ row: UnsafeMutableBufferPointer<LinearColor>) -> Void) {
        var background = LinearColor.black
        if case let .uniform(color) = content { background = color }
        let count = width * bandHeight
        if ledColors.count != count { ledColors = Array(repeating: background, count: count) }
        let width = width, rows = bandRows
        ledColors.withUnsafeMutableBufferPointer { leds in
            for y in rows {
                let row = UnsafeMutableBufferPointer(rebasing: leds[(y &- rows.lowerBound) &* width ..< (y &- rows.lowerBound &+ 1) &* width])
                row.update(repeating: background)
                paint(y, row)
            }
        }
        content = .leds
    }

    /// The colour painted on LED (x, y) of the band, or its average when the canvas holds samples.
    public func ledColor(x: Int, y: Int) -> LinearColor {
        precondition(x >= 0 && x < width && bandRows.contains(y), "LED outside the band")
        switch content {
        case let .uniform(color): return color
        case .leds: return ledColors[(y - bandRows.lowerBound) * width + x]
        case .samples:
            var frame = Frame(width: width, height: height)
            downsample(into: &frame)
            return frame[x, y]
        }
    }

    /// Writes each painted LED's colour to its S×S samples (`materialize()` for `.leds`).
    mutating func expandLEDs() {
        let s = supersampling.rawValue, sw = sampleWidth, width = width
        let rows = bandEnd - bandStart  // sample rows of the band on the panel
        ledColors.withUnsafeBufferPointer { leds in
            storage.withUnsafeMutableBufferPointer { out in
                var j = 0
                while j < rows {
                    // The first sample row of an LED row holds S copies of each colour; the
                    // other S − 1 rows copy it.
                    let line = out.baseAddress! + j &* sw
                    let led = leds.baseAddress! + (j / s) &* width
                    var i = 0
                    for x in 0..<width {
                        let color = led[x]
                        for _ in 0..<s { line[i] = color; i &+= 1 }
                    }
                    var k = 1
                    while k < s && j &+ k < rows {
                        (line + k &* sw).update(from: line, count: sw)
                        k &+= 1
                    }
                    j &+= s
                }
            }
        }
    }

    /// `downsample(into:)` of a canvas painted per LED: the colours themselves.
    func copyLEDs(into frame: inout Frame) {
        let rows = bandRows, width = width
        ledColors.withUnsafeBufferPointer { leds in
            frame.pixels.withUnsafeMutableBufferPointer { pixels in
                (pixels.baseAddress! + rows.lowerBound &* width).update(from: leds.baseAddress!, count: rows.count &* width)
            }
        }
    }
}
