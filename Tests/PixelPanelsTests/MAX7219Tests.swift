import PixelBus
import PixelCore
import Testing
@testable import PixelPanels

/// Records transfers to check the exact bytes a panel sends.
private final class RecordingSPIDevice: SPIDevice {
    let name = "/dev/spidev0.0"
    let maxTransferSize = 4096
    private(set) var speedHz = 0
    private(set) var mode = SPIMode.mode3
    private(set) var transfers: [[UInt8]] = []
    func configure(mode: SPIMode, speedHz: Int) throws(BusError) { self.mode = mode; self.speedHz = speedHz }
    func transfer(_ bytes: [UInt8]) throws(BusError) { transfers.append(bytes) }
}

private func max7219Frame(chips: Int, lit: [(Int, Int)]) -> Frame {
    var frame = Frame(width: chips * 8, height: 8)
    for (x, y) in lit { frame[x, y] = .white }
    return frame
}

@Suite struct MAX7219Tests {
    // MARK: options

    @Test func optionsGiveChipsRotationOrderAndBrightness() throws {
        var options = try PanelOptions(parsing: "max7219:chips=2,module=generic,reverse,brightness=3")
        let configuration = try MAX7219Configuration(options: &options)
        try options.finish()
        #expect(configuration.chips == 2)
        #expect(configuration.module.name == "generic")
        #expect(configuration.reversed)
        #expect(configuration.intensity == 3)
        #expect(configuration.width == 16 && configuration.height == 8)
    }

    @Test func optionsDefaultToFourFC16BlocksAtIntensitySeven() throws {
        var options = try PanelOptions(parsing: "max7219")
        let configuration = try MAX7219Configuration(options: &options)
        try options.finish()
        #expect(configuration == MAX7219Configuration(chips: 4, module: .fc16, reversed: false, intensity: 7))
    }

