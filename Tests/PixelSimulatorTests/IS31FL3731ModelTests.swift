import PixelBus
import PixelCore
import PixelPanels
import Testing
@testable import PixelSimulator

/// Greys that are exact 8-bit duties (k × 257), all different, in an asymmetric layout.
private func is31fl3731Greys(width: Int, height: Int) -> Frame {
    var frame = Frame(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let k = UInt16((x * 37 + y * 11 + x * y) % 256)
            frame[x, y] = LinearColor(red: k * 257, green: k * 257, blue: k * 257)
        }
    }
    return frame
}

private func is31fl3731Panel(_ text: String, bus: any I2CBus) throws -> IS31FL3731Panel {
    var options = try PanelOptions(parsing: text)
    let configuration = try IS31FL3731Configuration(options: &options)
    try options.finish()
    return try IS31FL3731Panel(bus: bus, configuration: configuration)
}

@Suite struct IS31FL3731ModelTests {
    // MARK: round trips

    @Test func sixteenByNineBoardShowsEveryGreyExactly() throws {
        let model = IS31FL3731Model()
        let panel = try is31fl3731Panel("is31fl3731", bus: SimulatedI2CBus(devices: [model]))
        let frame = is31fl3731Greys(width: 16, height: 9)
        try panel.show(frame)
        // An 8-bit grey k × 257 becomes duty k, which the LED shows as k/255 = k × 257.
        #expect(model.picture == frame)
        #expect(model.anomalies.isEmpty)
    }

    @Test func coloursShowAsTheirMeanLevelInWhite() throws {
        let model = IS31FL3731Model()
        let panel = try is31fl3731Panel("is31fl3731", bus: SimulatedI2CBus(devices: [model]))
        var frame = Frame(width: 16, height: 9)
        frame[4, 4] = LinearColor(red: 65535, green: 0, blue: 0)  // mean 1/3: duty 85
        frame[5, 4] = LinearColor(red: 65535, green: 65535, blue: 0)  // 2/3: duty 170
        try panel.show(frame)
        #expect(model.picture[4, 4] == LinearColor(red: 21845, green: 21845, blue: 21845))
        #expect(model.picture[5, 4] == LinearColor(red: 43690, green: 43690, blue: 43690))
    }

    @Test func brightnessScalesEveryDuty() throws {
        let model = IS31FL3731Model(address: I2CAddress(rawValue: 0x75)!)
        let panel = try is31fl3731Panel("is31fl3731:address=0x75,brightness=128", bus: SimulatedI2CBus(devices: [model]))
        var frame = Frame(width: 16, height: 9)
        frame[0, 0] = .white  // duty 128
        frame[1, 0] = LinearColor(red: 25700, green: 25700, blue: 25700)  // grey 100: 100 × 128/255 = 50.2 → 50
        try panel.show(frame)
        #expect(model.picture[0, 0] == LinearColor(red: 32896, green: 32896, blue: 32896))
        #expect(model.picture[1, 0] == LinearColor(red: 12850, green: 12850, blue: 12850))
    }

    @Test func charlieWingShowsTheFrameAndKeepsItsUnusedLEDsOff() throws {
        let model = IS31FL3731Model(board: .charliewing15x7)
        let panel = try is31fl3731Panel("is31fl3731:board=charliewing15x7", bus: SimulatedI2CBus(devices: [model]))
        let frame = is31fl3731Greys(width: 15, height: 7)
        try panel.show(frame)
        #expect(model.picture == frame)
        #expect(model.frames[0][0] & 1 == 0)  // chip LED 0 is not on the wing: disabled
    }

    @Test func theWrongBoardTableShowsADifferentPicture() throws {
        // The wing's chip driven as if it were the 16×9 board: same chip, other wiring.
        let model = IS31FL3731Model(board: .charliewing15x7)
        let bus = SimulatedI2CBus(devices: [model])
        let panel = try is31fl3731Panel("is31fl3731", bus: bus)
        let frame = is31fl3731Greys(width: 16, height: 9)
        try panel.show(frame)
        var cropped = Frame(width: 15, height: 7)
        for y in 0..<7 { for x in 0..<15 { cropped[x, y] = frame[x, y] } }
        #expect(model.picture != cropped)
    }

