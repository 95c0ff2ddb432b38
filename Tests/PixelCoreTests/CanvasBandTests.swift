import Testing
@testable import PixelCore

/// Banded rendering: a canvas that holds a few LED rows at a time, drawn once per band and
/// downsampled band by band, must give the full canvas's frame bit for bit.
struct CanvasBandTests {
    /// The frame of `draw` through a canvas of `bandHeight` LED rows (the panel's height: one
    /// full canvas), drawn once per band as `Scene.render(at:canvas:into:)` does.
    func frame(width: Int, height: Int, _ s: Supersampling, bandHeight: Int, fillsSpans: Bool = true,
               draw: (inout Canvas) -> Void) -> Frame {
        var canvas = Canvas(width: width, height: height, supersampling: s, bandHeight: bandHeight)
        canvas.fillsSpans = fillsSpans
        var frame = Frame(width: width, height: height)
        var row = 0
        repeat {
            canvas.moveBand(toRow: row)
            canvas.clear()
            canvas.setTransform(.identity)
            draw(&canvas)
            canvas.downsample(into: &frame)
            row += canvas.bandHeight
        } while row < height
        return frame
    }

    /// Every primitive, straight and under a rotation, with shapes crossing band edges, off
    /// the panel, and half transparent.
    static func drawEverything(_ canvas: inout Canvas) {
        let w = Fixed(canvas.width), h = Fixed(canvas.height)
        // A per-sample shader first (it sets every sample), under a rotation.
        canvas.setTransform(AffineTransform.rotation(.degrees(-17)).concatenating(after: .translation(1.5, 2)))
        canvas.shade { p in p.x > p.y ? LinearColor(red: 9000, green: 0, blue: UInt16(truncatingIfNeeded: p.x.raw >> 6)) : .black }
        canvas.setTransform(.identity)
        canvas.fill(Color(red: 10, green: 20, blue: 30, alpha: 200))
        canvas.fillRect(Rect(x: 0.3, y: 0.7, width: w / 2, height: h / 3), color: .red)
        canvas.fillRect(Rect(x: w / 3, y: h / 4, width: w / 2, height: h / 2), cornerRadius: 2.5,
                        color: Color(red: 0, green: 200, blue: 90, alpha: 160))
        canvas.fillEllipse(in: Rect(x: -3, y: h / 2, width: w / 2 + 3, height: h), color: .blue)
        canvas.fillCircle(center: Point(x: w / 2, y: h / 2), radius: h / 3, color: Color(red: 250, green: 250, blue: 0, alpha: 128))
        canvas.fillPie(center: Point(x: w / 3, y: h / 3), radius: h / 2, from: .degrees(30), to: .degrees(250), color: .white)
        canvas.strokeLine(from: Point(x: 0.5, y: h - 0.5), to: Point(x: w - 1.25, y: 0.25), width: 1.5, color: .green)
        canvas.fillPolygon([Point(x: 1, y: 1), Point(x: w - 2, y: h / 2), Point(x: w / 4, y: h - 1.5), Point(x: w / 2, y: h / 3)],
                           color: Color(red: 255, green: 0, blue: 255, alpha: 140))
        canvas.drawText("Band 42", font: .tiny3x5, at: Point(x: 1, y: h / 2 - 2), color: .white)
        canvas.drawBitmap(Bitmap(rows: ["#.#", ".#.", "#.#"]), at: Point(x: w - 5.5, y: h - 4.25), pixelSize: 1.5, color: .red)
        var image = RGBAImage(width: 2, height: 2)
        image.pixels = [.red, .clear, Color(red: 0, green: 0, blue: 255, alpha: 100), .white]
        canvas.drawImage(image, at: Point(x: 2.5, y: h - 3.5), pixelSize: 1.25, opacity: 0.75)
        // A star-like block set from a table, partly off the panel's top and bottom.
        let s = canvas.supersampling.rawValue
        for top in [-1, canvas.height - 2] {
            canvas.setSamples(columns: 3..<6, rows: top..<(top + 3), table: [.black, .white, LinearColor(red: 9000, green: 0, blue: 0)],
                              tableWidth: 3, columnIndex: (0..<(3 * s)).map { $0 % 3 }, rowIndex: (0..<(3 * s)).map { _ in 0 })
        }
        canvas.setTransform(AffineTransform.rotation(.degrees(23)).concatenating(after: .translation(w / 2, -h / 4)))
        canvas.fillRect(Rect(x: 2, y: 3, width: w / 3, height: h / 4), color: Color(red: 0, green: 255, blue: 255, alpha: 180))
        canvas.fillCircle(center: Point(x: 4, y: 6), radius: 3.3, color: .white)
    }

    @Test(arguments: Supersampling.allCases)
    func everyPrimitiveDrawsTheSameInBandsAsOnAFullCanvas(_ s: Supersampling) {
        for (width, height) in [(64, 32), (23, 17), (8, 8)] {
            for spans in [true, false] {
                let full = frame(width: width, height: height, s, bandHeight: height, fillsSpans: spans, draw: Self.drawEverything)
                #expect(full.litArea > Double(width * height) / 10)
                for band in [1, 2, 3, 4, 5, 16] {
                    let banded = frame(width: width, height: height, s, bandHeight: band, fillsSpans: spans, draw: Self.drawEverything)
                    #expect(banded.digest == full.digest, "\(width)x\(height) S=\(s) band \(band) spans \(spans)")
                }
            }
        }
    }

    @Test(arguments: Supersampling.allCases)
    func perLEDShadingDrawsTheSameInBands(_ s: Supersampling) {
        let draw: (inout Canvas) -> Void = { canvas in
            canvas.shade(perLED: { x, y in (x + y) % 3 == 0 ? LinearColor(red: UInt16(x * 900), green: UInt16(y * 700), blue: 5) : nil },
                         { p in LinearColor(red: UInt16(truncatingIfNeeded: p.x.raw >> 6), green: UInt16(truncatingIfNeeded: p.y.raw >> 6), blue: 0) })
        }
        let full = frame(width: 19, height: 13, s, bandHeight: 13, draw: draw)
        for band in [1, 4, 6] { #expect(frame(width: 19, height: 13, s, bandHeight: band, draw: draw).digest == full.digest, "band \(band)") }
    }

    @Test func aBandOfFourRowsKeepsA64x32CanvasAtS4Within32KiB() {
        let full = Canvas(width: 64, height: 32, supersampling: .x4)
        let banded = Canvas(width: 64, height: 32, supersampling: .x4, bandHeight: 4)
        #expect(full.samples.count * MemoryLayout<LinearColor>.stride == 192 * 1024)
        #expect(banded.samples.count * MemoryLayout<LinearColor>.stride == 24 * 1024)
        #expect(banded.bandRows == 0..<4 && banded.bandHeight == 4)
    }

    @Test func bandsMoveDownAndTheLastIsCutAtTheBottom() {
        var canvas = Canvas(width: 10, height: 10, supersampling: .x2, bandHeight: 4)
        canvas.moveBand(toRow: 8)
        #expect(canvas.bandRows == 8..<10)
        #expect(Canvas(width: 10, height: 3, bandHeight: 8).bandRows == 0..<3)
    }
}
