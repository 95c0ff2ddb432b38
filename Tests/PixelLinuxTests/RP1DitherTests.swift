import PixelBus
import PixelCore
import PixelPanels
import PixelSimulator
import Testing
@testable import PixelLinux

/// `pwm-dither-bits` on RP1's overlapped refresh, where each plane stays lit while the next
/// shifts in and its on-time is counted in stores.
struct RP1DitherTests {
    /// A frame whose channels run through many 11-bit levels, the low planes among them.
    private func steps(width: Int, height: Int) -> Frame {
        var frame = Frame(width: width, height: height)
        for i in frame.pixels.indices {
            let level: Int = i * 37 % 2048
            frame.pixels[i] = LinearColor(red: UInt16((level * 65535 + 1023) / 2047), green: UInt16(i % 7 * 9362),
                                          blue: UInt16((2047 - level) * 32))
        }
        return frame
    }

    /// `text`'s panel through RP1's registers at 10 ns per store, shown as the simulator shows a
    /// frame (the swap, the rest of its cycle, one whole cycle); returns the model and the
    /// virtual time each refresh of that last cycle took on average.
    private func throughRP1(_ text: String) throws -> (model: HUB75Model, refreshNanoseconds: Int64) {
        guard case let .hub75(configuration) = try PanelDescription(parsing: text).kind else {
            throw BusError.invalidRequest(device: text, reason: "not hub75")
        }
        let model = HUB75Model(configuration: configuration)
        let pins = SimulatedGPIOLines(models: [model])
        let window = RP1WindowModel(pins: pins, storeNanoseconds: 10)
        let lines = try RP1Lines(registers: window, outputMask: configuration.drivenLines, nanosecondsPerStore: 10)
        let panel = HUB75Panel(configuration: configuration)
        let refresher = try panel.makeRefresher(lines: lines)
        try panel.show(steps(width: configuration.width, height: configuration.height))
        try refresher.refreshOnce()
        while !refresher.nextRefreshStartsDitherCycle { try refresher.refreshOnce() }
        let start = pins.nanoseconds
        let cycle = configuration.refreshesPerDitherCycle
        for _ in 0..<cycle { try refresher.refreshOnce() }
        #expect(model.anomalyCount == 0, "\(model.anomalies.prefix(3))")
        #expect(window.strayStores.isEmpty)
        return (model, (pins.nanoseconds - start) / Int64(cycle))
    }

    @Test(arguments: ["hub75:rows=32,cols=64", "hub75:rows=32,cols=64,row-address=ab-shift,pwm-bits=8"])
    func theOverlappedRefreshDithersExactlyAndFaster(_ text: String) throws {
        // 10 ns stores: every on-time is a whole number of stores, so a cycle shows exactly
        // what one undithered refresh shows.
        let plain = try throughRP1(text)
        for bits in 1...2 {
            let dithered = try throughRP1(text + ",pwm-dither-bits=\(bits)")
            #expect(dithered.model.picture == plain.model.picture, "pwm-dither-bits=\(bits)")
            #expect(dithered.refreshNanoseconds < plain.refreshNanoseconds, "pwm-dither-bits=\(bits)")
        }
    }
}