    @Test func aSequenceOfFramesEndsShowingTheLastOne() throws {
        let model = IS31FL3731Model()
        let panel = try is31fl3731Panel("is31fl3731", bus: SimulatedI2CBus(devices: [model]))
        var frame = is31fl3731Greys(width: 16, height: 9)
        for step in 0..<30 {
            for i in stride(from: step, to: 144, by: 7) {
                let k = UInt16((i * step) % 256) * 257
                frame.pixels[i] = LinearColor(red: k, green: k, blue: k)
            }
            try panel.show(frame)
        }
        #expect(model.picture == frame)
        #expect(model.anomalies.isEmpty)
    }

    // MARK: traffic

    @Test func oneChangedLEDIsOneTwoByteWriteAndARepeatSendsNothing() throws {
        let model = IS31FL3731Model()
        let recorder = BusTraceRecorder()
        let bus = TracingI2CBus(SimulatedI2CBus(devices: [model]), sink: recorder, clock: { 0 })
        let panel = try is31fl3731Panel("is31fl3731", bus: bus)
        var frame = is31fl3731Greys(width: 16, height: 9)
        try panel.show(frame)
        let before = recorder.transactions.count
        frame[2, 3] = .black  // LED 50: register 0x56
        try panel.show(frame)
        #expect(Array(recorder.transactions[before...]) == [.i2c(device: "/dev/i2c-1", address: 0x74, bytes: [0x56, 0x00])])
        try panel.show(frame)
        #expect(recorder.transactions.count == before + 1)
        #expect(model.picture == frame)
    }

    @Test func startUpLeavesTheChipRunningFrame0DarkWithPage0Selected() throws {
        let model = IS31FL3731Model()
        #expect(model.isShutDown)
        _ = try is31fl3731Panel("is31fl3731", bus: SimulatedI2CBus(devices: [model]))
        #expect(!model.isShutDown && model.displayMode == 0 && model.displayedFrame == 0 && model.page == 0)
        #expect(model.frames[0][0..<18].allSatisfy { $0 == 0xFF })
        #expect(model.picture == Frame(width: 16, height: 9))
        #expect(model.anomalies.isEmpty)
    }

    // MARK: chip behaviour

    @Test func shutdownBlanksTheBoardAndKeepsTheRegisters() {
        let model = IS31FL3731Model()
        model.receiveWrite([0x00, 0x01])  // frame 0: LED 0 on
        model.receiveWrite([0x24, 0xFF])
        #expect(model.picture == Frame(width: 16, height: 9))  // power-up: shut down
        model.receiveWrite([0xFD, 0x0B]); model.receiveWrite([0x0A, 0x01])
        #expect(model.picture[0, 0] == .white)
        model.receiveWrite([0x0A, 0x00])
        #expect(model.picture == Frame(width: 16, height: 9))
        #expect(model.frames[0][0x24] == 0xFF)
    }

    @Test func anLEDSwitchedOffStaysDarkWhateverItsDuty() {
        let model = IS31FL3731Model()
        model.receiveWrite([0xFD, 0x0B]); model.receiveWrite([0x0A, 0x01]); model.receiveWrite([0xFD, 0x00])
        model.receiveWrite([0x24, 0xFF, 0xFF])  // LEDs 0 and 1 at full duty
        model.receiveWrite([0x00, 0x02])  // only LED 1 on
        #expect(model.picture[0, 0] == .black)
        #expect(model.picture[1, 0] == .white)
    }

