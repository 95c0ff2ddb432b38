import PixelCore
import PixelPanels
import Testing
@testable import PixelSimulator

/// A frame with an asymmetric pattern (no rotation or mirror maps it onto itself), plus
/// in-between levels either side of the 50 % threshold.
private func max7219TestPattern(chips: Int) -> Frame {
    var frame = Frame(width: chips * 8, height: 8)
    for x in 0..<frame.width { frame[x, (x * 3 + x / 8) % 8] = .white }
    frame[0, 0] = .white; frame[1, 0] = .white; frame[0, 1] = .white
    frame[2, 5] = LinearColor(red: 65535, green: 32769, blue: 0)  // mean 32768: on
    frame[3, 6] = LinearColor(red: 16383, green: 16383, blue: 16383)  // just under a quarter: off
    return frame
}

/// What the model should show for `frame`: each LED white at `level` when its mean is at
/// least half, black otherwise.
private func max7219Expected(_ frame: Frame, level: UInt16) -> Frame {
    var expected = Frame(width: frame.width, height: frame.height)
    for y in 0..<frame.height {
        for x in 0..<frame.width {
            let c = frame[x, y]
            if OnOffThreshold.isLit(c) {
                expected[x, y] = LinearColor(red: level, green: level, blue: level)
            }
        }
    }
    return expected
}

private func max7219Panel(_ text: String, on model: MAX7219Model) throws -> MAX7219Panel {
    var options = try PanelOptions(parsing: text)
    let configuration = try MAX7219Configuration(options: &options)
    try options.finish()
    return try MAX7219Panel(device: SimulatedSPIDevice(model: model), configuration: configuration)
}

@Suite struct MAX7219ModelTests {
    // MARK: round trips

    @Test func fc16RowShowsTheFrameWithDefaultOptions() throws {
        let model = MAX7219Model(board: .fc16(chips: 4))
        let panel = try max7219Panel("max7219:chips=4", on: model)
        let frame = max7219TestPattern(chips: 4)
        try panel.show(frame)
        // Intensity 7: duty 15/32 of an eight-digit scan, 65535 × 15/32 = 30719.5 → 30720.
        #expect(model.picture == max7219Expected(frame, level: 30720))
        #expect(model.anomalies.isEmpty)
    }

    @Test func genericModulesShowTheFrameWithRotate90() throws {
        let model = MAX7219Model(board: .generic(chips: 2))
        let panel = try max7219Panel("max7219:chips=2,module=generic,brightness=15", on: model)
        let frame = max7219TestPattern(chips: 2)
        try panel.show(frame)
        #expect(model.picture == max7219Expected(frame, level: 63487))  // 65535 × 31/32
    }

    @Test func upsideDownFC16RowShowsTheFrameWithRotate180AndReverse() throws {
        let model = MAX7219Model(board: .fc16(chips: 3, upsideDown: true))
        let panel = try max7219Panel("max7219:chips=3,module=icstation,reverse,brightness=0", on: model)
        let frame = max7219TestPattern(chips: 3)
        try panel.show(frame)
        #expect(model.picture == max7219Expected(frame, level: 2048))  // 65535 × 1/32
    }

    @Test func blocksWiredLeftToRightAsLumaAssumesShowTheFrameWithRotate270AndReverse() throws {
        // luma.led_matrix's default block: digit = column, D0 at the top, first chip leftmost.
        let wiring = MAX7219ModuleWiring(name: "luma", rows: "G F E D C B A DP", columns: "D0 D1 D2 D3 D4 D5 D6 D7")
        let model = MAX7219Model(board: MAX7219Board(wiring: wiring, chips: 2, chainRunsLeftToRight: true))
        let panel = try max7219Panel("max7219:chips=2,module=luma,reverse", on: model)
        let frame = max7219TestPattern(chips: 2)
        try panel.show(frame)
        #expect(model.picture == max7219Expected(frame, level: 30720))
    }

    @Test func theWrongRotationShowsADifferentPicture() throws {
        let model = MAX7219Model(board: .generic(chips: 2))
        let panel = try max7219Panel("max7219:chips=2", on: model)
        let frame = max7219TestPattern(chips: 2)
        try panel.show(frame)
        #expect(model.picture != max7219Expected(frame, level: 30720))
    }

