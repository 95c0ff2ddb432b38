import Testing
import PixelCore
import PixelPanels
@testable import PixelSimulator

/// A deterministic frame with every channel level drawn from `seed`.
func randomStripFrame(width: Int, height: Int, seed: UInt64) -> Frame {
    var random = SeededRandom(seed: seed)
    var frame = Frame(width: width, height: height)
    for i in frame.pixels.indices {
        frame.pixels[i] = LinearColor(red: UInt16(random.int(in: 0...65535)), green: UInt16(random.int(in: 0...65535)),
                                      blue: UInt16(random.int(in: 0...65535)))
    }
    return frame
}

/// `frame` with every channel at the nearest 8-bit level shown as linear light: round(v/257)·257.
func nearestEightBitLevels(_ frame: Frame) -> Frame {
    var out = frame
    func near(_ v: UInt16) -> UInt16 { UInt16((Double(v) / 257).rounded()) * 257 }
    for i in out.pixels.indices {
        let p = frame.pixels[i]
        out.pixels[i] = LinearColor(red: near(p.red), green: near(p.green), blue: near(p.blue))
    }
    return out
}

@Suite struct WS2812ModelTests {
    @Test(arguments: [WS2812SPISymbols.spi2400kHz, .spi3200kHz])
    func roundTripShowsEveryChannelAtTheNearestLevel(symbols: WS2812SPISymbols) throws {
        let mapper = PixelMapper.grid(width: 16, height: 16, serpentine: true)
        let model = WS2812Model(layout: mapper.layout)
        let device = SimulatedSPIDevice(model: model)
        let panel = try WS2812Panel(device: device, configuration: WS2812Configuration(mapper: mapper, symbols: symbols))
        for seed in [1, 2] as [UInt64] {
            let frame = randomStripFrame(width: 16, height: 16, seed: seed)
            try panel.show(frame)
            #expect(model.problems.isEmpty, "\(model.problems.prefix(3))")
            #expect(model.picture == nearestEightBitLevels(frame))
        }
        #expect(model.latchedFrames == 2)
        #expect(device.largestTransfer == 256 * 3 * symbols.bytesPerDataByte + symbols.resetBytes(microseconds: 50))
    }

    @Test func rgbwRoundTripOnSK6812ShowsColourAndWhiteLightTogether() throws {
        var options = try PanelOptions(parsing: "sk6812:width=8,height=8,serpentine,rgbw")
        let config = try WS2812Configuration(options: &options)
        let model = WS2812Model(layout: config.mapper.layout, white: true, timing: .sk6812)
        let panel = try WS2812Panel(device: SimulatedSPIDevice(model: model), configuration: config)
        let frame = randomStripFrame(width: 8, height: 8, seed: 3)
        try panel.show(frame)
        #expect(model.problems.isEmpty, "\(model.problems.prefix(3))")
        var expected = frame
        for i in frame.pixels.indices {
            let p = frame.pixels[i]
            let w = min(p.red, p.green, p.blue)
            let wLevel = (Double(w) / 257).rounded()
            func light(_ c: UInt16) -> UInt16 { UInt16(min(65535, ((Double(c - w) / 257).rounded() + wLevel) * 257)) }
            expected.pixels[i] = LinearColor(red: light(p.red), green: light(p.green), blue: light(p.blue))
        }
        #expect(model.picture == expected)
        // The white channel carries the common part: a grey LED is lit by white alone.
        var grey = Frame(width: 8, height: 8)
        grey[0, 0] = LinearColor(red: 100 * 257, green: 100 * 257, blue: 100 * 257)
        try panel.show(grey)
        #expect(model.levels(ofLED: 0) == [0, 0, 0, 100])
    }

    @Test func sk6812ReadsThe2400kHzOneAsTooLongAPulse() throws {
        var options = try PanelOptions(parsing: "sk6812:length=4,rgbw,speed=2400000")
        let config = try WS2812Configuration(options: &options)
        let model = WS2812Model(layout: config.mapper.layout, white: true, timing: .sk6812)
        let panel = try WS2812Panel(device: SimulatedSPIDevice(model: model), configuration: config)
        var frame = Frame(width: 4, height: 1)
        frame[0, 0] = .white
        try panel.show(frame)
        #expect(model.problems.contains(.highOutOfSpec(bit: 24, nanoseconds: 833)))
        #expect(model.latchedFrames == 0)
    }

