import Testing
import PixelCore
@testable import PixelEffects

struct SceneTimingTests {
    /// Renders every frame of a run at `fps` up to `seconds`, carrying the scene's state,
    /// and returns the last frame.
    func lastFrame(_ name: String, _ parameters: [String: String], fps: Int, seconds: Int) throws -> Frame {
        var scene = try EffectCatalog.named(name).makeScene(parameters: parameters, seed: 42, width: 32, height: 16)
        var clock = VirtualFrameClock(framesPerSecond: fps)
        var frame = Frame(width: 32, height: 16)
        for _ in 0...(fps * seconds) {
            frame = renderFrame(&scene, width: 32, height: 16, at: clock.nextTick().timestamp)
        }
        return frame
    }

    @Test(arguments: allEffectConfigurations.indices)
    func sceneIsInTheSameStateAtTheSameInstantAt24And30And60Fps(_ index: Int) throws {
        let (name, parameters) = allEffectConfigurations[index]
        let at24 = try lastFrame(name, parameters, fps: 24, seconds: 4)
        let at30 = try lastFrame(name, parameters, fps: 30, seconds: 4)
        let at60 = try lastFrame(name, parameters, fps: 60, seconds: 4)
        #expect(at24 == at30)
        #expect(at30 == at60)
        #expect(at60.litArea > 0)
    }

    @Test(arguments: allEffectConfigurations.indices)
    func effectRendersSensiblyFrom8x8To256x128(_ index: Int) throws {
        let (name, parameters) = allEffectConfigurations[index]
        for (w, h) in [(8, 8), (16, 16), (32, 8), (64, 32), (256, 128)] {
            // Some instant in the first 6 s lights something on every size.
            let lit = try [1000, 2500, 4000, 6000].contains { ms in
                try renderEffect(name, parameters: parameters, width: w, height: h, at: .milliseconds(ms)).litArea > 0.2
            }
            #expect(lit, "\(name) \(parameters) lit nothing on \(w)x\(h)")
        }
    }
}

struct ParameterTests {
    @Test func outOfRangeParameterNamesTheParameterAndItsRange() {
        #expect(throws: EffectError.parameterOutOfRange(effect: "bounce", name: "speed", value: "900", allowed: "1...500 LEDs/s")) {
            _ = try EffectCatalog.named("bounce").makeScene(parameters: ["speed": "900"], seed: 1, width: 8, height: 8)
        }
        let message = EffectError.parameterOutOfRange(effect: "bounce", name: "speed", value: "900", allowed: "1...500 LEDs/s").description
        #expect(message == "parameter 'speed' of 'bounce' must be 1...500 LEDs/s (got '900')")
    }

    @Test func unknownParameterAndEffectListTheChoices() {
        #expect(throws: EffectError.unknownParameter(effect: "fan", name: "colour", known: ["duration", "easing", "repeat", "hold", "track", "color"])) {
            _ = try EffectCatalog.named("fan").makeScene(parameters: ["colour": "FF0000"], seed: 1, width: 8, height: 8)
        }
        #expect(throws: EffectError.unknownEffect(name: "dvd", known: EffectCatalog.all.map(\.name))) {
            _ = try EffectCatalog.named("dvd")
        }
    }

    @Test func choiceNumberAndColourParametersParse() throws {
        let values = try ParameterValues(["mode": "shader", "probability": "0.95", "color": "#FF8000"],
                                         for: Starfield.descriptor.parameters, effect: "starfield")
        #expect(values.choice("mode") == "shader")
        #expect(values.number("probability") == 0.95)
        #expect(values.color("color") == Color(red: 255, green: 128, blue: 0))
        #expect(values.integer("cell") == 5)
        #expect(throws: EffectError.self) {
            _ = try ParameterValues(["mode": "galaxy"], for: Starfield.descriptor.parameters, effect: "starfield")
        }
        #expect(throws: EffectError.malformedParameter(text: "speed")) { _ = try EffectCatalog.parseAssignments(["speed"]) }
    }
}