    @Test func aSequenceOfFramesEndsShowingTheLastOne() throws {
        let model = MAX7219Model(board: .fc16(chips: 4))
        let panel = try max7219Panel("max7219", on: model)
        var frame = max7219TestPattern(chips: 4)
        try panel.show(frame)
        for step in 0..<20 {
            frame[(step * 7) % 32, (step * 5) % 8] = step % 3 == 0 ? .black : .white
            try panel.show(frame)
        }
        #expect(model.picture == max7219Expected(frame, level: 30720))
        #expect(model.anomalies.isEmpty)
    }

    // MARK: traffic

    @Test func showingTheSameFrameAgainLatchesNothing() throws {
        let model = MAX7219Model(board: .fc16(chips: 4))
        let panel = try max7219Panel("max7219", on: model)
        try panel.show(max7219TestPattern(chips: 4))
        let latches = model.latchCount
        try panel.show(max7219TestPattern(chips: 4))
        #expect(model.latchCount == latches)
    }

    @Test func changingOneLEDLatchesOnceAndOnlyThatLEDChanges() throws {
        let model = MAX7219Model(board: .fc16(chips: 4))
        let panel = try max7219Panel("max7219", on: model)
        var frame = max7219TestPattern(chips: 4)
        try panel.show(frame)
        let latches = model.latchCount
        frame[20, 4] = .white
        try panel.show(frame)
        #expect(model.latchCount == latches + 1)
        #expect(model.picture == max7219Expected(frame, level: 30720))
    }

    @Test func startUpClearsWhateverTheDigitRegistersHeldAtPowerOn() throws {
        let model = MAX7219Model(board: .fc16(chips: 2), powerOnDigits: 0xA5)
        #expect(model.picture == Frame(width: 16, height: 8))  // in shutdown until started
        _ = try max7219Panel("max7219:chips=2", on: model)
        #expect(model.chips.allSatisfy { $0.digits == Array(repeating: 0, count: 8) && !$0.shutDown })
        #expect(model.picture == Frame(width: 16, height: 8))
    }

    // MARK: chip behaviour

    @Test func firstWordOfALatchReachesTheLastChip() {
        let model = MAX7219Model(board: .fc16(chips: 3))
        model.receive([0x01, 0x11, 0x01, 0x22, 0x01, 0x33], mode: .mode0, speedHz: 1_000_000)
        #expect(model.chips.map { $0.digits[0] } == [0x33, 0x22, 0x11])
    }

    @Test func theHighNibbleOfTheRegisterByteIsIgnored() {
        let model = MAX7219Model(board: .fc16(chips: 1))
        model.receive([0xF3, 0x5A], mode: .mode0, speedHz: 1_000_000)
        #expect(model.chips[0].digits[2] == 0x5A)
        #expect(model.anomalies.isEmpty)
    }

    @Test func displayTestLightsEveryLEDAtFullDutyEvenInShutdown() {
        let model = MAX7219Model(board: .fc16(chips: 2))
        model.receive([0x0F, 0x01, 0x00, 0x00], mode: .mode0, speedHz: 1_000_000)  // last chip (left block) only
        #expect(model.chips[0].shutDown && model.chips[1].shutDown)
        let picture = model.picture
        #expect(picture[0, 0] == LinearColor(red: 63487, green: 63487, blue: 63487))
        #expect(picture[7, 7] == LinearColor(red: 63487, green: 63487, blue: 63487))
        #expect(picture[8, 0] == .black)
        model.receive([0x0F, 0x00, 0x00, 0x00], mode: .mode0, speedHz: 1_000_000)
        #expect(model.picture == Frame(width: 16, height: 8))
    }

    @Test func shutdownBlanksButKeepsTheRows() {
        let model = MAX7219Model(board: .fc16(chips: 1))
        for word: [UInt8] in [[0x0B, 0x07], [0x01, 0x80], [0x0C, 0x01]] { model.receive(word, mode: .mode0, speedHz: 1_000_000) }
        #expect(model.picture[0, 0] != .black)
        model.receive([0x0C, 0x00], mode: .mode0, speedHz: 1_000_000)
        #expect(model.picture == Frame(width: 8, height: 8))
        #expect(model.chips[0].digits[0] == 0x80)
        model.receive([0x0C, 0x01], mode: .mode0, speedHz: 1_000_000)
        #expect(model.picture[0, 0] != .black)
    }

