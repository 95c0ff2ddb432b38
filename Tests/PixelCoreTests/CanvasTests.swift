import Testing
@testable import PixelCore

/// The supersampling canvas: coverage of every primitive against its exact area, edge rules,
/// blending, downsampling, logical coordinates and clipping.
struct CanvasTests {
    static let all = Supersampling.allCases

    /// Draws on a fresh black canvas and downsamples it.
    static func render(_ s: Supersampling, width: Int = 64, height: Int = 32, _ draw: (inout Canvas) -> Void) -> Frame {
        var canvas = Canvas(width: width, height: height, supersampling: s)
        draw(&canvas)
        return canvas.downsample()
    }

    static func fixed(_ value: Double) -> Fixed { Fixed(raw: Int32((value * 65536).rounded())) }
    static func point(_ x: Double, _ y: Double) -> Point { Point(x: fixed(x), y: fixed(y)) }

    /// |measured − expected| / expected.
    static func relativeError(_ measured: Double, _ expected: Double) -> Double { abs(measured - expected) / expected }

    /// Brightness of one LED, 0...1 (mean of the channels).
    static func brightness(_ frame: Frame, _ x: Int, _ y: Int) -> Double {
        let p = frame[x, y]
        return (Double(p.red) + Double(p.green) + Double(p.blue)) / (3 * 65535)
    }

    // MARK: Circles and ellipses

    /// Point sampling counts the sample centres inside the circle, so the error is the lattice
    /// (Gauss circle) error: at S = 8 under 1 % from a radius of about 3.5 LEDs, but up to 1.15 %
    /// at r = 2 and 1.03 % at r = 3, whose radii are whole numbers of samples (see below).
    @Test(arguments: [2.5, 3.5, 4.5, 6.25, 10.0, 15.0])
    func circleLitAreaIsWithinOnePercentOfPiRSquaredAtS8(radius: Double) {
        let expected = Double.pi * radius * radius
        for (dx, dy) in [(0.0, 0.0), (0.5, 0.5), (0.125, 0.375), (0.3, 0.7), (0.81, 0.19), (1 / 3, 2 / 3)] {
            let frame = Self.render(.x8) { $0.fillCircle(center: Self.point(32 + dx, 16 + dy), radius: Self.fixed(radius), color: .white) }
            let error = Self.relativeError(frame.litArea, expected)
            #expect(error <= 0.01, "r = \(radius) at +(\(dx), \(dy)): area \(frame.litArea), expected \(expected)")
        }
    }

    @Test func smallCirclesAreWithinOneAndAHalfPercentAtS8() {
        for radius in [1.5, 2.0, 3.0] {
            for k in 0..<25 {
                let centre = Self.point(32 + Double(k % 5) / 5, 16 + Double(k / 5) / 5)
                let frame = Self.render(.x8) { $0.fillCircle(center: centre, radius: Self.fixed(radius), color: .white) }
                #expect(Self.relativeError(frame.litArea, Double.pi * radius * radius) <= 0.015, "r = \(radius) at \(centre)")
            }
        }
    }

    @Test func circleAreaConvergesAsSupersamplingGrows() {
        // Averaged over many sub-LED centres, every S is unbiased; larger S is closer per circle.
        var worst: [Double] = []
        for s in Self.all {
            var worstForS = 0.0
            for k in 0..<16 {
                let centre = Self.point(32 + Double(k) / 16, 16 + Double(k * 7 % 16) / 16)
                let frame = Self.render(s) { $0.fillCircle(center: centre, radius: Self.fixed(6.3), color: .white) }
                worstForS = max(worstForS, Self.relativeError(frame.litArea, Double.pi * 6.3 * 6.3))
            }
            worst.append(worstForS)
        }
        #expect(worst[3] <= 0.01)
        #expect(worst[2] <= 0.02)
        #expect(worst[3] <= worst[0])
    }

    @Test func ellipseAreaMatchesPiAB() {
        let frame = Self.render(.x8) { $0.fillEllipse(in: Rect(x: Self.fixed(10.3), y: Self.fixed(4.6), width: 30, height: 12), color: .white) }
        #expect(Self.relativeError(frame.litArea, Double.pi * 15 * 6) <= 0.01)
    }

    @Test func circleIsSymmetricAboutItsCentre() {
        for s in Self.all {
            let frame = Self.render(s) { $0.fillCircle(center: Point(x: 32, y: 16), radius: Self.fixed(7.4), color: .white) }
            for y in 0..<32 {
                for x in 0..<64 {
                    #expect(frame[x, y] == frame[63 - x, y] && frame[x, y] == frame[x, 31 - y], "S=\(s) at (\(x), \(y))")
                }
            }
        }
    }

    // MARK: Rectangles

