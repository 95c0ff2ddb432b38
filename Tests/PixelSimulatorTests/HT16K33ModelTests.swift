import PixelBus
import PixelCore
import PixelPanels
import Testing
@testable import PixelSimulator

private func ht16k33Pattern(width: Int) -> Frame {
    var frame = Frame(width: width, height: 8)
    for x in 0..<width { frame[x, (x * 5 + 1) % 8] = .white }
    frame[0, 0] = .white; frame[1, 0] = .white; frame[0, 1] = .white
    frame[width - 1, 7] = LinearColor(red: 65535, green: 32769, blue: 0)  // mean 32768: on
    frame[2, 6] = LinearColor(red: 16383, green: 16383, blue: 16383)  // just under a quarter: off
    return frame
}

private func ht16k33Expected(_ frame: Frame, level: UInt16, rotated: Bool = false) -> Frame {
    var expected = Frame(width: frame.width, height: frame.height)
    for y in 0..<frame.height {
        for x in 0..<frame.width {
            let c = frame[x, y]
            guard OnOffThreshold.isLit(c) else { continue }
            let p = rotated ? (frame.width - 1 - x, frame.height - 1 - y) : (x, y)
            expected[p.0, p.1] = LinearColor(red: level, green: level, blue: level)
        }
    }
    return expected
}

private func ht16k33Panel(_ text: String, bus: any I2CBus) throws -> HT16K33Panel {
    var options = try PanelOptions(parsing: text)
    let configuration = try HT16K33Configuration(options: &options)
    try options.finish()
    return try HT16K33Panel(bus: bus, configuration: configuration)
}

@Suite struct HT16K33ModelTests {
    // MARK: round trips

    @Test func eightByEightBackpackShowsTheFrame() throws {
        let model = HT16K33Model(board: .adafruit8x8)
        let panel = try ht16k33Panel("ht16k33", bus: SimulatedI2CBus(devices: [model]))
        let frame = ht16k33Pattern(width: 8)
        try panel.show(frame)
        #expect(model.picture == ht16k33Expected(frame, level: 65535))
        #expect(model.anomalies.isEmpty)
    }

    @Test func sixteenByEightBackpackShowsTheFrameAtHalfDuty() throws {
        let model = HT16K33Model(address: I2CAddress(rawValue: 0x73)!, board: .adafruit16x8)
        let panel = try ht16k33Panel("ht16k33:layout=16x8,address=0x73,brightness=7", bus: SimulatedI2CBus(devices: [model]))
        let frame = ht16k33Pattern(width: 16)
        try panel.show(frame)
        #expect(model.picture == ht16k33Expected(frame, level: 32768))  // 65535 × 8/16, rounded
    }

    @Test func rotate180ShowsTheFrameUpsideDownOnTheBoard() throws {
        let model = HT16K33Model(board: .adafruit8x8)
        let panel = try ht16k33Panel("ht16k33:rotate=180", bus: SimulatedI2CBus(devices: [model]))
        let frame = ht16k33Pattern(width: 8)
        try panel.show(frame)
        #expect(model.picture == ht16k33Expected(frame, level: 65535, rotated: true))
    }

    @Test func aBoardMapThatIgnoresTheColumnQuirkWouldShowADifferentPicture() throws {
        let straight = HT16K33Board(name: "straight", rowLines: Array(0..<8), comLines: Array(0..<8))
        let model = HT16K33Model(board: straight)
        let panel = try ht16k33Panel("ht16k33", bus: SimulatedI2CBus(devices: [model]))
        let frame = ht16k33Pattern(width: 8)
        try panel.show(frame)
        #expect(model.picture != ht16k33Expected(frame, level: 65535))
    }

    @Test func aSequenceOfFramesEndsShowingTheLastOne() throws {
        let model = HT16K33Model(board: .adafruit16x8)
        let panel = try ht16k33Panel("ht16k33:layout=16x8", bus: SimulatedI2CBus(devices: [model]))
        var frame = ht16k33Pattern(width: 16)
        for step in 0..<25 {
            frame[(step * 7) % 16, (step * 3) % 8] = step % 2 == 0 ? .white : .black
            try panel.show(frame)
        }
        #expect(model.picture == ht16k33Expected(frame, level: 65535))
    }

    // MARK: traffic

    @Test func oneChangedLEDIsOneTwoByteWriteAndARepeatSendsNothing() throws {
        let model = HT16K33Model()
        let recorder = BusTraceRecorder()
        let bus = TracingI2CBus(SimulatedI2CBus(devices: [model]), sink: recorder, clock: { 0 })
        let panel = try ht16k33Panel("ht16k33", bus: bus)
        var frame = ht16k33Pattern(width: 8)
        try panel.show(frame)
        let before = recorder.transactions.count
        frame[3, 4] = .white  // COM4, ROW2: byte 8
        try panel.show(frame)
        let expectedByte = model.ram[8]
        #expect(Array(recorder.transactions[before...]) == [.i2c(device: "/dev/i2c-1", address: 0x70, bytes: [0x08, expectedByte])])
        #expect(expectedByte & 0x04 != 0)
        try panel.show(frame)
        #expect(recorder.transactions.count == before + 1)
    }