    @Test func digitsBeyondTheScanLimitAreDarkAndTheRestBrighter() {
        let model = MAX7219Model(board: .fc16(chips: 1))
        for word: [UInt8] in [[0x0C, 0x01], [0x0A, 0x07], [0x0B, 0x03], [0x01, 0xFF], [0x05, 0xFF]] {
            model.receive(word, mode: .mode0, speedHz: 1_000_000)
        }
        // Four digits scanned: each gets twice the time, 65535 × 15/32 × 8/4 = 61439.06.
        #expect(model.picture[0, 0] == LinearColor(red: 61439, green: 61439, blue: 61439))
        #expect(model.picture[0, 4] == .black)  // digit 4 is beyond the limit
    }

    @Test func oneDigitScannedAtFullIntensityIsCappedAtFullLevel() {
        let model = MAX7219Model(board: .fc16(chips: 1))
        for word: [UInt8] in [[0x0C, 0x01], [0x0A, 0x0F], [0x01, 0x01]] { model.receive(word, mode: .mode0, speedHz: 1_000_000) }
        #expect(model.picture[7, 0] == .white)
    }

    @Test func decodeModeShowsTheCodeBFontAndTheDecimalPoint() {
        let model = MAX7219Model(board: .fc16(chips: 1))
        for word: [UInt8] in [[0x0C, 0x01], [0x0B, 0x07], [0x09, 0x01], [0x01, 0x81], [0x02, 0x81]] {
            model.receive(word, mode: .mode0, speedHz: 1_000_000)
        }
        // Digit 0 decoded: "1" lights segments B and C (D5, D4) plus DP (D7).
        #expect(model.litSegments(chip: 0, digit: 0) == 0b1011_0000)
        // Digit 1 is not decoded: its bits show as they are.
        #expect(model.litSegments(chip: 0, digit: 1) == 0x81)
        // FC-16 row 0: DP A B C D E F G from the left, so columns 0, 2, 3 are lit.
        let row = (0..<8).map { model.picture[$0, 0] != .black }
        #expect(row == [true, false, true, true, false, false, false, false])
    }

    // MARK: malformed traffic

    @Test func aShortTransferGivesTheFarChipsTheStaleWordsLeftInTheChain() {
        let model = MAX7219Model(board: .fc16(chips: 4))
        // chip 3 … chip 0 get digit 0 = 0x81, 0x42, 0x24, 0x18.
        model.receive([0x01, 0x81, 0x01, 0x42, 0x01, 0x24, 0x01, 0x18], mode: .mode0, speedHz: 1_000_000)
        model.receive([0x02, 0xFF], mode: .mode0, speedHz: 1_000_000)
        #expect(model.chips[0].digits[1] == 0xFF)
        // Each other chip latched the word its neighbour nearer DIN held before.
        #expect(model.chips.map { $0.digits[0] } == [0x18, 0x18, 0x24, 0x42])
        #expect(model.chips[1...].allSatisfy { $0.digits[1] == 0 })
        #expect(model.anomalies.count == 1)
        #expect(model.anomalies.first?.contains("short") == true)
    }

    @Test func anOddLengthTransferLatchesAWordSplitAcrossBytes() {
        let model = MAX7219Model(board: .fc16(chips: 1))
        model.receive([0x01, 0x0A, 0x03], mode: .mode0, speedHz: 1_000_000)
        // The chip holds the last 16 bits: 0x0A03, an intensity write.
        #expect(model.chips[0].intensity == 3)
        #expect(model.chips[0].digits[0] == 0)
        #expect(model.anomalies.first?.contains("not whole 16-bit words") == true)
    }

    @Test func anOverlongTransferLosesItsFirstWordsOffTheEndOfTheChain() {
        let model = MAX7219Model(board: .fc16(chips: 1))
        model.receive([0x01, 0x11, 0x02, 0x22], mode: .mode0, speedHz: 1_000_000)
        #expect(model.chips[0].digits[0] == 0)
        #expect(model.chips[0].digits[1] == 0x22)
        #expect(model.anomalies.first?.contains("lost") == true)
    }