    /// At S = 1 each LED has one sample, at its centre, so a half-LED rectangle lights it fully
    /// or not at all depending on which side of the centre it lies (edges are half-open:
    /// the left/top edge is in, the right/bottom edge is out). At S = 2, 4, 8 a half-LED
    /// rectangle covers exactly S²/2 samples wherever it sits, so the LED is exactly half lit.
    @Test(arguments: Supersampling.allCases)
    func rectangleCoveringHalfAnLEDLightsItHalfWithinOneStep(_ s: Supersampling) {
        let step = 1 / Double(s.rawValue * s.rawValue)
        let halves: [(Rect, atS1: Double)] = [
            (Rect(x: 1, y: 1, width: .half, height: 1), 0),                                  // left half: centre on the open edge
            (Rect(x: Self.fixed(1.5), y: 1, width: .half, height: 1), 1),                    // right half: centre on the closed edge
            (Rect(x: 1, y: 1, width: 1, height: .half), 0),                                  // top half
            (Rect(x: 1, y: Self.fixed(1.5), width: 1, height: .half), 1),                    // bottom half
            (Rect(x: Self.fixed(1.25), y: 1, width: .half, height: 1), 1),                   // middle half
            (Rect(x: Self.fixed(1.3), y: 1, width: .half, height: 1), 1),
            (Rect(x: Self.fixed(1.0625), y: 1, width: .half, height: 1), 1),
            (Rect(x: 1, y: Self.fixed(1.4), width: 1, height: .half), 1),
            (Rect(x: 1, y: Self.fixed(0.9999), width: 1, height: .half), 0),
        ]
        for (rect, atS1) in halves {
            let frame = Self.render(s, width: 3, height: 3) { $0.fillRect(rect, color: .white) }
            let b = Self.brightness(frame, 1, 1)
            #expect(abs(b - 0.5) <= step, "S=\(s) \(rect): \(b)")
            if s == .x1 {
                #expect(b == atS1, "\(rect)")
            } else {
                #expect(frame[1, 1] == LinearColor(red: 32768, green: 32768, blue: 32768), "S=\(s) \(rect)")
            }
            // Nothing leaks into the neighbours.
            #expect(frame.litArea == b, "S=\(s) \(rect)")
        }
    }

    @Test(arguments: Supersampling.allCases)
    func rectangleAreaIsExactToTheSampleGrid(_ s: Supersampling) {
        var random = SeededRandom(seed: 0x2EC7)
        let n = Double(s.rawValue)
        for _ in 0..<200 {
            let x = Double(random.int(in: 0...400)) / 16, y = Double(random.int(in: 0...200)) / 16
            let w = Double(random.int(in: 1...300)) / 16, h = Double(random.int(in: 1...150)) / 16
            let frame = Self.render(s) { $0.fillRect(Rect(x: Self.fixed(x), y: Self.fixed(y), width: Self.fixed(w), height: Self.fixed(h)), color: .white) }
            // Expected: the rectangle clipped to the canvas, each side rounded to whole samples
            // (a sample is in when its centre is, so each edge is off by at most half a sample).
            let cw = max(0, min(64, x + w) - x), ch = max(0, min(32, y + h) - y)
            #expect(abs(frame.litArea - cw * ch) <= (cw + ch) / n + 1 / (n * n) + 0.01, "\(x), \(y), \(w)×\(h) at S=\(s)")
        }
    }

    /// Opaque white on black: every LED inside the union of rectangles that share edges is
    /// exactly white, so there is no dark seam; translucent white shows every sample is hit
    /// exactly once, so there is no double-lit seam either.
    @Test(arguments: Supersampling.allCases)
    func rectanglesSharingEdgesTileWithoutSeams(_ s: Supersampling) {
        let xs: [Double] = [0, 2.3, 4.71, 7.5, 10.0625, 13.9, 16]
        let ys: [Double] = [0, 1.5, 3.33, 5.01, 8]
        func tiles(_ canvas: inout Canvas, _ color: Color, scale: Double = 1) {
            for i in 0..<(xs.count - 1) {
                for j in 0..<(ys.count - 1) {
                    // Each rectangle's far edge is exactly the next one's near edge.
                    let x0 = Self.fixed(xs[i] * scale), x1 = Self.fixed(xs[i + 1] * scale)
                    let y0 = Self.fixed(ys[j] * scale), y1 = Self.fixed(ys[j + 1] * scale)
                    canvas.fillRect(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), color: color)
                }
            }
        }
        let opaque = Self.render(s, width: 16, height: 8) { tiles(&$0, .white) }
        #expect(opaque.pixels.allSatisfy { $0 == .white }, "S=\(s)")

        var canvas = Canvas(width: 16, height: 8, supersampling: s)
        tiles(&canvas, Color.white.withOpacity(.half))
        let once = canvas.samples[0]
        #expect(once != .black && once != .white)
        #expect(canvas.samples.allSatisfy { $0 == once }, "S=\(s)")

