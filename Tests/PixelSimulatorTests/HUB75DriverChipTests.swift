import PixelBus
import PixelCore
import PixelPanels
import Testing
@testable import PixelSimulator

@Suite struct HUB75DriverChipTests {
    @Test(arguments: [
        "hub75:rows=64,cols=64,driver=fm6126a",
        "hub75:rows=32,cols=64,driver=fm6127",
        "hub75:rows=32,cols=32,chain=2,parallel=2,driver=fm6127",
        "hub75:rows=64,cols=64,driver=fm6126a,row-address=ab-shift",
        "hub75:rows=32,cols=64,driver=fm6126a,inverse",
        "hub75:multiplexing=Kaler2Scan,driver=fm6127,inverse,row-address=ab-shift",
    ])
    func theRightInitialisationLightsThePanel(_ text: String) throws {
        try HUB75VariantRig(text).expectUniqueFrameInPlace()
    }

    @Test(arguments: ["fm6126a", "fm6127"])
    func noInitialisationLeavesThePanelDark(_ chip: String) throws {
        // A plain driver on FM panels: the traffic is right but no register was written.
        let rig = try HUB75VariantRig("hub75:rows=32,cols=64")
        let fm = HUB75Model(geometry: rig.configuration.geometry, pinMap: rig.configuration.pinMap,
                            driverChip: HUB75DriverChip(rawValue: chip)!)
        #expect(try rig.picture(on: fm).pixels.allSatisfy { $0 == .black })
    }

    @Test func theOtherChipsWordsLeaveItDark() throws {
        // FM6127 words sent to FM6126A chips: its register 1 and 2 get the wrong words.
        let rig = try HUB75VariantRig("hub75:rows=32,cols=64,driver=fm6127")
        let fm6126a = HUB75Model(geometry: rig.configuration.geometry, pinMap: rig.configuration.pinMap, driverChip: .fm6126a)
        #expect(try rig.picture(on: fm6126a).pixels.allSatisfy { $0 == .black })
    }

    @Test func latchHeldForOneClockTooManyIsNotARegisterWrite() throws {
        // The right words, but LAT raised one column early: 12 latched clocks put register 1's
        // word into register 2, 13 name no register, and the panel stays dark.
        let rig = try HUB75VariantRig("hub75:rows=32,cols=64,driver=fm6126a")
        let port = SimulatedGPIOLines(models: [rig.model])
        let latch = UInt64(1) << UInt64(rig.configuration.pinMap.latch)
        var early = HUB75DriverInitWrites.writes(for: rig.configuration)
        // Columns 53 and 52 are the first with LAT; raise it at 52 and 51.
        for register in 0..<2 {
            let column = 64 - 12 - register
            let index = 1 + register * (64 * 3 + 1) + column * 3
            early[index].set |= latch
            early[index].clear &= ~latch
        }
        for step in early { try port.write(set: step.set, clear: step.clear) }
        let plain = try HUB75VariantRig("hub75:rows=32,cols=64")
        #expect(try plain.picture(on: rig.model).pixels.allSatisfy { $0 == .black })
    }

    /// The sequence docs/panels.md describes ("HUB75 panel variants"), written out in full:
    /// CLK and LAT low; per column i the colour lines (and A for FM6126A) high for a '1' of the
    /// pattern at i mod 16, LAT high for i > columns − k; CLK high; CLK low; LAT low after each.
    private func expected(_ registers: [(String, Int)], on: UInt64, off: UInt64, columns: Int) -> [HUB75PinWrite] {
        let clk: UInt64 = 1 << 17, lat: UInt64 = 1 << 4  // regular wiring: CLK GPIO 17, LAT GPIO 4
        let mask = on | lat
        var writes = [HUB75PinWrite(set: 0, clear: clk | lat)]
        for (pattern, k) in registers {
            for i in 0..<columns {
                var value = Array(pattern)[i % 16] == "1" ? on : off
                if i > columns - k { value |= lat }
                writes.append(HUB75PinWrite(set: value, clear: mask & ~value))
                writes.append(HUB75PinWrite(set: clk, clear: 0))
                writes.append(HUB75PinWrite(set: 0, clear: clk))
            }
            writes.append(HUB75PinWrite(set: 0, clear: lat))
        }
        return writes
    }

    @Test func fm6126aWritesAreTheOnesInHardwareNotes() throws {
        let c = try HUB75VariantRig("hub75:rows=64,cols=64,chain=2,driver=fm6126a").configuration
        // Regular wiring, chain 1: R1 G1 B1 R2 G2 B2 = GPIO 11 27 7 8 9 10; A = GPIO 22.
        let colour: UInt64 = [11, 27, 7, 8, 9, 10].reduce(0) { $0 | 1 << UInt64($1) }
        let a: UInt64 = 1 << 22
        let want = expected([("0111111111111111", 12), ("0000000001000000", 13)], on: colour | a, off: a, columns: 128)
        #expect(HUB75DriverInitWrites.writes(for: c) == want)
    }

    @Test func fm6127WritesAreTheOnesInHardwareNotes() throws {
        let c = try HUB75VariantRig("hub75:rows=32,cols=32,driver=fm6127").configuration
        let colour: UInt64 = [11, 27, 7, 8, 9, 10].reduce(0) { $0 | 1 << UInt64($1) }
        let want = expected([("1111111111001110", 12), ("1110000001100010", 13), ("0101111100000000", 11)],
                            on: colour, off: 0, columns: 32)
        #expect(HUB75DriverInitWrites.writes(for: c) == want)
    }

    @Test func theInitialisationIsSentOnceBeforeTheFirstRefresh() throws {
        let rig = try HUB75VariantRig("hub75:rows=16,cols=32,driver=fm6126a")
        try rig.refresher.refreshOnce()
        let first = rig.model.clockPulses
        try rig.refresher.refreshOnce()
        let g = rig.configuration.geometry
        let perRefresh = g.scan * rig.configuration.pwmBits * g.chainLength
        #expect(first == perRefresh + 2 * 32)
        #expect(rig.model.clockPulses - first == perRefresh)
    }

    @Test func badDriverValuesAreRefusedInOneLine() throws {
        #expect(throws: PanelConfigurationError.badValue(type: "hub75", key: "driver", value: "fm6126",
                                                         allowed: "plain|fm6126a|fm6127")) {
            _ = try HUB75VariantRig("hub75:driver=fm6126")
        }
    }
}
