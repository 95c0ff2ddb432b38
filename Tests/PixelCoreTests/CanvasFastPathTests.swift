import Testing
@testable import PixelCore

/// The canvas's fast paths give exactly what the slow ones give: filling shapes a row at a
/// time (`Canvas.fillSpans`) lights the samples the per-sample inside test lights, with the
/// same blending, under every transform; shading constant LEDs at once sets the samples
/// shading every sample sets.
struct CanvasFastPathTests {
    /// Draws `draw` twice, with spans and with the per-sample test, and returns both sample sets.
    static func bothWays(_ s: Supersampling, _ transform: AffineTransform, _ draw: (inout Canvas) -> Void)
        -> (spans: [LinearColor], perSample: [LinearColor]) {
        var spans = Canvas(width: 24, height: 16, supersampling: s)
        var perSample = spans
        perSample.fillsSpans = false
        spans.setTransform(transform); perSample.setTransform(transform)
        spans.clear(LinearColor(red: 900, green: 20_000, blue: 4)); perSample.clear(LinearColor(red: 900, green: 20_000, blue: 4))
        draw(&spans); draw(&perSample)
        return (spans.samples, perSample.samples)
    }

    /// Scales (some mirrored, some not dyadic) with translations: every transform that keeps v
    /// constant along a row, so every one takes the span path.
    static let transforms: [AffineTransform] = [
        .identity,
        AffineTransform(a: Fixed(3, over: 7), b: 0, c: 0, d: Fixed(5, over: 11), tx: Fixed(1, over: 3), ty: Fixed(-2, over: 5)),
        AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 24, ty: 0),
        AffineTransform(a: Fixed(7, over: 4), b: 0, c: 0, d: Fixed(-9, over: 8), tx: -3, ty: 17),
    ]

    @Test(arguments: Supersampling.allCases)
    func randomShapesLightTheSameSamplesRowByRowAsSampleBySample(_ s: Supersampling) {
        var rng = SeededRandom(seed: 11 + UInt64(s.rawValue))
        func coordinate() -> Fixed { rng.fixed(in: -4...28) }
        func size() -> Fixed { rng.fixed(in: Fixed(1, over: 50)...14) }
        func color() -> Color {
            Color(red: UInt8(rng.int(in: 0...255)), green: UInt8(rng.int(in: 0...255)), blue: UInt8(rng.int(in: 0...255)),
                  alpha: UInt8([255, 128, 1, UInt8(rng.int(in: 0...255))][rng.int(in: 0...3)]))
        }
        let glyph = Bitmap(rows: ["#.##", ".###", "#..#", "....", "####"])
        for transform in Self.transforms {
            for _ in 0..<40 {
                let (a, b, c, d, e) = (coordinate(), coordinate(), size(), size(), color())
                let start = Angle(raw: Int32(rng.int(in: -70000...70000)))
                let sweep = Angle(raw: Int32(rng.int(in: -100...70000)))
                let pixel = rng.fixed(in: Fixed(1, over: 20)...3)
                let both = Self.bothWays(s, transform) { canvas in
                    canvas.fillEllipse(in: Rect(x: a, y: b, width: c, height: d), color: e)
                    canvas.fillRect(Rect(x: b, y: a, width: d, height: c), color: e)
                    canvas.fillPie(center: Point(x: a, y: b), radius: c, from: start, to: start + sweep, color: e)
                    canvas.drawBitmap(glyph, at: Point(x: b, y: a), pixelSize: pixel, color: e)
                }
                #expect(both.spans == both.perSample)
            }
        }
    }

    @Test func piesOfEveryQuarterAndSweepMatchIncludingExactQuarterRays() {
        for startDegrees in stride(from: -180, through: 270, by: 45) {
            for sweepDegrees in [1, 45, 89, 90, 91, 179, 180, 181, 270, 359] {
                let both = Self.bothWays(.x4, .identity) { canvas in
                    canvas.fillPie(center: Point(x: 12, y: 8), radius: Fixed(15, over: 2),
                                   from: .degrees(startDegrees), to: .degrees(startDegrees + sweepDegrees),
                                   color: Color(red: 10, green: 200, blue: 90, alpha: 170))
                }
                #expect(both.spans == both.perSample, "start \(startDegrees)° sweep \(sweepDegrees)°")
            }
        }
    }

    @Test(arguments: Supersampling.allCases)
    func shadingConstantLEDsAtOnceSetsTheSamplesShadingEverySampleSets(_ s: Supersampling) {
        // A shader that is constant over LEDs whose column is even and varies inside the others.
        func shader(_ p: Point) -> LinearColor {
            let x = p.x.floor, y = p.y.floor
            if x % 2 == 0 { return LinearColor(red: UInt16(x * 1000), green: UInt16(y * 3000), blue: 7) }
            return LinearColor(red: UInt16(truncatingIfNeeded: p.x.raw), green: UInt16(truncatingIfNeeded: p.y.raw), blue: 1)
        }
        var fast = Canvas(width: 13, height: 7, supersampling: s)
        var slow = fast
        fast.shade(perLED: { x, y in x % 2 == 0 ? shader(Point(x: Fixed(x), y: Fixed(y))) : nil }, shader)
        slow.shade(shader)
        #expect(fast.samples == slow.samples)
        // Under another transform the LED hint is not used at all.
        var scaled = Canvas(width: 13, height: 7, supersampling: s), reference = scaled
        scaled.setTransform(.scale(2, 2)); reference.setTransform(.scale(2, 2))
        scaled.shade(perLED: { _, _ in .white }, shader)
        reference.shade(shader)
        #expect(scaled.samples == reference.samples)
    }

    @Test(arguments: Supersampling.allCases)
    func settingSamplesFromATableClipsTheBlockToTheCanvas(_ s: Supersampling) {
        let n = s.rawValue
        let table = (0..<12).map { LinearColor(red: UInt16($0), green: 500, blue: 9) }
        let columnIndex = (0..<(3 * n)).map { $0 % 4 }, rowIndex = (0..<(4 * n)).map { ($0 / n) % 3 }
        for (x0, y0) in [(0, 0), (-2, -1), (11, 5), (5, -3), (13, 7)] {
            var canvas = Canvas(width: 13, height: 7, supersampling: s)
            canvas.clear(.white)
            canvas.setSamples(columns: x0..<(x0 + 3), rows: y0..<(y0 + 4), table: table, tableWidth: 4,
                              columnIndex: columnIndex, rowIndex: rowIndex)
            for j in 0..<canvas.sampleHeight {
                for i in 0..<canvas.sampleWidth {
                    let bi = i - x0 * n, bj = j - y0 * n
                    let inBlock = bi >= 0 && bi < 3 * n && bj >= 0 && bj < 4 * n
                    let expected = inBlock ? table[rowIndex[bj] * 4 + columnIndex[bi]] : .white
                    #expect(canvas.samples[j * canvas.sampleWidth + i] == expected)
                }
            }
        }
    }

    @Test func blendingRunsOfEveryLengthMatchesBlendingEachSample() {
        var rng = SeededRandom(seed: 77)
        for count in 0...27 {
            for w in [1, 128, 200, 255] as [UInt32] {
                let src = LinearColor(red: UInt16(rng.int(in: 0...65535)), green: UInt16(rng.int(in: 0...65535)),
                                      blue: UInt16(rng.int(in: 0...65535)))
                var run = (0..<32).map { _ in
                    LinearColor(red: UInt16(rng.int(in: 0...65535)), green: UInt16(rng.int(in: 0...65535)),
                                blue: UInt16(rng.int(in: 0...65535)))
                }
                var expected = run
                for i in 3..<(3 + count) { expected[i] = Canvas.blend(src, over: expected[i], weight: w) }
                run.withUnsafeMutableBufferPointer { RunBlender(src, weight: w).blend(over: $0, from: 3, count: count) }
                #expect(run == expected, "\(count) samples at weight \(w)")
            }
        }
    }
}