    @Test func wrongSPIClockIsReportedAsTimingErrorsAndNothingIsShown() {
        let mapper = PixelMapper.strip(length: 8)
        var encoder = WS2812Encoder(configuration: WS2812Configuration(mapper: mapper, symbols: .spi2400kHz))
        let model = WS2812Model(layout: mapper.layout)
        model.receive(encoder.encode(randomStripFrame(width: 8, height: 1, seed: 4)), mode: .mode0, speedHz: 8_000_000)
        #expect(model.timingErrorCount > 0)
        // At 8 MHz an SPI bit lasts 125 ns: a `100` zero is a 125 ns pulse, too short for either bit.
        #expect(model.problems.contains { if case .highOutOfSpec(_, 125) = $0 { return true } else { return false } })
        #expect(model.problems.contains { if case .lowTooShort(_, 125) = $0 { return true } else { return false } })
        #expect(model.latchedFrames == 0)
        #expect(model.picture == Frame(width: 8, height: 1))
    }

    @Test func transferWithoutTheResetGapIsNotLatchedAndThePictureStays() throws {
        let mapper = PixelMapper.strip(length: 5)
        let config = WS2812Configuration(mapper: mapper)
        let model = WS2812Model(layout: mapper.layout)
        let device = SimulatedSPIDevice(model: model)
        let panel = try WS2812Panel(device: device, configuration: config)
        let first = randomStripFrame(width: 5, height: 1, seed: 5)
        try panel.show(first)
        var encoder = WS2812Encoder(configuration: config)
        let bytes = encoder.encode(randomStripFrame(width: 5, height: 1, seed: 6))
        try device.transfer(Array(bytes.dropLast(config.resetBytes)))
        #expect(model.problems.contains { if case .missingReset = $0 { return true } else { return false } })
        #expect(model.latchedFrames == 1)
        #expect(model.picture == nearestEightBitLevels(first))
    }

    @Test func newerPartsNeedTheLongerResetGap() throws {
        let mapper = PixelMapper.strip(length: 3)
        let frame = randomStripFrame(width: 3, height: 1, seed: 7)
        for (reset, latched) in [(50, false), (280, true)] {
            let model = WS2812Model(layout: mapper.layout, timing: .ws2812bV5)
            let panel = try WS2812Panel(device: SimulatedSPIDevice(model: model),
                                        configuration: WS2812Configuration(mapper: mapper, resetMicroseconds: reset))
            try panel.show(frame)
            #expect((model.latchedFrames == 1) == latched, "reset \(reset) µs")
            #expect((model.picture == nearestEightBitLevels(frame)) == latched)
        }
    }

    @Test func firstLEDTakesTheFirstBitsAndPassesTheRestOn() throws {
        let model = WS2812Model(stripLength: 3)
        let device = SimulatedSPIDevice(model: model)
        let short = try WS2812Panel(device: device, configuration: WS2812Configuration(mapper: .strip(length: 2)))
        var two = Frame(width: 2, height: 1)
        two[0, 0] = LinearColor(red: 257, green: 0, blue: 0)
        two[1, 0] = LinearColor(red: 0, green: 514, blue: 0)
        try short.show(two)
        #expect(model.levels(ofLED: 0) == [0, 1, 0])  // GRB
        #expect(model.levels(ofLED: 1) == [2, 0, 0])
        #expect(model.levels(ofLED: 2) == [0, 0, 0])
        let long = try WS2812Panel(device: device, configuration: WS2812Configuration(mapper: .strip(length: 4)))
        var four = Frame(width: 4, height: 1)
        for x in 0..<4 { four[x, 0] = LinearColor(red: 0, green: 0, blue: UInt16(257 * (x + 10))) }
        try long.show(four)
        #expect((0..<3).map { model.levels(ofLED: $0)[2] } == [10, 11, 12])
        #expect(model.problems.isEmpty)
    }

    @Test func quarterTurnedPanelShowsThePictureTurnedOnTheBoard() throws {
        var options = try PanelOptions(parsing: "ws2812:width=32,height=8,columns,serpentine,rotate=90")
        let config = try WS2812Configuration(options: &options)
        #expect(config.mapper.width == 8 && config.mapper.height == 32)
        let model = WS2812Model(layout: config.mapper.layout)
        let panel = try WS2812Panel(device: SimulatedSPIDevice(model: model), configuration: config)
        let frame = randomStripFrame(width: 8, height: 32, seed: 8)
        try panel.show(frame)
        let picture = model.picture, expected = nearestEightBitLevels(frame)
        #expect(picture.width == 32 && picture.height == 8)
        var mismatches = 0
        for y in 0..<32 { for x in 0..<8 where picture[31 - y, x] != expected[x, y] { mismatches += 1 } }
        #expect(mismatches == 0)
    }
}