        // The same in a logical space 10× larger than the LEDs.
        var logical = Canvas(width: 16, height: 8, supersampling: s)
        logical.useLogicalSpace(width: 160, height: 80)
        tiles(&logical, Color.white.withOpacity(.half), scale: 10)
        #expect(logical.samples.allSatisfy { $0 == once }, "S=\(s), logical space")
    }

    /// The same under a rotation, where sample centres land at arbitrary logical positions:
    /// neighbours must still agree, to the last bit, on which side of their shared edge
    /// every sample lies.
    @Test(arguments: Supersampling.allCases)
    func rectanglesSharingEdgesTileWithoutSeamsUnderARotation(_ s: Supersampling) {
        for degrees in [30, 71, -13] {
            var canvas = Canvas(width: 24, height: 16, supersampling: s)
            canvas.setTransform(AffineTransform.translation(12, 8).concatenating(after: .rotation(.degrees(degrees))))
            let edges: [Fixed] = [-20, Self.fixed(-7.3), Self.fixed(-0.01), Self.fixed(4.71), Self.fixed(9.5), 20]
            let translucent = Color.white.withOpacity(.half)
            for i in 0..<(edges.count - 1) {
                for j in 0..<(edges.count - 1) {
                    canvas.fillRect(Rect(x: edges[i], y: edges[j], width: edges[i + 1] - edges[i], height: edges[j + 1] - edges[j]), color: translucent)
                }
            }
            let once = Canvas.blend(Color.white.linear, over: .black, weight: Canvas.weight(translucent.alpha))
            let wrong = canvas.samples.filter { $0 != once }.count
            #expect(wrong == 0, "S=\(s), \(degrees)°: \(wrong) samples not lit exactly once")
        }
    }

    /// Two rectangles meeting at x = e under a scale whose inverse is not a whole number of
    /// units (1/3, 3/7, 1/5): for 3000 consecutive raw values of e, every sample between their
    /// outer edges is lit exactly once.
    @Test func rectanglesSharingAnEdgeAgreeOnEverySampleUnderAnInexactScale() {
        let translucent = Color.white.withOpacity(.half)
        let once = Canvas.blend(Color.white.linear, over: .black, weight: Canvas.weight(translucent.alpha))
        var seams = 0
        for scale in [Fixed(3), Fixed(7, over: 3), Fixed(5)] {
            for raw in Int32(2 << 16)..<Int32((2 << 16) + 3000) {
                var canvas = Canvas(width: 24, height: 1, supersampling: .x8)
                canvas.setTransform(.scale(scale, scale))
                let e = Fixed(raw: raw)
                canvas.fillRect(Rect(x: e - Fixed(raw: 123_457), y: 0, width: Fixed(raw: 123_457), height: 1), color: translucent)
                canvas.fillRect(Rect(x: e, y: 0, width: Fixed(raw: 98_765), height: 1), color: translucent)
                let row = canvas.samples[0..<canvas.sampleWidth]
                let first = row.firstIndex { $0 != .black }!, last = row.lastIndex { $0 != .black }!
                if row[(first + 1)..<last].contains(where: { $0 != once }) { seams += 1 }
            }
        }
        #expect(seams == 0)
    }

    @Test(arguments: [(64, 32), (32, 16), (48, 20), (17, 9)])
    func rectangleFillingAHugeLogicalSpaceLightsEveryLED(width: Int, height: Int) {
        for logical in [32514, 30000, 27000, 25267, 12345, 32767] {
            let frame = Self.render(.x8, width: width, height: height) {
                $0.useLogicalSpace(width: Fixed(logical), height: Fixed(logical / 2))
                $0.fillRect(Rect(x: 0, y: 0, width: Fixed(logical), height: Fixed(logical / 2)), color: .white)
            }
            let dark = frame.pixels.filter { $0 != .white }.count
            #expect(dark == 0, "\(width)×\(height) LEDs, logical \(logical): \(dark) LEDs not fully lit")
        }
    }

    /// `transform` (logical → LED, used to find a shape's samples) is W/w rounded to Q16.16,
    /// while the samples are placed with the exact inverse w/W; far from the origin the two
    /// disagree by up to about two samples. 32 LEDs showing 32514 logical units is such a case:
    /// 32512 maps to LED 31.75 by the rounded scale but 31.998 by the exact one.
    @Test func shapesFarFromTheOriginOfAHugeLogicalSpaceAreNotCutShort() {
        let frame = Self.render(.x8, width: 32, height: 16) {
            $0.useLogicalSpace(width: 32514, height: 16257)
            $0.fillRect(Rect(x: 0, y: 0, width: 32512, height: 16256), color: .white)
        }
        #expect(frame[31, 5] == .white)
        #expect(frame[5, 15] == .white)
        #expect(frame.pixels.allSatisfy { $0 == .white })
    }

    @Test func roundedRectangleAreaSubtractsTheCorners() {
        let w = 30.0, h = 14.0, r = 4.0
        let frame = Self.render(.x8) {
            $0.fillRect(Rect(x: Self.fixed(17.2), y: Self.fixed(9.7), width: Self.fixed(w), height: Self.fixed(h)), cornerRadius: Self.fixed(r), color: .white)
        }
        #expect(Self.relativeError(frame.litArea, w * h - (4 - Double.pi) * r * r) <= 0.01)
        // A radius larger than half the shorter side is clamped: a stadium.
        let stadium = Self.render(.x8) {
            $0.fillRect(Rect(x: 10, y: 8, width: 30, height: 10), cornerRadius: 50, color: .white)
        }
        #expect(Self.relativeError(stadium.litArea, 20 * 10 + Double.pi * 25) <= 0.01)
    }

    // MARK: Pie sectors

    /// A sector has two straight edges besides its arc, so its lattice error is relatively
    /// larger than a circle's: measured up to 1.2 % at r = 12 and 1.5 % at r = 8 (S = 8),
    /// worst when an edge runs along a row of sample centres.
    @Test func quarterTurnPieLightsAQuarterOfTheCircle() {
        for r in [8.0, 12.0] {
            for start in [Angle.zero, .degrees(10), .degrees(-45), .degrees(90), .degrees(200)] {
                for centre in [Self.point(32.3, 15.8), Self.point(32.5, 16.5), Self.point(31.77, 16.05)] {
                    let frame = Self.render(.x8) {
                        $0.fillPie(center: centre, radius: Self.fixed(r), from: start, to: start + .quarterTurn, color: .white)
                    }
                    #expect(Self.relativeError(frame.litArea, Double.pi * r * r / 4) <= 0.02, "r = \(r) from \(start.degreesValue)° at \(centre)")
                }
            }
        }
    }

    @Test func pieSweepsClockwiseFromStartToEnd() {
        // 0 → quarter turn is the lower-right quadrant on a y-down panel.
        let frame = Self.render(.x4, width: 20, height: 20) {
            $0.fillPie(center: Point(x: 10, y: 10), radius: 8, from: .zero, to: .quarterTurn, color: .white)
        }
        #expect(Self.brightness(frame, 13, 13) == 1)
        #expect(Self.brightness(frame, 6, 13) == 0)
        #expect(Self.brightness(frame, 13, 6) == 0)
        #expect(Self.brightness(frame, 6, 6) == 0)
    }

    @Test func wideAndNarrowPiesTogetherMakeTheCircle() {
        let r = Self.fixed(9.5), c = Self.point(30.4, 16.2)
        let circle = Self.render(.x8) { $0.fillCircle(center: c, radius: r, color: .white) }
        for split in [Angle.degrees(30), .degrees(90), .degrees(180), .degrees(250), .degrees(359)] {
            let narrow = Self.render(.x8) { $0.fillPie(center: c, radius: r, from: .zero, to: split, color: .white) }
            let wide = Self.render(.x8) { $0.fillPie(center: c, radius: r, from: split, to: .fullTurn, color: .white) }
            #expect(abs(narrow.litArea + wide.litArea - circle.litArea) <= 0.02 * circle.litArea, "split at \(split.degreesValue)°")
            #expect(Self.relativeError(narrow.litArea, circle.litArea * Double(split.raw) / 65536) <= 0.02, "split at \(split.degreesValue)°")
        }
    }

    @Test func pieOfAFullTurnOrMoreEqualsTheCircle() {
        for s in Self.all {
            let r = Self.fixed(7.7), c = Self.point(20.6, 15.1)
            let circle = Self.render(s) { $0.fillCircle(center: c, radius: r, color: .white) }
            for (start, end) in [(Angle.zero, Angle.fullTurn), (.degrees(30), .degrees(390)), (.degrees(-100), .degrees(620)), (.zero, Angle(raw: 5 << 16))] {
                let pie = Self.render(s) { $0.fillPie(center: c, radius: r, from: start, to: end, color: .white) }
                #expect(pie == circle, "S=\(s) \(start.degreesValue)° → \(end.degreesValue)°")
            }
        }
    }

    @Test func pieOfZeroOrNegativeSweepDrawsNothing() {
        let c = Point(x: 20, y: 16)
        for (start, end) in [(Angle.zero, Angle.zero), (.degrees(90), .degrees(30)), (.fullTurn, .zero)] {
            let frame = Self.render(.x4) { $0.fillPie(center: c, radius: 8, from: start, to: end, color: .white) }
            #expect(frame.litArea == 0)
        }
    }

    // MARK: Lines

    @Test func lineAreaIsWidthTimesLengthPlusRoundCaps() {
        let cases: [(from: Point, to: Point, width: Double)] = [
            (Self.point(10.2, 16.3), Self.point(50.7, 16.3), 2),
            (Self.point(20.5, 3.1), Self.point(20.5, 28.9), 3.5),
            (Self.point(8.3, 4.4), Self.point(55.1, 27.6), 2.5),
            (Self.point(60.1, 2.2), Self.point(14.9, 30.3), 4),
            (Self.point(5.5, 25.25), Self.point(45.75, 10.125), 1.5),
        ]
        for (a, b, w) in cases {
            let dx = b.x.doubleValue - a.x.doubleValue, dy = b.y.doubleValue - a.y.doubleValue
            let length = (dx * dx + dy * dy).squareRoot()
            let expected = w * length + Double.pi * w * w / 4
            let frame = Self.render(.x8) { $0.strokeLine(from: a, to: b, width: Self.fixed(w), color: .white) }
            #expect(Self.relativeError(frame.litArea, expected) <= 0.01, "\(a) → \(b), width \(w): \(frame.litArea) vs \(expected)")
        }
    }

    /// A line 60 000 LEDs long and 0.02 LED wide needs more than 64 bits for its local
    /// coordinates; it must still light exactly the one row of sample centres it passes through.
    @Test func veryLongHairlineLightsExactlyTheSamplesOnIt() {
        let y = Self.fixed(16.0625)   // a row of sample centres at S = 8
        let long = Self.render(.x8) { $0.strokeLine(from: Point(x: -30000, y: y), to: Point(x: 30000, y: y), width: Self.fixed(0.02), color: .white) }
        let short = Self.render(.x8) { $0.strokeLine(from: Point(x: -1, y: y), to: Point(x: 65, y: y), width: Self.fixed(0.02), color: .white) }
        #expect(long == short)
        #expect(abs(long.litArea - 8) < 0.01)
    }

    @Test func zeroLengthLineIsADot() {
        let c = Self.point(30.3, 12.6)
        let line = Self.render(.x8) { $0.strokeLine(from: c, to: c, width: 5, color: .white) }
        let dot = Self.render(.x8) { $0.fillCircle(center: c, radius: Self.fixed(2.5), color: .white) }
        #expect(line == dot)
    }

    // MARK: Polygons

    static func shoelace(_ points: [Point]) -> Double {
        var twice = 0.0
        for k in points.indices {
            let p = points[k], q = points[(k + 1) % points.count]
            twice += p.x.doubleValue * q.y.doubleValue - q.x.doubleValue * p.y.doubleValue
        }
        return abs(twice) / 2
    }

    @Test func polygonAreaMatchesTheShoelaceArea() {
        let triangle = [Self.point(5.3, 3.1), Self.point(58.7, 9.4), Self.point(22.2, 29.8)]
        let concave = [Self.point(4.5, 4.5), Self.point(40.25, 4.5), Self.point(40.25, 12.1), Self.point(18.6, 12.1),
                       Self.point(18.6, 20.3), Self.point(50.9, 27.7), Self.point(4.5, 27.7)]
        let arrow = [Self.point(10, 16), Self.point(30, 2.5), Self.point(30, 10), Self.point(60, 10.5),
                     Self.point(59.5, 22), Self.point(30, 22), Self.point(30, 29.5)]
        for polygon in [triangle, concave, arrow, triangle.reversed(), concave.reversed()] {
            let frame = Self.render(.x8) { $0.fillPolygon(polygon, color: .white) }
            let expected = Self.shoelace(polygon)
            #expect(Self.relativeError(frame.litArea, expected) <= 0.01, "\(frame.litArea) vs \(expected)")
        }
    }

    @Test func polygonUsesTheNonZeroWindingRule() {
        // A five-pointed star drawn as one self-intersecting path: the centre pentagon has
        // winding 2 and is filled, so the whole star is lit (no hole).
        var star: [Point] = []
        for k in 0..<5 {
            let a = Angle(raw: Int32(-16384 + k * 2 * 65536 / 5))
            star.append(Point(x: Fixed(32) + Trig.cosine(a) * 14, y: Fixed(16) + Trig.sine(a) * 14))
        }
        let frame = Self.render(.x4) { $0.fillPolygon(star, color: .white) }
        #expect(Self.brightness(frame, 32, 16) == 1)
        // The star's area: 10 triangles from the centre; inner radius R·sin18°/sin126°.
        let outer = 14.0, inner = 14.0 * 0.30901699437494745 / 0.8090169943749475
        let expected = 5 * outer * inner * 0.5877852522924731   // 10 · ½ · R · r · sin 36°
        #expect(Self.relativeError(frame.litArea, expected) <= 0.02)
    }

    /// A square cut into four triangles around a random inner point, in translucent white:
    /// the triangles walk their shared edges in opposite directions, yet every sample is lit
    /// exactly once.
    @Test func polygonsSharingEdgesTileWithoutSeams() {
        var random = SeededRandom(seed: 8)
        let translucent = Color.white.withOpacity(.half)
        let once = Canvas.blend(Color.white.linear, over: .black, weight: Canvas.weight(translucent.alpha))
        let corners = [Point(x: 0, y: 0), Point(x: 16, y: 0), Point(x: 16, y: 16), Point(x: 0, y: 16)]
        var wrong = 0
        for _ in 0..<400 {
            var canvas = Canvas(width: 16, height: 16, supersampling: .x8)
            let inner = Point(x: random.fixed(in: 2...14), y: random.fixed(in: 2...14))
            for k in 0..<4 { canvas.fillPolygon([inner, corners[k], corners[(k + 1) % 4]], color: translucent) }
            wrong += canvas.samples.filter { $0 != once }.count
        }
        #expect(wrong == 0)
    }

    @Test func polygonAndRectangleAgreeOnAlignedSquares() {
        for s in Self.all {
            let rect = Self.render(s) { $0.fillRect(Rect(x: Self.fixed(3.25), y: Self.fixed(2.5), width: 10, height: Self.fixed(7.75)), color: .white) }
            let poly = Self.render(s) {
                $0.fillPolygon([Self.point(3.25, 2.5), Self.point(13.25, 2.5), Self.point(13.25, 10.25), Self.point(3.25, 10.25)], color: .white)
            }
            #expect(rect == poly, "S=\(s)")
        }
    }

    // MARK: Bitmaps and images

    @Test func bitmapAtIntegerPositionLightsExactlyItsPixels() {
        let bitmap = Bitmap(rows: ["#..#", ".##.", "#..#", "####", ".#"])
        for s in Self.all {
            let frame = Self.render(s, width: 10, height: 8) { $0.drawBitmap(bitmap, at: Point(x: 3, y: 2), color: .white) }
            for y in 0..<8 {
                for x in 0..<10 {
                    let expected = bitmap[x - 3, y - 2] ? LinearColor.white : .black
                    #expect(frame[x, y] == expected, "S=\(s) at (\(x), \(y))")
                }
            }
        }
        // At twice the size, each bitmap pixel is a 2 × 2 block.
        let big = Self.render(.x1, width: 10, height: 12) { $0.drawBitmap(bitmap, at: Point(x: 1, y: 1), pixelSize: 2, color: .white) }
        for y in 0..<12 {
            for x in 0..<10 {
                let on = x >= 1 && y >= 1 && bitmap[(x - 1) / 2, (y - 1) / 2]
                #expect(big[x, y] == (on ? .white : .black), "(\(x), \(y))")
            }
        }
    }

    @Test func imageDrawsItsColoursWithTheirAlpha() {
        var image = RGBAImage(width: 2, height: 2)
        image[0, 0] = .red
        image[1, 0] = Color(red: 0, green: 255, blue: 0, alpha: 128)
        image[0, 1] = .clear
        image[1, 1] = .blue
        let frame = Self.render(.x2, width: 4, height: 4) { $0.drawImage(image, at: Point(x: 1, y: 1)) }
        #expect(frame[1, 1] == Color.red.linear)
        #expect(frame[2, 1].green == 33023 && frame[2, 1].red == 0)   // 65535 · 129/256 = 33023.5
        #expect(frame[1, 2] == .black)
        #expect(frame[2, 2] == Color.blue.linear)
        #expect(frame[0, 0] == .black && frame[3, 3] == .black)
        let faded = Self.render(.x1, width: 4, height: 4) { $0.drawImage(image, at: Point(x: 1, y: 1), opacity: .half) }
        #expect(faded[1, 1].red == 33023)
    }

    // MARK: Logical space

    @Test(arguments: Supersampling.allCases)
    func logicalSpaceDrawingMatchesDrawingScaledShapesInLEDSpace(_ s: Supersampling) {
        let logical = Self.render(s) {
            $0.useLogicalSpace(width: 640, height: 320)
            $0.fillCircle(center: Point(x: 320, y: 160), radius: 100, color: .white)
        }
        let direct = Self.render(s) { $0.fillCircle(center: Point(x: 32, y: 16), radius: 10, color: .white) }
        #expect(logical == direct)

        let shapesLogical = Self.render(s) {
            $0.useLogicalSpace(width: 640, height: 320)
            $0.fillRect(Rect(x: 15, y: 25, width: 205, height: 95), color: .red)
            $0.fillCircle(center: Point(x: 455, y: 85), radius: 63, color: Color.green.withOpacity(.half))
            $0.fillPie(center: Point(x: 500, y: 240), radius: 70, from: .degrees(20), to: .degrees(200), color: .blue)
            $0.strokeLine(from: Point(x: 30, y: 300), to: Point(x: 400, y: 180), width: 15, color: .white)
            $0.fillPolygon([Point(x: 100, y: 150), Point(x: 300, y: 140), Point(x: 220, y: 290)], color: Color(red: 255, green: 128, blue: 0))
        }
        let shapesDirect = Self.render(s) {
            $0.fillRect(Rect(x: Self.fixed(1.5), y: Self.fixed(2.5), width: Self.fixed(20.5), height: Self.fixed(9.5)), color: .red)
            $0.fillCircle(center: Self.point(45.5, 8.5), radius: Self.fixed(6.3), color: Color.green.withOpacity(.half))
            $0.fillPie(center: Point(x: 50, y: 24), radius: 7, from: .degrees(20), to: .degrees(200), color: .blue)
            $0.strokeLine(from: Point(x: 3, y: 30), to: Point(x: 40, y: 18), width: Self.fixed(1.5), color: .white)
            $0.fillPolygon([Point(x: 10, y: 15), Point(x: 30, y: 14), Point(x: 22, y: 29)], color: Color(red: 255, green: 128, blue: 0))
        }
        // Shape-local coordinates are computed at each scale separately, so a sample lying
        // within about 2⁻¹⁶ of an edge may fall either way; allow a few such samples.
        var differing = 0
        for i in shapesLogical.pixels.indices where shapesLogical.pixels[i] != shapesDirect.pixels[i] { differing += 1 }
        #expect(abs(shapesLogical.litArea - shapesDirect.litArea) <= 0.001 * shapesDirect.litArea)
        #expect(differing <= 4, "\(differing) LEDs differ at S=\(s)")
    }

    @Test func nonInvertibleTransformIsRefused() {
        var canvas = Canvas(width: 8, height: 8)
        let accepted = canvas.setTransform(.scale(2, 2))
        let refused = !canvas.setTransform(.scale(0, 1))
        #expect(accepted && refused)
        #expect(canvas.transform == .scale(2, 2))
        #expect(canvas.inverse == .scale(.half, .half))
    }

    @Test func rotatedTransformPlacesShapesAroundTheOrigin() {
        // Logical +x points down the panel after a quarter turn about LED (8, 8).
        let t = AffineTransform.translation(8, 8).concatenating(after: .rotation(.quarterTurn))
        let frame = Self.render(.x4, width: 16, height: 16) {
            $0.setTransform(t)
            $0.fillRect(Rect(x: 2, y: -1, width: 4, height: 2), color: .white)
        }
        #expect(Self.brightness(frame, 7, 11) == 1 && Self.brightness(frame, 8, 11) == 1)
        #expect(Self.brightness(frame, 11, 7) == 0)
        #expect(abs(frame.litArea - 8) < 0.01)
    }

    // MARK: Downsampling and blending

    @Test(arguments: Supersampling.allCases)
    func downsampleAveragesEachLEDsSamplesRoundedToNearest(_ s: Supersampling) {
        var canvas = Canvas(width: 5, height: 3, supersampling: s)
        var random = SeededRandom(seed: UInt64(s.rawValue))
        for i in canvas.samples.indices {
            canvas.samples[i] = LinearColor(red: UInt16(random.int(in: 0...65535)), green: UInt16(random.int(in: 0...65535)),
                                            blue: UInt16(i % 2 == 0 ? 65535 : 0))
        }
        let frame = canvas.downsample()
        let n = s.rawValue
        for y in 0..<3 {
            for x in 0..<5 {
                var r = 0, g = 0, b = 0
                for j in 0..<n {
                    for i in 0..<n {
                        let p = canvas.samples[(y * n + j) * canvas.sampleWidth + x * n + i]
                        r += Int(p.red); g += Int(p.green); b += Int(p.blue)
                    }
                }
                let count = Double(n * n)
                #expect(abs(Double(frame[x, y].red) - Double(r) / count) <= 0.5)
                #expect(abs(Double(frame[x, y].green) - Double(g) / count) <= 0.5)
                #expect(abs(Double(frame[x, y].blue) - Double(b) / count) <= 0.5)
            }
        }
        var into = Frame(width: 5, height: 3)
        canvas.downsample(into: &into)
        #expect(into == frame)
    }

    @Test func downsampleRoundsHalfUp() {
        var canvas = Canvas(width: 1, height: 1, supersampling: .x2)
        canvas.samples = [LinearColor(red: 0, green: 1, blue: 65535), LinearColor(red: 1, green: 1, blue: 65535),
                          LinearColor(red: 0, green: 0, blue: 65534), LinearColor(red: 1, green: 0, blue: 65534)]
        #expect(canvas.downsample()[0, 0] == LinearColor(red: 1, green: 1, blue: 65535))   // 0.5 → 1, 0.5 → 1, 65534.5 → 65535
    }

    @Test func halfTransparentWhiteOverBlackIsHalfLinearLight() {
        for s in Self.all {
            for color in [Color(red: 255, green: 255, blue: 255, alpha: 128), Color.white.withOpacity(.half)] {
                let frame = Self.render(s, width: 4, height: 4) { $0.fill(color) }
                for p in frame.pixels {
                    // α = 128/255 ≈ 0.502 becomes a weight of 129/256 ≈ 0.504.
                    #expect(abs(Double(p.red) / 65535 - 0.5) <= 1.0 / 256)
                    #expect(p.red == p.green && p.green == p.blue)
                }
            }
        }
        // Opaque mid-grey: sRGB 188 is about half linear light.
        let grey = Self.render(.x4, width: 2, height: 2) { $0.fillRect(Rect(x: 0, y: 0, width: 2, height: 2), color: Color(hex: "#BCBCBC")!) }
        #expect(abs(Double(grey[0, 0].red) / 65535 - 0.5) <= 0.01)
    }

    @Test func blendingWeighsSourceAndDestinationInLinearLight() {
        #expect(Canvas.weight(0) == 0 && Canvas.weight(255) == 256 && Canvas.weight(128) == 129 && Canvas.weight(127) == 127)
        let red = Color.red.linear, blue = Color.blue.linear
        #expect(Canvas.blend(red, over: blue, weight: 256) == red)
        #expect(Canvas.blend(red, over: blue, weight: 0) == blue)
        #expect(Canvas.blend(red, over: blue, weight: 128) == LinearColor(red: 32768, green: 0, blue: 32768))
        // Opaque paint replaces; transparent paint leaves the canvas alone.
        let frame = Self.render(.x2, width: 4, height: 4) {
            $0.clear(Color.blue.linear)
            $0.fillRect(Rect(x: 0, y: 0, width: 2, height: 4), color: .red)
            $0.fillRect(Rect(x: 0, y: 0, width: 4, height: 4), color: .clear)
        }
        #expect(frame[0, 0] == red && frame[3, 0] == blue)
    }

    @Test func shadeEvaluatesAtEverySampleCentreInLogicalCoordinates() {
        for s in Self.all {
            var canvas = Canvas(width: 8, height: 4, supersampling: s)
            canvas.useLogicalSpace(width: 80, height: 40)
            canvas.shade { p in
                LinearColor(red: UInt16(clamping: p.x.raw >> 8), green: UInt16(clamping: p.y.raw >> 8), blue: 0)
            }
            let frame = canvas.downsample()
            for y in 0..<4 {
                for x in 0..<8 {
                    // The mean of the sample centres is the LED centre: (x + ½)·10 logical units.
                    #expect(abs(Int(frame[x, y].red) - (x * 10 + 5) * 256) <= 1, "S=\(s) (\(x), \(y))")
                    #expect(abs(Int(frame[x, y].green) - (y * 10 + 5) * 256) <= 1, "S=\(s) (\(x), \(y))")
                }
            }
        }
    }

    @Test func clearSetsEverySample() {
        var canvas = Canvas(width: 3, height: 2, supersampling: .x8)
        canvas.fill(.red)
        canvas.clear()
        #expect(canvas.samples.allSatisfy { $0 == .black })
        canvas.clear(.white)
        #expect(canvas.downsample().pixels.allSatisfy { $0 == .white })
        #expect(canvas.sampleWidth == 24 && canvas.sampleHeight == 16 && canvas.samples.count == 24 * 16)
    }

    // MARK: Clipping

    @Test(arguments: Supersampling.allCases)
    func shapesPartlyOffTheCanvasAreClipped(_ s: Supersampling) {
        // A circle centred on the corner shows a quarter of itself.
        let corner = Self.render(s) { $0.fillCircle(center: .zero, radius: 8, color: .white) }
        #expect(Self.relativeError(corner.litArea, Double.pi * 16) <= 0.05)
        // A rectangle hanging over every edge fills the canvas exactly.
        let over = Self.render(s) { $0.fillRect(Rect(x: -10, y: -10, width: 100, height: 60), color: .white) }
        #expect(over.pixels.allSatisfy { $0 == .white })
        // A line leaving the canvas lights only its visible part.
        let line = Self.render(s) { $0.strokeLine(from: Point(x: -20, y: 16), to: Point(x: 84, y: 16), width: 2, color: .white) }
        #expect(abs(line.litArea - 128) <= 0.5)
        let polygon = Self.render(s) { $0.fillPolygon([Point(x: -30, y: -30), Point(x: 100, y: -30), Point(x: 100, y: 100)], color: .white) }
        #expect(polygon.litArea > 64 * 32 / 2 && polygon.litArea < 64 * 32)
    }

    @Test(arguments: Supersampling.allCases)
    func shapesWhollyOffTheCanvasDrawNothing(_ s: Supersampling) {
        let bitmap = Bitmap(rows: ["##", "##"])
        var image = RGBAImage(width: 2, height: 2)
        image.pixels = [.white, .white, .white, .white]
        let frame = Self.render(s) {
            $0.fillCircle(center: Point(x: 1000, y: 1000), radius: 50, color: .white)
            $0.fillCircle(center: Point(x: -100, y: 16), radius: 99, color: .white)
            $0.fillRect(Rect(x: 64, y: 0, width: 10, height: 32), color: .white)
            $0.fillRect(Rect(x: -10, y: 0, width: 10, height: 32), color: .white)
            $0.fillRect(Rect(x: 0, y: 32, width: 64, height: 5), cornerRadius: 2, color: .white)
            $0.fillEllipse(in: Rect(x: 0, y: -40, width: 64, height: 40), color: .white)
            $0.fillPie(center: Point(x: 32, y: -20), radius: 19, from: .zero, to: .halfTurn, color: .white)
            $0.strokeLine(from: Point(x: -30, y: -5), to: Point(x: 90, y: -5), width: 4, color: .white)
            $0.fillPolygon([Point(x: 70, y: 0), Point(x: 90, y: 0), Point(x: 80, y: 30)], color: .white)
            $0.drawBitmap(bitmap, at: Point(x: -2, y: 5), color: .white)
            $0.drawImage(image, at: Point(x: 64, y: 31))
        }
        #expect(frame.litArea == 0)
    }

    @Test(arguments: Supersampling.allCases)
    func hugeCoordinatesAndDegenerateSizesNeitherCrashNorLeak(_ s: Supersampling) {
        let huge: [Fixed] = [.max, .min, Fixed(30000), Fixed(-30000), .ulp, -.ulp]
        var canvas = Canvas(width: 16, height: 8, supersampling: s)
        for x in huge {
            for y in huge {
                let p = Point(x: x, y: y)
                canvas.fillCircle(center: p, radius: .max, color: .white)
                canvas.fillCircle(center: p, radius: .ulp, color: .white)
                canvas.fillRect(Rect(x: x, y: y, width: .max, height: .max), color: .white)
                canvas.fillRect(Rect(x: x, y: y, width: .max, height: .max), cornerRadius: .max, color: .white)
                canvas.fillRect(Rect(x: x, y: y, width: .ulp, height: .ulp), cornerRadius: .ulp, color: .white)
                canvas.fillEllipse(in: Rect(x: x, y: y, width: .max, height: .ulp), color: .white)
                canvas.fillPie(center: p, radius: .max, from: .zero, to: .quarterTurn, color: .white)
                canvas.fillPie(center: p, radius: .ulp, from: .zero, to: .halfTurn, color: .white)
                canvas.strokeLine(from: p, to: Point(x: -x, y: -y), width: .max, color: .white)
                canvas.strokeLine(from: p, to: Point(x: -x, y: -y), width: .ulp, color: .white)
                canvas.strokeLine(from: p, to: Point(x: y, y: x), width: 1, color: .white)
                canvas.fillPolygon([p, Point(x: -x, y: y), Point(x: y, y: -x)], color: .white)
                canvas.drawBitmap(Bitmap(rows: ["#"]), at: p, pixelSize: .max, color: .white)
                canvas.drawBitmap(Bitmap(rows: ["#"]), at: p, pixelSize: .ulp, color: .white)
            }
        }
        // Whatever was drawn, the canvas holds only valid colours and downsamples.
        _ = canvas.downsample()

        // Zero and negative sizes draw nothing at all.
        let frame = Self.render(s, width: 16, height: 8) {
            $0.fillRect(Rect(x: 2, y: 2, width: 0, height: 5), color: .white)
            $0.fillRect(Rect(x: 2, y: 2, width: 5, height: -1), color: .white)
            $0.fillRect(Rect(x: 2, y: 2, width: -5, height: -5), cornerRadius: 1, color: .white)
            $0.fillEllipse(in: Rect(x: 2, y: 2, width: 0, height: 4), color: .white)
            $0.fillCircle(center: Point(x: 8, y: 4), radius: 0, color: .white)
            $0.fillCircle(center: Point(x: 8, y: 4), radius: -3, color: .white)
            $0.fillPie(center: Point(x: 8, y: 4), radius: -3, from: .zero, to: .fullTurn, color: .white)
            $0.strokeLine(from: Point(x: 1, y: 1), to: Point(x: 9, y: 5), width: 0, color: .white)
            $0.strokeLine(from: Point(x: 1, y: 1), to: Point(x: 9, y: 5), width: -2, color: .white)
            $0.fillPolygon([Point(x: 1, y: 1), Point(x: 9, y: 5)], color: .white)
            $0.fillPolygon([Point(x: 1, y: 1), Point(x: 9, y: 5), Point(x: 17, y: 9)], color: .white)   // collinear
            $0.drawBitmap(Bitmap(width: 0, height: 0), at: .zero, color: .white)
            $0.drawBitmap(Bitmap(rows: ["#"]), at: .zero, pixelSize: 0, color: .white)
            $0.drawImage(RGBAImage(width: 0, height: 3), at: .zero)
        }
        #expect(frame.litArea == 0)
    }

    @Test(arguments: Supersampling.allCases)
    func tinyShapesInAHugeLogicalSpaceNeitherCrashNorLeak(_ s: Supersampling) {
        var canvas = Canvas(width: 64, height: 32, supersampling: s)
        canvas.useLogicalSpace(width: .max, height: .max)
        for p in [Point(x: 100, y: 100), Point(x: 16000, y: 16000), Point(x: Fixed(1, over: 3), y: 0)] {
            canvas.fillCircle(center: p, radius: .ulp, color: .white)
            canvas.fillPie(center: p, radius: .ulp, from: .zero, to: .halfTurn, color: .white)
            canvas.fillRect(Rect(x: p.x, y: p.y, width: .ulp, height: .ulp), cornerRadius: .ulp, color: .white)
            canvas.strokeLine(from: p, to: Point(x: 30000, y: 100), width: .ulp, color: .white)
            canvas.drawBitmap(Bitmap(rows: ["#"]), at: p, pixelSize: .ulp, color: .white)
        }
        // Each shape is far smaller than a sample: at most the sample its centre is nearest to
        // could be lit, so the total light is a few samples at most.
        #expect(canvas.downsample().litArea <= 15.0 / Double(s.rawValue * s.rawValue))
    }
}