    @Test func startUpClearsTheRandomRAMBeforeTheDisplayComesOn() throws {
        let model = HT16K33Model(powerOnRAM: (0..<16).map { UInt8($0 * 37 & 0xFF) | 1 })
        #expect(model.picture == Frame(width: 8, height: 8))  // standby: nothing shown
        _ = try ht16k33Panel("ht16k33", bus: SimulatedI2CBus(devices: [model]))
        #expect(model.oscillatorOn && model.displayOn && model.blink == .off && model.dimming == 15)
        #expect(model.ram == Array(repeating: 0, count: 16))
        #expect(model.picture == Frame(width: 8, height: 8))
    }

    @Test func aPanelAtAnAddressWithNoChipGetsNoAcknowledge() {
        let bus = SimulatedI2CBus(devices: [HT16K33Model()])
        #expect(throws: BusError.noAcknowledge(device: "/dev/i2c-1", address: 0x72)) {
            _ = try ht16k33Panel("ht16k33:address=0x72", bus: bus)
        }
    }

    // MARK: chip behaviour

    @Test func nothingShowsUntilOscillatorAndDisplayAreBothOn() {
        let model = HT16K33Model()
        model.receiveWrite([0x00, 0xFF])
        model.receiveWrite([0x81])
        #expect(model.picture == Frame(width: 8, height: 8))  // display on, oscillator off
        model.receiveWrite([0x21])
        #expect(model.picture[0, 0] == .white)
        model.receiveWrite([0x20])
        #expect(model.picture == Frame(width: 8, height: 8))  // standby again
        #expect(model.ram[0] == 0xFF)  // RAM kept
    }

    @Test func dimmingSetsTheLitLevelInSixteenths() {
        let model = HT16K33Model()
        for command: UInt8 in [0x21, 0x81, 0xE0] { model.receiveWrite([command]) }
        model.receiveWrite([0x00, 0x01])
        #expect(model.picture[1, 0] == LinearColor(red: 4096, green: 4096, blue: 4096))  // 65535/16
    }

    @Test func blinkIsRecordedAndThePictureShowsTheLitPhase() {
        let model = HT16K33Model()
        for command: UInt8 in [0x21, 0x85] { model.receiveWrite([command]) }
        model.receiveWrite([0x00, 0x01])
        #expect(model.blink == .oneHertz)
        #expect(model.picture[1, 0] == .white)
    }

    @Test func ramWritesAutoIncrementAndWrapFromFifteenToZero() {
        let model = HT16K33Model()
        model.receiveWrite([0x0E, 0xAA, 0xBB, 0xCC])
        #expect(model.ram[14] == 0xAA && model.ram[15] == 0xBB && model.ram[0] == 0xCC)
        #expect(model.addressPointer == 1)
        #expect(model.anomalies.isEmpty)
        #expect(model.read(3, register: 0x0E) == [0xAA, 0xBB, 0xCC])
    }

    @Test func aRAMWriteLongerThanSixteenBytesOverwritesItsStartAndIsNoted() {
        let model = HT16K33Model()
        model.receiveWrite([0x00] + (1...17).map { UInt8($0) })
        #expect(model.ram[0] == 17)
        #expect(model.ram[1] == 2)
        #expect(model.anomalies.count == 1)
    }

    @Test func dataAfterASetupCommandIsIgnoredAndNoted() {
        let model = HT16K33Model()
        model.receiveWrite([0x21, 0xFF, 0xFF])
        #expect(model.oscillatorOn)
        #expect(model.ram == Array(repeating: 0, count: 16))
        #expect(model.anomalies == [
            "command 0x21 was followed by 2 data bytes, which the chip ignores; send each command in its own write",
        ])
    }

    @Test func unknownCommandsAreIgnoredAndNoted() {
        let model = HT16K33Model()
        model.receiveWrite([0x10, 0x01])
        model.receiveWrite([0xC0])
        #expect(model.ram == Array(repeating: 0, count: 16))
        #expect(model.anomalies.count == 2)
        #expect(model.anomalies[0].contains("0x10"))
    }

    @Test func anEmptyWriteChangesNothing() {
        let model = HT16K33Model()
        model.receiveWrite([])
        #expect(model.anomalies.isEmpty && !model.oscillatorOn)
    }

    @Test func interruptOutputOnRow15DarkensTheLastColumnOfASixteenByEight() {
        let model = HT16K33Model(board: .adafruit16x8)
        for command: UInt8 in [0x21, 0x81] { model.receiveWrite([command]) }
        model.receiveWrite([0x00, 0x01, 0x80])  // COM0: ROW0 and ROW15
        #expect(model.picture[0, 0] == .white && model.picture[15, 0] == .white)
        model.receiveWrite([0xA1])
        #expect(model.picture[0, 0] == .white && model.picture[15, 0] == .black)
    }
}