    @Test func anEmptyTransferRelatchesTheOldWord() {
        let model = MAX7219Model(board: .fc16(chips: 1))
        model.receive([0x01, 0x11], mode: .mode0, speedHz: 1_000_000)
        model.receive([0x00, 0x00], mode: .mode1, speedHz: 1_000_000)  // ignored: wrong clock edge
        model.receive([], mode: .mode0, speedHz: 1_000_000)
        #expect(model.latchCount == 2)
        #expect(model.chips[0].digits[0] == 0x11)
        #expect(model.anomalies.count == 2)
        #expect(model.anomalies[0].contains("mode 1"))
        #expect(model.anomalies[1].contains("empty transfer"))
    }

    @Test func wordsForMissingRegistersAreIgnoredAndNoted() {
        let model = MAX7219Model(board: .fc16(chips: 1))
        model.receive([0x0D, 0xFF], mode: .mode0, speedHz: 1_000_000)
        model.receive([0x0E, 0xFF], mode: .mode0, speedHz: 1_000_000)
        #expect(model.chips[0] == MAX7219Model(board: .fc16(chips: 1)).chips[0])
        #expect(model.anomalies.count == 2)
        #expect(model.anomalies[0].contains("register 0x0d does not exist"))
    }

    @Test func aClockAboveTenMegahertzIsNoted() {
        let model = MAX7219Model(board: .fc16(chips: 1))
        model.receive([0x01, 0x01], mode: .mode0, speedHz: 20_000_000)
        #expect(model.chips[0].digits[0] == 0x01)
        #expect(model.anomalies == ["SPI clock 20000000 Hz is above the MAX7219's 10 MHz; lower the clock"])
    }

    // MARK: every orientation

    static let everyOrientation: [String] = MAX7219Module.all.flatMap { module in
        ["", ",reverse"].map { "module=\(module.name)\($0)" }
    }

    @Test(arguments: everyOrientation)
    func everyModuleEitherWayRoundIsABoardThatShowsTheFrame(_ options: String) throws {
        // The model's board comes from the options, as `decode` and `sim` build it.
        let target = try SimulatedTarget(try PanelDescription(parsing: "max7219:chips=3,brightness=15,\(options)"))
        let model = try #require(target.model as? MAX7219Model)
        let panel = try max7219Panel("max7219:chips=3,brightness=15,\(options)", on: model)
        let frame = max7219TestPattern(chips: 3)
        try panel.show(frame)
        #expect(model.picture == max7219Expected(frame, level: 63487))  // duty 31/32
        #expect(model.anomalies.isEmpty)
    }

    @Test func theEightBlockWiringsAreAllDifferent() {
        let wirings = Set(MAX7219Module.all.map { MAX7219ModuleWiring(MAX7219Configuration(chips: 1, module: $0)) }.map { [$0.rows, $0.columns] })
        #expect(wirings.count == 8)
    }

    @Test func theModelsNamedWiringsAreTheDriversModules() {
        func wiring(_ name: String) -> MAX7219ModuleWiring {
            MAX7219ModuleWiring(MAX7219Configuration(chips: 1, module: MAX7219Module.named(name)!))
        }
        #expect(wiring("fc16") == .fc16)
        #expect(wiring("generic") == .generic)
        #expect(wiring("icstation") == .icStation)
        #expect(wiring("parola") == .parola)
        #expect(wiring("luma").name == "luma")
    }

    @Test func aBoardTurnedOverIsTheSameAsTurningEachBlockAndReversingTheChain() throws {
        let upsideDown = MAX7219Model(board: .fc16(chips: 3, upsideDown: true))
        let configured = MAX7219Model(board: MAX7219Board(MAX7219Configuration(chips: 3, module: MAX7219Module.named("icstation")!, reversed: true)))
        let frame = max7219TestPattern(chips: 3)
        for model in [upsideDown, configured] {
            try max7219Panel("max7219:chips=3,module=icstation,reverse", on: model).show(frame)
        }
        #expect(upsideDown.picture == configured.picture)
    }
}
