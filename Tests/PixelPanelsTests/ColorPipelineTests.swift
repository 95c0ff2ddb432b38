import Testing
import PixelCore
@testable import PixelPanels

/// A deterministic frame of `count` pixels with every channel level drawn from `seed`.
func randomPixels(_ count: Int, seed: UInt64) -> [LinearColor] {
    var random = SeededRandom(seed: seed)
    return (0..<count).map { _ in
        LinearColor(red: UInt16(random.int(in: 0...65535)), green: UInt16(random.int(in: 0...65535)),
                    blue: UInt16(random.int(in: 0...65535)))
    }
}

/// Independent estimate of what 8-bit `levels` draw, in µA (exact rational, rounded up).
func estimatedMicroamps(_ levels: [UInt8], ledCount: Int, milliampsPerChannel: Int = 20, idle: Int = 1) -> Double {
    let active = levels.reduce(0.0) { $0 + Double($1) / 255 * Double(milliampsPerChannel) * 1000 }
    return active + Double(ledCount * idle * 1000)
}

@Suite struct ColorPipelineTests {
    @Test func linearFullBrightnessRoundsEachChannelToTheNearestLevel() {
        var pipeline = ColorPipeline(configuration: ColorPipelineConfiguration(order: .rgb))
        let pixels = randomPixels(500, seed: 1) + [.black, .white, LinearColor(red: 128, green: 129, blue: 385)]
        let out = pipeline.process(pixels)
        for (i, p) in pixels.enumerated() {
            let expected = [p.red, p.green, p.blue].map { UInt8((Double($0) / 257).rounded()) }
            #expect(Array(out.levels[3 * i ..< 3 * i + 3]) == expected)
        }
        #expect(out.power.scale == 65536)
    }

    @Test func brightnessScalesLightLinearly() throws {
        var half = ColorPipeline(configuration: ColorPipelineConfiguration(brightness: Fixed(128, over: 255)))
        #expect(half.process([.white]).levels == [128, 128, 128])
        var options = try PanelOptions(parsing: "ws2812:brightness=0.25")
        let config = try ColorPipelineConfiguration(options: &options, defaultOrder: .grb)
        var quarter = ColorPipeline(configuration: config)
        #expect(quarter.process([LinearColor(red: 0, green: 65535, blue: 40000)]).levels == [64, 0, 39])
    }