    @Test func aMisspeltOptionIsRejectedByFinish() throws {
        var options = try PanelOptions(parsing: "max7219:chip=2")
        _ = try MAX7219Configuration(options: &options)
        #expect(throws: PanelConfigurationError.unknownKey(type: "max7219", key: "chip",
                                                           known: ["brightness", "chips", "module", "reverse"])) {
            try options.finish()
        }
    }

    @Test(arguments: [("module=fc17", "module"), ("chips=17", "chips"), ("chips=0", "chips"), ("brightness=16", "brightness")])
    func outOfRangeOptionsNameTheKey(text: String, key: String) throws {
        var options = try PanelOptions(parsing: "max7219:" + text)
        do {
            _ = try MAX7219Configuration(options: &options)
            Issue.record("\(text) was accepted")
        } catch {
            guard case let .badValue(_, badKey, _, _) = error else { Issue.record("\(error)"); return }
            #expect(badKey == key)
            #expect(error.description.contains("option '\(key)'"))
        }
    }

    // MARK: golden traces (bytes written from the datasheet: 16-bit words, register in the
    // high byte, the first word shifted out lands in the last chip of the chain)

    @Test func startUpSequenceIsOneLatchPerRegisterForEveryChip() {
        let encoder = MAX7219Encoder(configuration: MAX7219Configuration(chips: 2, intensity: 5))
        #expect(encoder.initialization() == [
            [0x0F, 0x00, 0x0F, 0x00],  // display test off
            [0x09, 0x00, 0x09, 0x00],  // no decode
            [0x0B, 0x07, 0x0B, 0x07],  // scan digits 0...7
            [0x0A, 0x05, 0x0A, 0x05],  // intensity 5
            [0x01, 0x00, 0x01, 0x00], [0x02, 0x00, 0x02, 0x00], [0x03, 0x00, 0x03, 0x00], [0x04, 0x00, 0x04, 0x00],
            [0x05, 0x00, 0x05, 0x00], [0x06, 0x00, 0x06, 0x00], [0x07, 0x00, 0x07, 0x00], [0x08, 0x00, 0x08, 0x00],
            [0x0C, 0x01, 0x0C, 0x01],  // leave shutdown last
        ])
    }

    @Test func panelConfiguresMode0AndSendsTheStartUpSequence() throws {
        let device = RecordingSPIDevice()
        let panel = try MAX7219Panel(device: device, configuration: MAX7219Configuration(chips: 1, intensity: 15))
        #expect(device.mode == .mode0 && device.speedHz == 1_000_000)
        #expect(device.transfers.first == [0x0F, 0x00])
        #expect(device.transfers.last == [0x0C, 0x01])
        #expect(device.transfers.count == 13)
        #expect(panel.width == 8 && panel.height == 8)
    }

    @Test func topLeftLEDOfTheLeftBlockGoesFirstInTheLatchBecauseTheLeftBlockIsTheLastChip() {
        // FC-16, chain right to left: the left block is chip 1, the last one, so its word is
        // shifted out first. Reference wiring: row 0 = digit 0 (register 0x01), leftmost = D7.
        let encoder = MAX7219Encoder(configuration: MAX7219Configuration(chips: 2))
        let frame = max7219Frame(chips: 2, lit: [(0, 0)])
        #expect(encoder.transfers(from: Array(repeating: 0, count: 16), to: encoder.digitRegisters(for: frame))
                == [[0x01, 0x80, 0x00, 0x00]])
    }

    @Test func oneLatchCarriesAChangeForEachChip() {
        // Left block row 0 col 0 (chip 1: digit 0, D7) and right block row 7 col 7 (chip 0:
        // digit 7 = register 0x08, D0).
        let encoder = MAX7219Encoder(configuration: MAX7219Configuration(chips: 2))
        let frame = max7219Frame(chips: 2, lit: [(0, 0), (15, 7)])
        #expect(encoder.transfers(from: Array(repeating: 0, count: 16), to: encoder.digitRegisters(for: frame))
                == [[0x01, 0x80, 0x08, 0x01]])
    }

    @Test func reverseMakesTheChipOnDINTheLeftBlock() {
        let encoder = MAX7219Encoder(configuration: MAX7219Configuration(chips: 2, reversed: true))
        let frame = max7219Frame(chips: 2, lit: [(0, 0)])
        #expect(encoder.transfers(from: Array(repeating: 0, count: 16), to: encoder.digitRegisters(for: frame))
                == [[0x00, 0x00, 0x01, 0x80]])
    }

    @Test func theGenericModulePutsTheTopLeftLEDOnDigit7SegmentDP() {
        // Generic module (MD_MAX72xx notes): columns D7…D0 left to right, rows DP, A…G top
        // to bottom, so the top-left LED is digit 7 (register 0x08), DP (D7).
        let encoder = MAX7219Encoder(configuration: MAX7219Configuration(chips: 1, module: MAX7219Module.named("generic")!))
        #expect(encoder.transactions(for: max7219Frame(chips: 1, lit: [(0, 0)]))[7] == [0x08, 0x80])
        // Second column from the left is digit 6; third row down is segment B (D5).
        #expect(encoder.digitRegisters(for: max7219Frame(chips: 1, lit: [(1, 2)])) == [0, 0, 0, 0, 0, 0, 0x20, 0])
    }

    @Test func theICStationModulePutsTheTopLeftLEDOnDigit7BitD0() {
        let encoder = MAX7219Encoder(configuration: MAX7219Configuration(chips: 1, module: MAX7219Module.named("icstation")!))
        #expect(encoder.digitRegisters(for: max7219Frame(chips: 1, lit: [(0, 0)])) == [0, 0, 0, 0, 0, 0, 0, 0x01])
    }

    @Test func theLumaModulePutsTheTopLeftLEDOnDigit0BitD0() {
        let encoder = MAX7219Encoder(configuration: MAX7219Configuration(chips: 1, module: MAX7219Module.named("luma")!))
        #expect(encoder.digitRegisters(for: max7219Frame(chips: 1, lit: [(0, 0)])) == [0x01, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test func fullRefreshIsEightLatchesOneDigitEach() {
        let encoder = MAX7219Encoder(configuration: MAX7219Configuration(chips: 2))
        // Row 3 fully lit on both blocks.
        let frame = max7219Frame(chips: 2, lit: (0..<16).map { ($0, 3) })
        #expect(encoder.transactions(for: frame) == [
            [0x01, 0x00, 0x01, 0x00], [0x02, 0x00, 0x02, 0x00], [0x03, 0x00, 0x03, 0x00], [0x04, 0xFF, 0x04, 0xFF],
            [0x05, 0x00, 0x05, 0x00], [0x06, 0x00, 0x06, 0x00], [0x07, 0x00, 0x07, 0x00], [0x08, 0x00, 0x08, 0x00],
        ])
    }

    // MARK: only changes are sent

    @Test func aChangeInOneChipsRowSendsOneLatchWithNoOpsForTheOthers() {
        let encoder = MAX7219Encoder(configuration: MAX7219Configuration(chips: 4))
        let before = max7219Frame(chips: 4, lit: [(0, 0), (9, 1), (31, 7)])
        var after = before
        after[17, 3] = .white  // block 2 from the left = chip 1; row 3 = digit 3; column 1 = D6
        #expect(encoder.transfers(from: encoder.digitRegisters(for: before), to: encoder.digitRegisters(for: after))
                == [[0x00, 0x00, 0x00, 0x00, 0x04, 0x40, 0x00, 0x00]])
    }

    @Test func theSameRegistersTwiceSendNothing() {
        let encoder = MAX7219Encoder(configuration: MAX7219Configuration(chips: 3))
        let registers = encoder.digitRegisters(for: max7219Frame(chips: 3, lit: [(4, 4), (20, 1)]))
        #expect(encoder.transfers(from: registers, to: registers).isEmpty)
    }

    @Test func latchesNeededAreTheMostRowsAnyOneChipChanges() {
        let encoder = MAX7219Encoder(configuration: MAX7219Configuration(chips: 2))
        // Right block (chip 0): rows 0, 2, 5 change; left block (chip 1): row 6 changes.
        let frame = max7219Frame(chips: 2, lit: [(8, 0), (8, 2), (8, 5), (7, 6)])
        #expect(encoder.transfers(from: Array(repeating: 0, count: 16), to: encoder.digitRegisters(for: frame)) == [
            [0x07, 0x01, 0x01, 0x80],
            [0x00, 0x00, 0x03, 0x80],
            [0x00, 0x00, 0x06, 0x80],
        ])
    }

    @Test func panelSendsOnlyChangedRowsAndNothingForARepeatedFrame() throws {
        let device = RecordingSPIDevice()
        let panel = try MAX7219Panel(device: device, configuration: MAX7219Configuration(chips: 2))
        let start = device.transfers.count
        let frame = max7219Frame(chips: 2, lit: [(0, 0)])
        try panel.show(frame)
        #expect(Array(device.transfers[start...]) == [[0x01, 0x80, 0x00, 0x00]])
        try panel.show(frame)
        #expect(device.transfers.count == start + 1)
    }

    // MARK: monochrome threshold

    @Test func anLEDIsOnFromAMeanLevelOfHalfLinearLight() {
        #expect(MAX7219Encoder.isLit(LinearColor(red: 49152, green: 0, blue: 0)))   // mean exactly 16384
        #expect(!MAX7219Encoder.isLit(LinearColor(red: 49151, green: 0, blue: 0)))  // mean just below
        #expect(MAX7219Encoder.isLit(LinearColor(red: 16384, green: 16384, blue: 16384)))
        #expect(!MAX7219Encoder.isLit(LinearColor(red: 16383, green: 16383, blue: 16383)))
        #expect(MAX7219Encoder.isLit(LinearColor(red: 0, green: 0, blue: 65535)))  // a saturated primary lights
    }

    @Test func aFrameOfTheWrongSizeIsRefusedWithTheSizes() throws {
        let panel = try MAX7219Panel(device: RecordingSPIDevice(), configuration: MAX7219Configuration(chips: 4))
        #expect(throws: BusError.self) { try panel.show(Frame(width: 16, height: 8)) }
        do { try panel.show(Frame(width: 16, height: 8)) } catch {
            #expect(error.description.contains("16x8") && error.description.contains("32x8"))
        }
    }
}