    @Test func onlyLitLEDsOffTheBoardInTheFrameOnShowAreAMisfit() {
        // Chip LED 0 is not on the CharlieWing; LED 7 is its first.
        let model = IS31FL3731Model(board: .charliewing15x7)
        model.receiveWrite([0xFD, 0x0B]); model.receiveWrite([0x0A, 0x01])
        for page: UInt8 in [0x00, 0x01] {
            model.receiveWrite([0xFD, page])
            model.receiveWrite([0x00] + Array(repeating: 0xFF, count: 18))  // all 144 switched on, all dark
        }
        #expect(model.misfit == nil, "switched on but dark: Adafruit's driver does this")
        let ledSeven: UInt8 = 0x24 + 7  // (typed: Swift 6.0 takes the sum in the literal as an Int)
        model.receiveWrite([ledSeven, 0x40])  // frame 1: LED 7 (on the wing) lit
        model.receiveWrite([0x24, 0x40])  // frame 1: LED 0 (off the wing) lit, but frame 0 is on show
        #expect(model.misfit == nil)
        #expect(model.litLEDs.isEmpty)
        model.receiveWrite([0xFD, 0x0B]); model.receiveWrite([0x01, 0x01])  // show frame 1
        #expect(model.litLEDs == [0, 7])
        #expect(model.misfit == "the trace lights 1 LEDs that the charliewing15x7 board does not have: board=charlieplex16x9?")
    }

    @Test func thePictureDisplayRegisterChoosesTheFrameOnShow() {
        let model = IS31FL3731Model()
        model.receiveWrite([0xFD, 0x03])
        model.receiveWrite([0x00, 0x01]); model.receiveWrite([0x24, 0x10])  // frame 3: LED 0 at 16
        model.receiveWrite([0xFD, 0x0B]); model.receiveWrite([0x0A, 0x01])
        #expect(model.picture[0, 0] == .black)  // frame 0 on show
        model.receiveWrite([0x01, 0x03])
        #expect(model.picture[0, 0] == LinearColor(red: 4112, green: 4112, blue: 4112))
    }

    @Test func writesAutoIncrementAcrossRegistersAndReadBack() {
        let model = IS31FL3731Model()
        model.receiveWrite([0xFD, 0x0B])
        model.receiveWrite([0x00] + Array(repeating: 0, count: 10) + [0x01])  // 0x00...0x0A, ending in shutdown = 1
        #expect(!model.isShutDown)
        #expect(model.read(1, register: 0xFD) == [0x0B])
        #expect(model.read(2, register: 0x09) == [0x00, 0x01])
        #expect(model.anomalies == ["function page: the frame state register 0x07 is read-only (byte ignored)"])
    }

    @Test func aPageThatDoesNotExistSendsLaterWritesNowhere() {
        let model = IS31FL3731Model()
        model.receiveWrite([0xFD, 0x08])
        model.receiveWrite([0x24, 0xFF])
        #expect(model.page == nil)
        #expect(model.frames.allSatisfy { $0[0x24] == 0 })
        #expect(model.anomalies.count == 2)
        #expect(model.anomalies[0].contains("page 0x08 does not exist"))
        model.receiveWrite([0xFD, 0x00])
        model.receiveWrite([0x24, 0xFF])
        #expect(model.frames[0][0x24] == 0xFF)
    }

    @Test func bytesAfterThePageNumberAreIgnoredAndNoted() {
        let model = IS31FL3731Model()
        model.receiveWrite([0xFD, 0x01, 0x02, 0x03])
        #expect(model.page == 1)
        #expect(model.anomalies == ["2 bytes after the page number were ignored"])
    }

    @Test func aWriteRunningPastTheLastPWMRegisterLosesTheRest() {
        let model = IS31FL3731Model()
        model.receiveWrite([0xB2, 1, 2, 3, 4])
        #expect(model.frames[0][0xB2] == 1 && model.frames[0][0xB3] == 2)
        #expect(model.anomalies == ["frame 0: write ran past register 0xB3; 2 bytes ignored"])
    }

    @Test func aWriteRunningPastTheLastFunctionRegisterLosesTheRest() {
        let model = IS31FL3731Model()
        model.receiveWrite([0xFD, 0x0B])
        model.receiveWrite([0x0C, 5, 6])
        #expect(model.functionRegisters[0x0C] == 5)
        #expect(model.anomalies == ["function page: write ran past register 0x0C; 1 bytes ignored"])
    }

    @Test func autoFramePlayIsNotedAndShowsTheStartFrame() {
        let model = IS31FL3731Model()
        model.receiveWrite([0xFD, 0x0B])
        model.receiveWrite([0x00, 0x0A])  // auto frame play from frame 2
        #expect(model.displayMode == 1 && model.displayedFrame == 2)
        #expect(model.anomalies.count == 1)
        #expect(model.anomalies[0].contains("auto frame play"))
    }
}
