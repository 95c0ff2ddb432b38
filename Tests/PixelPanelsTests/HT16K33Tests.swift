import PixelBus
import PixelCore
import Testing
@testable import PixelPanels

/// Records I²C writes to check the exact bytes a panel sends.
private final class RecordingI2CBus: I2CBus {
    let name = "/dev/i2c-1"
    private(set) var writes: [(address: UInt8, bytes: [UInt8])] = []
    func write(_ bytes: [UInt8], to address: I2CAddress) throws(BusError) { writes.append((address.rawValue, bytes)) }
    func read(_ count: Int, from address: I2CAddress, register: UInt8) throws(BusError) -> [UInt8] {
        Array(repeating: 0, count: count)
    }
}

private func ht16k33Frame(width: Int, lit: [(Int, Int)]) -> Frame {
    var frame = Frame(width: width, height: 8)
    for (x, y) in lit { frame[x, y] = .white }
    return frame
}

private func ht16k33Configuration(_ text: String) throws -> HT16K33Configuration {
    var options = try PanelOptions(parsing: text)
    let configuration = try HT16K33Configuration(options: &options)
    try options.finish()
    return configuration
}

@Suite struct HT16K33Tests {
    // MARK: options

    @Test func optionsGiveLayoutAddressBrightnessAndRotation() throws {
        let configuration = try ht16k33Configuration("ht16k33:layout=16x8,address=0x72,brightness=3,rotate=180")
        #expect(configuration.board == .adafruit16x8)
        #expect(configuration.address.rawValue == 0x72)
        #expect(configuration.brightness == 3)
        #expect(configuration.rotated180)
        #expect(configuration.width == 16 && configuration.height == 8)
    }

    @Test func optionsDefaultToAnEightByEightBackpackAt0x70AtFullBrightness() throws {
        #expect(try ht16k33Configuration("ht16k33") == HT16K33Configuration())
        #expect(HT16K33Configuration().board == .adafruit8x8)
    }

    @Test(arguments: [("113", 0x71), ("0x77", 0x77), ("0X74", 0x74), ("112", 0x70)])
    func addressIsAcceptedInHexOrDecimal(text: String, value: Int) throws {
        #expect(try ht16k33Configuration("ht16k33:address=\(text)").address.rawValue == UInt8(value))
    }

