import PixelBus
import PixelCore
import PixelPanels
import Testing
@testable import PixelSimulator

/// `pwm-dither-bits=`, checked on the panel model, whose picture sums one dither cycle.
struct HUB75DitherTests {
    @Test(arguments: ["hub75:rows=32,cols=64", "hub75:rows=32,cols=64,row-address=ab-shift",
                      "hub75:rows=16,cols=32,chain=2,pwm-bits=6,inverse", "hub75:rows=8,cols=32,row-address=row-select",
                      "hub75:multiplexing=Stripe,rows=16,cols=32"])
    func aDitherCycleShowsExactlyTheUnditheredPicture(_ text: String) throws {
        let plain = try HUB75VariantRig(text)
        var second = plain.uniqueFrame
        second.pixels.reverse()
        try plain.display(plain.uniqueFrame)
        let first = plain.model.picture
        try plain.display(second)
        for bits in 1...2 {
            let rig = try HUB75VariantRig(text + ",pwm-dither-bits=\(bits)")
            try rig.display(rig.uniqueFrame)
            #expect(rig.model.picture == first, "pwm-dither-bits=\(bits)")
            // The next frame too: the simulator ends the cycle the swap fell in, then shows a whole one.
            try rig.display(second)
            #expect(rig.model.picture == plain.model.picture, "pwm-dither-bits=\(bits)")
            #expect(rig.model.anomalyCount == 0, "\(rig.model.anomalies.prefix(3))")
            #expect(rig.model.misfit == nil)
        }
    }

    @Test func oneRefreshAloneShowsOnlyItsPlanes() throws {
        // A model that sums single visits sees the refresh that leaves plane 0 out: an LED lit
        // only in plane 0 is dark there, so the cycle's sum is what makes the picture right.
        let rig = try HUB75VariantRig("hub75:rows=16,cols=32,pwm-bits=4,pwm-dither-bits=1")
        let model = HUB75Model(geometry: rig.configuration.geometry, pinMap: rig.configuration.pinMap)
        let refresher = try rig.panel.makeRefresher(lines: SimulatedGPIOLines(models: [model]))
        var frame = Frame(width: 32, height: 16)
        frame[3, 2] = LinearColor(red: 4369, green: 65535, blue: 0)  // red level 1 of 15: plane 0 only
        try rig.panel.show(frame)
        try refresher.refreshOnce()  // refresh 0 (all planes) swaps the frame in
        try refresher.refreshOnce()  // refresh 1: planes 1…3
        #expect(model.picture[3, 2].red == 0 && model.picture[3, 2].green == 65535)
        try refresher.refreshOnce()  // refresh 2: all planes again
        #expect(model.picture[3, 2].red > 0)
    }

    /// Writes and virtual time of each refresh of one dither cycle of a 64×32 panel at 11 bits,
    /// after the refresh that swaps the frame in; writes take `writeNanoseconds`.
    private func cycle(_ bits: Int, writeNanoseconds: Int = 0) throws -> [(writes: Int, nanoseconds: Int64)] {
        let rig = try HUB75VariantRig("hub75:rows=32,cols=64,pwm-dither-bits=\(bits)")
        let port = SimulatedGPIOLines(models: [HUB75Model(configuration: rig.configuration)], writeNanoseconds: writeNanoseconds)
        let refresher = try rig.panel.makeRefresher(lines: port)
        try rig.panel.show(rig.uniqueFrame)
        var refreshes: [(writes: Int, nanoseconds: Int64)] = []
        for _ in 0..<(1 + rig.configuration.refreshesPerDitherCycle) {
            let writes = port.writeCount, start = port.nanoseconds
            try refresher.refreshOnce()
            refreshes.append((port.writeCount - writes, port.nanoseconds - start))
        }
        return refreshes
    }

    @Test func ditheringShortensEachRefresh() throws {
        // Per plane shown: 16 row addresses × (64 × 2 + 4) writes (latch open with the row
        // address, latch closed, LEDs on, LEDs off); per unit lit: 16 × 130 ns. The first
        // refresh of a refresher begins with one more write, taking OE high.
        let planeWrites: Int = 16 * (64 * 2 + 4)
        func writes(_ planes: [Int]) -> [Int] { planes.enumerated().map { $0.element * planeWrites + ($0.offset == 0 ? 1 : 0) } }
        let unit: Int64 = 16 * 130
        // Without dithering: 11 planes, lit 2047 units (4.258 ms).
        let plain = try cycle(0)
        #expect(plain[1].writes == 11 * planeWrites && plain[1].nanoseconds == 2047 * unit)
        // 1 bit: planes 0 and 1 keep 130 ns, the rest halve; refreshes 0, 1, 2 show planes from 0, 1, 0.
        let one = try cycle(1)
        let onePlanes: [Int] = [11, 10, 11], oneUnits: [Int64] = [1024, 1023, 1024]
        #expect(one.map(\.writes) == writes(onePlanes))
        #expect(one.map(\.nanoseconds) == oneUnits.map { $0 * unit })
        // 2 bits: planes 0…2 keep 130 ns; refreshes 0…4 show planes from 0, 1, 2, 2, 0.
        let two = try cycle(2)
        let twoPlanes: [Int] = [11, 10, 9, 9, 11], twoUnits: [Int64] = [513, 512, 511, 511, 513]
        #expect(two.map(\.writes) == writes(twoPlanes))
        #expect(two.map(\.nanoseconds) == twoUnits.map { $0 * unit })
        // Over a cycle the lit time is the undithered refresh's: the same light, in 2 or 4 refreshes.
        let oneCycle: Int64 = one.dropFirst().map(\.nanoseconds).reduce(0, +)
        let twoCycle: Int64 = two.dropFirst().map(\.nanoseconds).reduce(0, +)
        #expect(oneCycle == 2047 * unit && twoCycle == 2047 * unit)
    }
}
