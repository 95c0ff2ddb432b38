import Testing
import PixelCore
import PixelPanels
@testable import PixelSimulator

@Suite struct APA102ModelTests {
    /// Start frame, then one full-brightness word per level triple (already in wire order).
    func words(_ levels: [[UInt8]], global: UInt8 = 31) -> [UInt8] {
        [0, 0, 0, 0] + levels.flatMap { [0xE0 | global] + $0 }
    }

    @Test(arguments: APA102Chip.allCases)
    func roundTripShowsEveryChannelAtTheNearestLevel(chip: APA102Chip) throws {
        let mapper = PixelMapper.grid(width: 16, height: 16, serpentine: true)
        let model = APA102Model(layout: mapper.layout, chip: chip)
        let panel = try APA102Panel(device: SimulatedSPIDevice(model: model), configuration: APA102Configuration(mapper: mapper))
        for seed in [11, 12] as [UInt64] {
            let frame = randomStripFrame(width: 16, height: 16, seed: seed)
            try panel.show(frame)
            #expect(model.problems.isEmpty)
            #expect(model.picture == nearestEightBitLevels(frame))
        }
    }

    @Test func hdrPictureIsFarCloserToDimTargetsThanEightBit() throws {
        let mapper = PixelMapper.strip(length: 256)
        var frame = Frame(width: 256, height: 1)
        for x in 0..<256 { frame[x, 0] = LinearColor(red: UInt16(1 + 15 * x), green: UInt16(7 * x), blue: UInt16(x)) }
        var worst: [Double] = []
        for hdr in [false, true] {
            let model = APA102Model(layout: mapper.layout)
            var config = APA102Configuration(mapper: mapper)
            config.color.output = hdr ? .pwm8WithGlobal5 : .pwm8
            try APA102Panel(device: SimulatedSPIDevice(model: model), configuration: config).show(frame)
            var e = 0.0
            for x in 0..<256 {
                let p = model.picture[x, 0], t = frame[x, 0]
                e = max(e, abs(Double(p.red) - Double(t.red)), abs(Double(p.green) - Double(t.green)), abs(Double(p.blue) - Double(t.blue)))
            }
            worst.append(e)
        }
        #expect(worst[0] > 100)  // 8-bit: up to half of 257
        #expect(worst[1] * 10 < worst[0])
    }

    @Test func sk9822ShowsItsWordOnlyAfterAZeroFrameArrives() {
        let apa = APA102Model(stripLength: 2, chip: .apa102)
        let sk = APA102Model(stripLength: 2, chip: .sk9822)
        // The APA102 data sheet's end frame: 32 one bits.
        let frame = words([[1, 2, 3], [4, 5, 6]]) + [0xFF, 0xFF, 0xFF, 0xFF]
        apa.receive(frame, mode: .mode0, speedHz: 4_000_000)
        sk.receive(frame, mode: .mode0, speedHz: 4_000_000)
        #expect(apa.shownWords == [0xFF01_0203, 0xFF04_0506])
        #expect(sk.shownWords == [0, 0])
        // The next transfer's start frame finally shows it.
        sk.receive([0, 0, 0, 0, 0], mode: .mode0, speedHz: 4_000_000)
        #expect(sk.shownWords == [0xFF01_0203, 0xFF04_0506])
    }

    @Test func shortEndFrameLeavesTheFarEndOfALongChainBehindUntilMoreClocksCome() {
        let levels = (0..<256).map { [UInt8($0 & 0xFF), 1, 2] }
        let apa = APA102Model(stripLength: 256, chip: .apa102)
        apa.receive(words(levels) + [0, 0, 0, 0], mode: .mode0, speedHz: 4_000_000)
        // LED k's word is followed by 32·(256 − k) clocks; it arrives only if ⌈k/2⌉ of them.
        #expect(apa.shownWords[252] == 0xFFFC_0102)
        #expect(apa.shownWords[253] == 0)
        #expect(apa.shownWords[255] == 0)
        apa.receive(Array(repeating: 0, count: 16), mode: .mode0, speedHz: 4_000_000)
        #expect(apa.shownWords[255] == 0xFFFF_0102)
        let sk = APA102Model(stripLength: 256, chip: .sk9822)
        sk.receive(words(levels) + [0, 0, 0, 0], mode: .mode0, speedHz: 4_000_000)
        #expect(sk.shownWords[0] == 0xFF00_0102)  // 32 zeros reached LED 0 only
        #expect(sk.shownWords[1] == 0)
        let full = APA102Model(stripLength: 256, chip: .sk9822)
        full.receive(words(levels) + Array(repeating: 0, count: APA102Configuration.endFrameBytes(ledCount: 256)), mode: .mode0, speedHz: 4_000_000)
        #expect(full.shownWords[255] == 0xFFFF_0102)
    }

    @Test(arguments: APA102Chip.allCases)
    func fullWhiteWordsAreLEDsUpToTheChainsLengthAndAnEndFrameAfterIt(chip: APA102Chip) {
        let white = [UInt8](repeating: 0xFF, count: 4 * 3)
        // Three LED words of 0xFFFFFFFF and a zero end frame: the chain's three LEDs, all white.
        let bare = APA102Model(stripLength: 3, chip: chip)
        bare.receive([0, 0, 0, 0] + white + [0], mode: .mode0, speedHz: 4_000_000)
        #expect(bare.misfit == nil)
        // The same followed by the data sheet's end frame of 32 ones, then the next frame.
        let ended = APA102Model(stripLength: 3, chip: chip)
        ended.receive([0, 0, 0, 0] + white + [0xFF, 0xFF, 0xFF, 0xFF], mode: .mode0, speedHz: 4_000_000)
        ended.receive([0, 0, 0, 0] + white + [0xFF, 0xFF, 0xFF, 0xFF], mode: .mode0, speedHz: 4_000_000)
        #expect(ended.misfit == nil)
        #expect(ended.shownWords == [0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF])
        #expect(ended.picture.pixels.allSatisfy { $0 == .white })
        // Three white words for a chain of five are three LEDs, not zero.
        let short = APA102Model(stripLength: 5, chip: chip)
        short.receive([0, 0, 0, 0] + white + [0, 0, 0, 0], mode: .mode0, speedHz: 4_000_000)
        #expect(short.misfit?.hasPrefix("frames carry 3 LED words, but the chain has 5 LEDs") == true, "\(short.misfit ?? "fits")")
    }

    @Test func globalBrightnessScalesTheLight() {
        let model = APA102Model(stripLength: 1)
        model.receive(words([[0, 0, 255]], global: 1) + [0, 0, 0, 0, 0], mode: .mode0, speedHz: 1_000_000)
        #expect(model.picture[0, 0] == LinearColor(red: 2114, green: 0, blue: 0))  // 65535/31
    }

    @Test func wordWithoutItsHeaderAndDataInTheWrongModeAreReported() {
        let model = APA102Model(stripLength: 1)
        model.receive([0, 0, 0, 0, 0x9F, 1, 2, 3, 0, 0, 0, 0, 0], mode: .mode0, speedHz: 1_000_000)
        #expect(model.problems == [.badHeader(led: 0, word: 0x9F01_0203)])
        model.clearProblems()
        model.receive(words([[9, 9, 9]]) + [0, 0, 0, 0, 0], mode: .mode1, speedHz: 1_000_000)
        #expect(model.problems == [.wrongMode(.mode1)])
        #expect(model.shownWords[0] == 0x9F01_0203)
    }
}