/// The SPI bytes of Adafruit NeoPixel_SPI's encoding at 6.4 MHz: 8 SPI bits per data bit,
/// 0xF0 for a 1 (625 ns high) and 0xC0 for a 0 (312.5 ns), the reset gap before and after.
private func neoPixelSPIBytes(_ levels: [UInt8]) -> [UInt8] {
    let reset = [UInt8](repeating: 0, count: 64)  // 80 µs at 6.4 MHz
    return reset + levels.flatMap { level in (0..<8).map { level << UInt8($0) & 0x80 != 0 ? 0xF0 : 0xC0 } } + reset
}

@Suite struct WS2812ChipTimingTests {
    @Test func theTolerantDefaultTakesNeoPixelSPIsSixHundredTwentyFiveNanosecondOne() {
        let model = WS2812Model(stripLength: 2)
        model.receive(neoPixelSPIBytes([0x12, 0xFF, 0x00, 0x80, 0x01, 0x7E]), mode: .mode0, speedHz: 6_400_000)
        #expect(model.misfit == nil)
        #expect(model.latchedFrames == 1)
        #expect(model.levels(ofLED: 0) == [0x12, 0xFF, 0x00] && model.levels(ofLED: 1) == [0x80, 0x01, 0x7E])
    }

    /// (chip, whether its windows take NeoPixel_SPI's 625 ns one and 312.5 ns zero)
    @Test(arguments: [
        (WS2812Chip.any, true), (.ws2812, true), (.ws2812b, false), (.ws2812bV5, true), (.sk6812, true),
    ])
    func aSixHundredTwentyFiveNanosecondOneFitsEveryGenerationButTheOriginalWS2812B(_ chip: WS2812Chip, _ accepted: Bool) {
        let model = WS2812Model(stripLength: 1, timing: WS2812Timing(chip))
        var bytes = neoPixelSPIBytes([0xA5, 0x5A, 0xFF])
        bytes += [UInt8](repeating: 0, count: 200)  // 280 µs in all, for WS2812B-V5's reset
        model.receive(bytes, mode: .mode0, speedHz: 6_400_000)
        #expect((model.latchedFrames == 1) == accepted)
        if accepted {
            #expect(model.levels(ofLED: 0) == [0xA5, 0x5A, 0xFF])
            #expect(model.misfit == nil)
        } else {
            #expect(model.rejectedFrames == 1)
            #expect(model.misfit == "1 frame not shown: bit 0 has a high pulse of 625 ns, outside chip=ws2812b's windows "
                + "(0: 250–550 ns, 1: 650–950 ns); chip=any (or another chip=, or SPI clock)?")
        }
    }

    @Test func eachGenerationHasItsDataSheetWindows() {
        #expect(WS2812Timing(.ws2812).windows == "0: 200–500 ns, 1: 550–850 ns")
        #expect(WS2812Timing(.ws2812b).windows == "0: 250–550 ns, 1: 650–950 ns")
        #expect(WS2812Timing(.ws2812bV5).windows == "0: 220–380 ns, 1: 580–1000 ns")
        #expect(WS2812Timing(.sk6812).windows == "0: 150–450 ns, 1: 450–750 ns")
        #expect(WS2812Timing(.any).windows == "0: 150–500 ns, 1: 550–1000 ns")
        #expect(WS2812Timing(.ws2812bV5).reset == 280_000 && WS2812Timing(.sk6812).reset == 80_000)
    }

    @Test(arguments: WS2812Chip.allCases)
    func pixelWheelsDriverFitsTheChipItIsToldAbout(_ chip: WS2812Chip) throws {
        let panel = try SimulatedPanel("ws2812:width=4,height=4,chip=\(chip.rawValue)")
        let frame = randomStripFrame(width: 4, height: 4, seed: 7)
        #expect(try panel.show(frame) == nearestEightBitLevels(frame))
        #expect(panel.misfit == nil)
    }

    @Test func aRejectedFrameIsReportedNotShownAsBlack() throws {
        // 2.4 MHz: the one is 833 ns high, past SK6812's 750 ns.
        let panel = try SimulatedPanel("ws2812:length=4,chip=sk6812,speed=2400000")
        var frame = Frame(width: 4, height: 1)
        frame[0, 0] = .white
        try panel.show(frame)
        #expect(panel.misfit?.hasPrefix("1 frame not shown: bit 0 has a high pulse of 833 ns, outside chip=sk6812's windows") == true)
    }
}
