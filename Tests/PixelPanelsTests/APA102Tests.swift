import PixelBus
import Testing
import PixelCore
@testable import PixelPanels

@Suite struct APA102Tests {
    @Test func transferIsStartFrameThenOneWordPerLEDThenZeroEndFrame() throws {
        let device = StripTestSPIDevice()
        let panel = try APA102Panel(device: device, configuration: APA102Configuration(mapper: .strip(length: 2)))
        var f = Frame(width: 2, height: 1)
        f[0, 0] = LinearColor(red: 255 * 257, green: 2 * 257, blue: 3 * 257)
        f[1, 0] = LinearColor(red: 0, green: 128 * 257, blue: 0)
        try panel.show(f)
        #expect(device.mode == .mode0 && device.speedHz == 4_000_000)
        #expect(device.transfers == [[0, 0, 0, 0, 0xFF, 3, 2, 255, 0xFF, 0, 128, 0, 0, 0, 0, 0, 0]])
    }

    @Test func endFrameIsFourZeroBytesPlusHalfAClockPerLED() {
        #expect(APA102Configuration.endFrameBytes(ledCount: 1) == 5)
        #expect(APA102Configuration.endFrameBytes(ledCount: 16) == 5)
        #expect(APA102Configuration.endFrameBytes(ledCount: 17) == 6)
        #expect(APA102Configuration.endFrameBytes(ledCount: 256) == 20)
        for n in 1...2000 {
            let extraBits = (APA102Configuration.endFrameBytes(ledCount: n) - 4) * 8
            #expect(extraBits >= (n + 1) / 2, "\(n) LEDs")
        }
    }

    @Test func hdrUsesTheSmallestGlobalLevelThatHoldsTheBrightestChannel() {
        var pipeline = ColorPipeline(configuration: ColorPipelineConfiguration(order: .bgr, output: .pwm8WithGlobal5))
        let out = pipeline.process([
            LinearColor(red: 300, green: 0, blue: 0),        // 300·31/257 = 36.2 → global 1, level 36
            LinearColor(red: 65535, green: 257, blue: 0),    // full → global 31
            LinearColor(red: 4000, green: 2000, blue: 1000), // 482.5 → global 2
        ])
        #expect(out.globalBrightness == [1, 31, 2])
        #expect(Array(out.levels[0..<3]) == [0, 0, 36])
        #expect(Array(out.levels[3..<6]) == [0, 1, 255])
        #expect(Array(out.levels[6..<9]) == [60, 121, 241])
    }

    @Test func hdrIsCloserToTheTargetAtLowLevelsThanEightBitAlone() {
        var hdr = ColorPipeline(configuration: ColorPipelineConfiguration(output: .pwm8WithGlobal5))
        var plain = ColorPipeline(configuration: ColorPipelineConfiguration(output: .pwm8))
        var hdrError = 0.0, plainError = 0.0, hdrWorst = 0.0, plainWorst = 0.0
        // Levels below 1/16 of full light: where 8-bit PWM has only 16 steps.
        for v in 1...4096 {
            let pixel = [LinearColor(red: UInt16(v), green: 0, blue: 0)]
            let h = hdr.process(pixel), p = plain.process(pixel)
            let global = Double(h.globalBrightness[0])
            let hdrLight = Double(h.levels[0]) * global / (255 * 31) * 65535
            let plainLight = Double(p.levels[0]) / 255 * 65535
            // Each is within half of its own step of the target.
            #expect(abs(hdrLight - Double(v)) <= 257 * global / 62 + 1e-9, "level \(v)")
            #expect(abs(plainLight - Double(v)) <= 128.5, "level \(v)")
            hdrError += abs(hdrLight - Double(v)); plainError += abs(plainLight - Double(v))
            hdrWorst = max(hdrWorst, abs(hdrLight - Double(v))); plainWorst = max(plainWorst, abs(plainLight - Double(v)))
        }
        #expect(hdrWorst * 10 < plainWorst)
        #expect(hdrError * 10 < plainError)
    }

    @Test func optionsReadEveryAPA102Key() throws {
        var options = try PanelOptions(parsing: "apa102:width=8,height=8,serpentine,hdr,speed=8000000,brightness=0.5,order=rgb")
        let config = try APA102Configuration(options: &options)
        try options.finish()
        #expect(config.color.output == .pwm8WithGlobal5)
        #expect(config.speedHz == 8_000_000)
        #expect(config.color.order == .rgb && config.color.brightness == Fixed.half)
        #expect(config.transferBytes == 4 + 256 + 8)
        var defaults = try PanelOptions(parsing: "apa102:length=144")
        let plain = try APA102Configuration(options: &defaults)
        #expect(plain.color.order == .bgr && plain.color.output == .pwm8 && plain.speedHz == 4_000_000)
    }

    @Test func frameLargerThanOneTransferIsRefusedBeforeAnythingIsSent() throws {
        let device = StripTestSPIDevice(maxTransferSize: 4096)
        #expect(throws: BusError.transferTooLarge(device: "/dev/spidev0.0", bytes: 4 + 4096 + 68, limit: 4096)) {
            _ = try APA102Panel(device: device, configuration: APA102Configuration(mapper: .grid(width: 32, height: 32)))
        }
        #expect(device.transfers.isEmpty)
    }
}