    @Test func brightnessOptionRejectsValuesOutsideItsRangeNamingTheKey() throws {
        for text in ["256", "1.5", "-3", "half"] {
            var options = try PanelOptions(parsing: "ws2812:brightness=\(text)")
            #expect(throws: PanelConfigurationError.badValue(type: "ws2812", key: "brightness", value: text,
                                                             allowed: "0...255, or a fraction 0.0...1.0")) {
                _ = try ColorPipelineConfiguration(options: &options, defaultOrder: .grb)
            }
        }
    }

    @Test func typicalLEDStripCorrectionScalesEachChannelOfWhite() throws {
        var pipeline = ColorPipeline(configuration: ColorPipelineConfiguration(correction: .typicalLEDStrip))
        #expect(pipeline.process([.white]).levels == [255, 176, 240])
        #expect(ColorCorrection(text: "typical-strip") == .typicalLEDStrip)
        #expect(ColorCorrection(text: "FF8000") == ColorCorrection(red: 255, green: 128, blue: 0))
        #expect(ColorCorrection(text: "warm") == nil)
    }

    @Test(arguments: ChannelOrder.allCases)
    func channelOrderPutsEachColourAtItsWirePosition(order: ChannelOrder) {
        var pipeline = ColorPipeline(configuration: ColorPipelineConfiguration(order: order))
        let levels = pipeline.process([LinearColor(red: 10 * 257, green: 20 * 257, blue: 30 * 257)]).levels
        let byLetter: [Character: UInt8] = ["r": 10, "g": 20, "b": 30]
        #expect(levels == order.rawValue.map { byLetter[$0]! })
    }

    @Test func rgbwSendsTheCommonPartOfTheColoursOnTheWhiteChannel() {
        var pipeline = ColorPipeline(configuration: ColorPipelineConfiguration(order: .grb, white: true))
        let out = pipeline.process([LinearColor(red: 200 * 257, green: 150 * 257, blue: 100 * 257), .white, .black])
        #expect(out.channelsPerLED == 4)
        #expect(out.levels == [50, 100, 0, 100, 0, 0, 0, 255, 0, 0, 0, 0])
    }

    @Test func ditheredLevelsAverageToTheSixteenBitTargetWithinOneOverN() {
        let targets: [UInt16] = [1, 100, 128, 129, 300, 12345, 32767, 65279, 65534]
        var pipeline = ColorPipeline(configuration: ColorPipelineConfiguration(dithering: true))
        let pixels = targets.map { LinearColor(red: $0, green: $0, blue: $0) }
        var sums = [Int](repeating: 0, count: targets.count)
        for n in 1...300 {
            let levels = pipeline.process(pixels).levels
            for (i, target) in targets.enumerated() {
                sums[i] += Int(levels[3 * i])
                // |mean − target/257| < 1/N  ⇔  |sum·257 − N·target| < 257
                #expect(abs(sums[i] * 257 - n * Int(target)) < 257, "target \(target) after \(n) frames")
            }
        }
    }

    @Test func withoutDitheringALevelBetweenStepsDoesNotAverageToTheTarget() {
        var pipeline = ColorPipeline(configuration: ColorPipelineConfiguration(dithering: false))
        let target: UInt16 = 300  // 1.17 levels
        var sum = 0
        for _ in 0..<100 { sum += Int(pipeline.process([LinearColor(red: target, green: 0, blue: 0)]).levels[0]) }
        #expect(abs(sum * 257 - 100 * Int(target)) >= 257)
    }

    @Test func cie1931CurveFollowsTheCIELightnessFormulaWithinHalfAStep() {
        var previous: UInt16 = 0
        for level in stride(from: 0, through: 65535, by: 7) {
            let lightness = Double(level) / 65535 * 100
            let cube: Double = (lightness + 16) / 116
            let y: Double = lightness <= 8 ? lightness * 27 / 24389 : cube * cube * cube
            let duty = TransferCurve.cie1931.duty(for: UInt16(level))
            #expect(abs(Double(duty) - y * 65535) <= 0.5 + 1e-6, "L* level \(level)")
            #expect(duty >= previous)
            previous = duty
        }
        #expect(TransferCurve.cie1931.duty(for: 0) == 0)
        #expect(TransferCurve.cie1931.duty(for: 65535) == 65535)
        #expect(TransferCurve.cie1931.duty(for: 32768) == 12071)  // L* 50 → Y = (66/116)³ ≈ 0.1842
        #expect(TransferCurve.linear.duty(for: 32768) == 32768)
    }

    @Test func fullWhite16x16At60mAPerLEDIsLimitedTo2000mA() {
        let power = PowerModel(milliampsPerChannel: 20, idleMilliampsPerLED: 1, budgetMilliamps: 2000)
        for (dithering, output) in [(false, OutputDepth.pwm8), (true, .pwm8), (false, .pwm8WithGlobal5)] {
            var pipeline = ColorPipeline(configuration: ColorPipelineConfiguration(dithering: dithering, output: output, power: power))
            for _ in 0..<5 {
                let out = pipeline.process(Frame(width: 16, height: 16).pixels.map { _ in .white })
                #expect(out.power.wasLimited)
                #expect(out.power.milliamps <= 2000)
                #expect(out.power.isWithinBudget)
                // Recount from the levels themselves.
                var microamps: Double = 256_000
                for led in 0..<256 {
                    let global: Double = out.globalBrightness.isEmpty ? 31 : Double(out.globalBrightness[led])
                    for c in 0..<3 {
                        let duty: Double = Double(out.levels[3 * led + c]) * global / (255 * 31)
                        microamps += duty * 20_000
                    }
                }
                #expect(microamps <= 2_000_000)
                #expect(microamps >= 1_900_000, "the limiter should not dim far more than needed")
            }
        }
    }

    @Test func frameWithinBudgetIsUntouched() {
        let pixels = (0..<256).map { i in i < 20 ? LinearColor.white : LinearColor(red: 3000, green: 0, blue: 900) }
        var limited = ColorPipeline(configuration: ColorPipelineConfiguration(power: PowerModel(budgetMilliamps: 2000)))
        var unlimited = ColorPipeline(configuration: ColorPipelineConfiguration())
        let a = limited.process(pixels), b = unlimited.process(pixels)
        #expect(a.levels == b.levels)
        #expect(!a.power.wasLimited)
        #expect(a.power.milliamps == Int(estimatedMicroamps(a.levels, ledCount: 256) / 1000 + 0.999))
    }

    @Test func idleCurrentAboveTheBudgetDarkensEveryLEDAndSaysSo() {
        var pipeline = ColorPipeline(configuration: ColorPipelineConfiguration(power: PowerModel(budgetMilliamps: 100)))
        let out = pipeline.process(Array(repeating: .white, count: 256))
        #expect(out.levels.allSatisfy { $0 == 0 })
        #expect(!out.power.isWithinBudget)
        #expect(out.power.milliamps == 256)
    }

    @Test func powerOptionsReadBudgetAndCurrents() throws {
        var options = try PanelOptions(parsing: "ws2812:max-ma=1500,ma-per-channel=12,idle-ma=0,order=rgb,dither,curve=cie1931")
        let config = try ColorPipelineConfiguration(options: &options, defaultOrder: .grb)
        try options.finish()
        #expect(config.power == PowerModel(milliampsPerChannel: 12, idleMilliampsPerLED: 0, budgetMilliamps: 1500))
        #expect(config.order == .rgb && config.dithering && config.curve == .cie1931)
    }
}