struct StarfieldTests {
    @Test func starOpacityIsSineTimesBaseAndNeverNegative() {
        let star = Starfield.Star(center: .zero, size: 1, frequency: 0.5, baseOpacity: 0.8, phase: .zero)
        for ms in stride(from: 0, to: 8000, by: 37) {
            let o = star.opacity(at: .milliseconds(ms))
            let expected = max(0, _sinForTest(Double(ms) / 1000 * 0.5 * 2 * Double.pi)) * 0.8
            #expect(o >= .zero)
            #expect(abs(o.doubleValue - expected) < 0.001)
        }
    }

    @Test(arguments: Supersampling.allCases)
    func shaderPaintsEveryLEDAsItsSupersampledBrightness(_ s: Supersampling) {
        // Cells that divide the panel and cells cut off at its right and bottom edges, odd and
        // even sizes; every star cell's LEDs are the means of its symmetric table, so compare
        // with the brightness evaluated at every sample and box-filtered.
        for (cell, seed) in [(2, 1), (3, 2), (5, 3), (6, 4), (7, 5), (16, 6)] as [(Int, UInt64)] {
            let scene = Starfield(shaderWidth: 23, height: 17, cellSize: cell, probability: 0.6, sparkle: 0.1,
                                  color: Color(red: 255, green: 244, blue: 214), seed: seed)
            guard case let .shader(layout) = scene.mode else { Issue.record("not shader mode"); return }
            for millis in [0, 1700, 6250] {
                var rendered = scene, fast = Canvas(width: 23, height: 17, supersampling: s)
                rendered.render(into: &fast, at: .milliseconds(millis))
                let shader = StarShader(layout: layout, time: .milliseconds(millis))
                let light = scene.color.linear
                var reference = Canvas(width: 23, height: 17, supersampling: s)
                reference.shade { p in light.scaled(by: shader.brightness(at: p)) }
                #expect(fast.downsample() == reference.downsample(), "cell \(cell) at \(millis) ms")
            }
        }
    }

    @Test func shaderPutsStarsInAboutOneMinusProbabilityOfCells() {
        let layout = StarShader.Layout(width: 256, height: 256, cellSize: 4, probability: 0.9, sparkleThreshold: 0.97, seed: 9)
        let shader = StarShader(layout: layout, time: .seconds(3))
        let starCells = layout.cellValues.filter { $0 > .zero }.count
        #expect((320...500).contains(starCells))  // 10 % of 4096 cells is 410
        let sparkling = layout.sparkleValues.filter { $0 > .zero }.count
        #expect((1500...2400).contains(sparkling))  // 3 % of 65536 LEDs is 1966
        // Brightness stays in 0...1 everywhere and the star centres are lit.
        var litCentres = 0
        for y in 0..<256 {
            for x in 0..<256 {
                let b = shader.brightness(at: Point(x: Fixed(x) + 0.25, y: Fixed(y) + 0.25))
                #expect(b >= .zero && b <= .one)
                if x % 4 == 2, y % 4 == 2, layout.cellValues[(y / 4) * 64 + x / 4] > .zero, b > .half { litCentres += 1 }
            }
        }
        #expect(litCentres > starCells / 2)
    }
}

struct DigitalRainTests {
    func rain(chance: Fixed = 0.02) -> DigitalRain {
        DigitalRain(width: 64, height: 32, speed: 9, swapInterval: 0.5, swapChance: chance, color: .green, seed: 4)
    }

    @Test func columnTopFollowsTheOriginalFormula() {
        let r = rain()
        for c in r.columns.indices {
            let column = r.columns[c]
            let columnHeight = Double(column.length * DigitalRain.pitchY)
            for ms in [0, 700, 5300, 61_000] {
                let t = Double(ms) / 1000
                var y = (t * column.speed.doubleValue + column.offset.doubleValue).truncatingRemainder(dividingBy: 32 + columnHeight)
                if y < 0 { y += 32 + columnHeight }
                #expect(abs(r.top(of: c, at: .milliseconds(ms)).doubleValue - (y - columnHeight)) < 0.01)
            }
        }
    }