    @Test(arguments: ["0x78", "0x6f", "120", "abc", "0x", "+112", "0x+70", "", "0x0070000"])
    func addressOutsideTheChipsRangeIsRefusedNamingTheRange(text: String) throws {
        do {
            _ = try ht16k33Configuration("ht16k33:address=\(text)")
            Issue.record("address=\(text) was accepted")
        } catch let error as PanelConfigurationError {
            #expect(error == .badValue(type: "ht16k33", key: "address", value: text,
                                       allowed: "0x70...0x77 (or 112...119 in decimal)"))
        }
    }

    @Test func unknownLayoutAndMisspeltKeysAreRefused() throws {
        #expect(throws: PanelConfigurationError.badValue(type: "ht16k33", key: "layout", value: "8x16", allowed: "8x8|16x8|featherwing-16x8|bicolor-8x8")) {
            _ = try ht16k33Configuration("ht16k33:layout=8x16")
        }
        #expect(throws: PanelConfigurationError.badValue(type: "ht16k33", key: "rotate", value: "90", allowed: "0|180")) {
            _ = try ht16k33Configuration("ht16k33:rotate=90")
        }
        #expect(throws: PanelConfigurationError.self) { _ = try ht16k33Configuration("ht16k33:brightnes=3") }
    }

    // MARK: golden traces (from the datasheet's command table and RAM map, and Adafruit's
    // backpack wiring)

    @Test func startUpIsOscillatorOnClearedRAMDimmingThenDisplayOn() {
        let encoder = HT16K33Encoder(configuration: HT16K33Configuration(brightness: 3))
        #expect(encoder.initialization() == [
            [0x21],
            [0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0xE3],
            [0x81],
        ])
    }

    @Test func eightByEightBackpackLeftColumnIsRow7AndTheNextIsRow0() {
        let encoder = HT16K33Encoder(configuration: HT16K33Configuration(board: .adafruit8x8))
        // (0,0): COM0 ROW7 = byte 0 bit 7; (1,0): COM0 ROW0 = byte 0 bit 0; (0,7): COM7 ROW7 =
        // byte 14 bit 7; (7,3): COM3 ROW6 = byte 6 bit 6. Odd bytes (ROW8-15) stay 0.
        let frame = ht16k33Frame(width: 8, lit: [(0, 0), (1, 0), (0, 7), (7, 3)])
        #expect(encoder.transactions(for: frame) == [[0x00, 0x81, 0, 0, 0, 0, 0, 0x40, 0, 0, 0, 0, 0, 0, 0, 0x80, 0]])
    }

    @Test func sixteenByEightBackpackColumnXIsRowX() {
        let encoder = HT16K33Encoder(configuration: HT16K33Configuration(board: .adafruit16x8))
        // (0,0): byte 0 bit 0; (8,0): ROW8 = byte 1 bit 0; (15,7): COM7 ROW15 = byte 15 bit 7.
        let frame = ht16k33Frame(width: 16, lit: [(0, 0), (8, 0), (15, 7)])
        #expect(encoder.displayRAM(for: frame) == [0x01, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80])
    }

    @Test func rotate180ShowsTheTopLeftLEDBottomRight() {
        let encoder = HT16K33Encoder(configuration: HT16K33Configuration(rotated180: true))
        // Frame (0,0) lands on board (7,7): COM7, ROW6 = byte 14 bit 6.
        let ram = encoder.displayRAM(for: ht16k33Frame(width: 8, lit: [(0, 0)]))
        #expect(ram == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x40, 0])
    }

    @Test func onlyRunsOfChangedBytesAreSentEachFromItsAddress() {
        let encoder = HT16K33Encoder(configuration: HT16K33Configuration())
        var before = [UInt8](repeating: 0, count: 16)
        before[0] = 0x11
        var after = before
        after[2] = 0x22; after[3] = 0x33; after[9] = 0x99; after[15] = 0xFF
        #expect(encoder.messages(from: before, to: after) == [[0x02, 0x22, 0x33], [0x09, 0x99], [0x0F, 0xFF]])
        #expect(encoder.messages(from: after, to: after).isEmpty)
    }

    @Test func panelStartsTheChipAtItsAddressAndSendsOnlyChanges() throws {
        let bus = RecordingI2CBus()
        let panel = try HT16K33Panel(bus: bus, configuration: ht16k33Configuration("ht16k33:address=0x71,brightness=8"))
        #expect(bus.writes.map(\.bytes) == [[0x21], [0x00] + Array(repeating: 0, count: 16), [0xE8], [0x81]])
        #expect(bus.writes.allSatisfy { $0.address == 0x71 })
        let frame = ht16k33Frame(width: 8, lit: [(0, 7)])
        try panel.show(frame)
        #expect(bus.writes.last?.bytes == [0x0E, 0x80])
        let count = bus.writes.count
        try panel.show(frame)
        #expect(bus.writes.count == count)
    }

    @Test func aFrameOfTheWrongSizeIsRefused() throws {
        let panel = try HT16K33Panel(bus: RecordingI2CBus(), configuration: HT16K33Configuration())
        do {
            try panel.show(Frame(width: 16, height: 8))
            Issue.record("a 16x8 frame was accepted by an 8x8 panel")
        } catch {
            #expect(error.description.contains("16x8") && error.description.contains("layout="))
        }
    }

    @Test func anLEDIsOnFromAMeanLevelOfHalfLinearLight() {
        #expect(HT16K33Encoder.isLit(LinearColor(red: 0, green: 16385, blue: 32767)))
        #expect(!HT16K33Encoder.isLit(LinearColor(red: 0, green: 16384, blue: 32767)))
    }
}
