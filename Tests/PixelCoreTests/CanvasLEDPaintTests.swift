import Testing
@testable import PixelCore

/// Painting whole LEDs (`paintLEDs`) and the lazy clear: the picture is held one colour per
/// LED or one colour in all, and must be exactly what writing every sample gives, whether it
/// is downsampled as it is, drawn over, read back, or drawn band by band.
struct CanvasLEDPaintTests {
    /// A colour for LED (x, y) that differs from its neighbours in every channel.
    static func pattern(_ x: Int, _ y: Int) -> LinearColor {
        LinearColor(red: UInt16((x * 4099 + y * 37) & 0xFFFF), green: UInt16((y * 8191 + x * 3) & 0xFFFF),
                    blue: UInt16((x * y * 251 + 7) & 0xFFFF))
    }

    static func paint(_ canvas: inout Canvas) {
        canvas.paintLEDs { y, row in
            for x in row.indices { row[x] = pattern(x, y) }
        }
    }

    /// The same picture written sample by sample with `shade(perLED:)`.
    static func reference(_ canvas: inout Canvas) {
        canvas.shade(perLED: { x, y in pattern(x, y) }, { _ in .black })
    }

    @Test(arguments: Supersampling.allCases)
    func aPaintedCanvasDownsamplesToItsColours(_ s: Supersampling) {
        var canvas = Canvas(width: 13, height: 7, supersampling: s)
        canvas.clear()
        Self.paint(&canvas)
        let frame = canvas.downsample()
        for y in 0..<7 { for x in 0..<13 { #expect(frame[x, y] == Self.pattern(x, y)) } }
        #expect(canvas.ledColor(x: 12, y: 6) == Self.pattern(12, 6))
    }

    @Test(arguments: Supersampling.allCases)
    func drawingOverPaintedLEDsSeesEverySample(_ s: Supersampling) {
        var painted = Canvas(width: 13, height: 7, supersampling: s)
        var written = Canvas(width: 13, height: 7, supersampling: s)
        Self.paint(&painted)
        Self.reference(&written)
        #expect(painted.samples == written.samples)
        let ring = Color(red: 255, green: 128, blue: 0, alpha: 160)
        painted.fillCircle(center: Point(x: 6.3, y: 3.1), radius: 2.7, color: ring)
        written.fillCircle(center: Point(x: 6.3, y: 3.1), radius: 2.7, color: ring)
        #expect(painted.samples == written.samples)
        #expect(painted.downsample() == written.downsample())
    }

    @Test func aClearedCanvasReadsAsItsColourUntilDrawn() {
        let grey = LinearColor(red: 100, green: 200, blue: 300)
        var canvas = Canvas(width: 5, height: 3, supersampling: .x4)
        canvas.fillRect(Rect(x: 0, y: 0, width: 5, height: 3), color: .white)
        canvas.clear(grey)
        #expect(canvas.samples.allSatisfy { $0 == grey })
        #expect(canvas.downsample().pixels.allSatisfy { $0 == grey })
        // Painting over a clear starts each row from the cleared colour.
        canvas.paintLEDs { _, _ in }
        #expect(canvas.downsample().pixels.allSatisfy { $0 == grey })
        canvas.fillRect(Rect(x: 1, y: 1, width: 1, height: 1), color: .white)
        let frame = canvas.downsample()
        #expect(frame[1, 1] == .white && frame[0, 0] == grey && frame[4, 2] == grey)
    }

    @Test(arguments: [1, 2, 3, 7])
    func paintingBandByBandGivesTheFullFrame(_ bandHeight: Int) {
        func draw(_ canvas: inout Canvas) {
            Self.paint(&canvas)
            canvas.fillCircle(center: Point(x: 5, y: 3.5), radius: 2, color: Color(red: 0, green: 0, blue: 255, alpha: 128))
        }
        var full = Canvas(width: 11, height: 7, supersampling: .x4)
        full.clear()
        draw(&full)
        var banded = Canvas(width: 11, height: 7, supersampling: .x4, bandHeight: bandHeight)
        var frame = Frame(width: 11, height: 7)
        var row = 0
        repeat {
            banded.moveBand(toRow: row)
            banded.clear()
            draw(&banded)
            banded.downsample(into: &frame)
            row += banded.bandHeight
        } while row < 7
        #expect(frame == full.downsample())
    }
}