    @Test func glyphsSwapOnlyOnTheHalfSecondTimelineAtAboutTwoPercent() {
        let r = rain(), unswapped = rain(chance: 0)
        var swapped = 0, total = 0
        for tick in 1...200 {
            for c in r.columns.indices {
                for row in 0..<r.columns[c].length {
                    total += 1
                    if r.glyphIndex(column: c, row: row, tick: Int64(tick)) != unswapped.glyphIndex(column: c, row: row, tick: Int64(tick)) { swapped += 1 }
                }
            }
        }
        let share = Double(swapped) / Double(total)
        #expect(share > 0.012 && share < 0.025, "swapped share \(share)")
        // Within one tick nothing changes: 0.1 s and 0.4 s show the same glyphs.
        #expect(FrameTime.milliseconds(100).ticks(every: .milliseconds(500)) == FrameTime.milliseconds(400).ticks(every: .milliseconds(500)))
        #expect(unswapped.glyphIndex(column: 0, row: 0, tick: 5) == unswapped.glyphIndex(column: 0, row: 0, tick: 6))
    }
}

struct FanSweepTests {
    @Test func sweepGrowsLinearlyToAFullTurnOverTheDuration() {
        let fan = FanSweep(width: 32, height: 32, duration: 3, easing: .linear, loops: false, color: .white)
        #expect(fan.sweep(at: .milliseconds(750)) == Angle.quarterTurn)
        #expect(fan.sweep(at: .milliseconds(1500)) == Angle.halfTurn)
        #expect(fan.sweep(at: .seconds(3)) == Angle.fullTurn)
        #expect(fan.sweep(at: .seconds(30)) == Angle.fullTurn)
    }

    @Test func easeInOutIsSlowAtTheEndsAndHalfWayAtHalfTime() {
        let e = FanSweep.Easing.easeInOut
        #expect(e.apply(.half) == .half)
        #expect(e.apply(0.1) < 0.1 && e.apply(0.9) > 0.9)
        #expect(e.apply(.zero) == .zero && e.apply(.one) == .one)
    }

    @Test func loopingFanStartsAgainAfterTheHold() {
        let fan = FanSweep(width: 32, height: 32, duration: 2, easing: .linear, loops: true, hold: 0.5, color: .white)
        #expect(fan.sweep(at: .milliseconds(2200)) == .fullTurn)
        #expect(fan.sweep(at: .milliseconds(3000)) == Angle.quarterTurn)
    }

    @Test func quarterSweepLightsAQuarterOfTheDisc() {
        var fan = FanSweep(width: 64, height: 64, duration: 4, easing: .linear, loops: false, color: .white)
        let frame = renderFrame(&fan, width: 64, height: 64, at: .seconds(1), supersampling: .x8)
        let radius = 31.5
        #expect(abs(frame.litArea - Double.pi * radius * radius / 4) / (Double.pi * radius * radius / 4) < 0.01)
        // The quarter is the top-right one: from 12 o'clock clockwise to 3 o'clock.
        #expect(frame[48, 16] == .white && frame[16, 16] == .black && frame[48, 48] == .black)
    }
}

/// sin in double precision for reference values (tests only).
func _sinForTest(_ x: Double) -> Double {
    // Taylor series after range reduction: keeps the tests free of Foundation.
    var r = x.truncatingRemainder(dividingBy: 2 * Double.pi)
    if r > Double.pi { r -= 2 * Double.pi } else if r < -Double.pi { r += 2 * Double.pi }
    var term = r, sum = r
    for n in 1..<12 {
        term *= -r * r / Double((2 * n) * (2 * n + 1))
        sum += term
    }
    return sum
}
