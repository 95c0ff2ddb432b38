import PixelBus
import PixelCore
import Testing
@testable import PixelPanels

/// Records I²C writes; fails the write numbered `failAt` (0-based) once.
private final class FlakyI2CBus: I2CBus {
    let name = "/dev/i2c-1"
    var failAt: Int?
    private(set) var writes: [[UInt8]] = []
    private var attempts = 0
    func write(_ bytes: [UInt8], to address: I2CAddress) throws(BusError) {
        defer { attempts += 1 }
        if attempts == failAt { throw .noAcknowledge(device: name, address: address.rawValue) }
        writes.append(bytes)
    }
    func read(_ count: Int, from address: I2CAddress, register: UInt8) throws(BusError) -> [UInt8] {
        Array(repeating: 0, count: count)
    }
}

private func is31fl3731Configuration(_ text: String) throws -> IS31FL3731Configuration {
    var options = try PanelOptions(parsing: text)
    let configuration = try IS31FL3731Configuration(options: &options)
    try options.finish()
    return configuration
}

@Suite struct IS31FL3731Tests {
    // MARK: options

    @Test func optionsGiveBoardAddressAndBrightness() throws {
        let configuration = try is31fl3731Configuration("is31fl3731:board=charliewing15x7,address=0x77,brightness=128")
        #expect(configuration.board == .charliewing15x7)
        #expect(configuration.address.rawValue == 0x77)
        #expect(configuration.brightness == 128)
        #expect(configuration.width == 15 && configuration.height == 7)
    }

    @Test func optionsDefaultToThe16x9BoardAt0x74AtFullScale() throws {
        let configuration = try is31fl3731Configuration("is31fl3731")
        #expect(configuration == IS31FL3731Configuration(board: .charlieplex16x9, brightness: 255))
        #expect(configuration.address.rawValue == 0x74)
        #expect(try is31fl3731Configuration("is31fl3731:address=117").address.rawValue == 0x75)
    }

    @Test func badOptionsAreRefusedNamingWhatIsAllowed() throws {
        #expect(throws: PanelConfigurationError.badValue(type: "is31fl3731", key: "address", value: "0x70",
                                                         allowed: "0x74...0x77 (or 116...119 in decimal)")) {
            _ = try is31fl3731Configuration("is31fl3731:address=0x70")
        }
        #expect(throws: PanelConfigurationError.badValue(type: "is31fl3731", key: "board", value: "16x8",
                                                         allowed: "charlieplex16x9|charliewing15x7")) {
            _ = try is31fl3731Configuration("is31fl3731:board=16x8")
        }
        #expect(throws: PanelConfigurationError.self) { _ = try is31fl3731Configuration("is31fl3731:brightness=256") }
        #expect(throws: PanelConfigurationError.unknownKey(type: "is31fl3731", key: "layout",
                                                           known: ["address", "board", "brightness"])) {
            _ = try is31fl3731Configuration("is31fl3731:layout=16x9")
        }
    }

    // MARK: brightness conversion

    @Test func pwmIsTheMeanChannelLevelScaledAndRounded() {
        #expect(IS31FL3731Encoder.pwm(for: .white, brightness: 255) == 255)
        #expect(IS31FL3731Encoder.pwm(for: .white, brightness: 100) == 100)
        #expect(IS31FL3731Encoder.pwm(for: .black, brightness: 255) == 0)
        #expect(IS31FL3731Encoder.pwm(for: LinearColor(red: 65535, green: 0, blue: 0), brightness: 255) == 85)
        // Mean 32768 is 127.502 of 255: rounds up; mean 32767 is 127.498: rounds down.
        #expect(IS31FL3731Encoder.pwm(for: LinearColor(red: 32768, green: 32768, blue: 32768), brightness: 255) == 128)
        #expect(IS31FL3731Encoder.pwm(for: LinearColor(red: 32767, green: 32767, blue: 32767), brightness: 255) == 127)
        // 257 per step of 255: every 8-bit grey maps to itself.
        for k in 0...255 {
            let grey = UInt16(k * 257)
            #expect(IS31FL3731Encoder.pwm(for: LinearColor(red: grey, green: grey, blue: grey), brightness: 255) == UInt8(k))
        }
    }

    // MARK: golden traces (register map from the datasheet)

    @Test func startUpShutsDownConfiguresEnablesClearsThenRuns() {
        let encoder = IS31FL3731Encoder(configuration: IS31FL3731Configuration())
        // A register and the bytes written from it. (Spelled as `[register] + bytes` inside the
        // literal, the literal is too slow for Swift 6.0 to type-check.)
        func write(_ register: UInt8, _ bytes: [UInt8]) -> [UInt8] { [register] + bytes }
        let zeros32 = [UInt8](repeating: 0, count: 32)
        let expected: [[UInt8]] = [
            [0xFD, 0x0B],  // function page
            [0x0A, 0x00],  // software shutdown
            [0x00, 0x00],  // picture mode
            [0x01, 0x00],  // show frame 0
            [0x05, 0x00],  // blink off
            [0x06, 0x00],  // audio sync off
            [0xFD, 0x00],  // frame page 0
            write(0x00, [UInt8](repeating: 0xFF, count: 18)),  // all 144 LEDs on
            write(0x12, [UInt8](repeating: 0x00, count: 18)),  // no blink
            write(0x24, zeros32), write(0x44, zeros32), write(0x64, zeros32), write(0x84, zeros32),
            write(0xA4, [UInt8](repeating: 0, count: 16)),  // PWM 0x24...0xB3 = 0
            [0xFD, 0x0B],
            [0x0A, 0x01],  // normal operation
            [0xFD, 0x00],  // leave frame page 0 selected
        ]
        #expect(encoder.initialization() == expected)
    }

    @Test func charlieWingEnablesOnlyItsHundredAndFiveLEDs() {
        // Left 8 columns: LEDs 16x+1…16x+7 (bits 1-7 of byte 2x); right 7 columns: LEDs
        // 16c+8…16c+14 for c = 1…7 (bits 0-6 of byte 2c+1).
        let expected: [UInt8] = [0xFE, 0x00, 0xFE, 0x7F, 0xFE, 0x7F, 0xFE, 0x7F, 0xFE, 0x7F,
                                 0xFE, 0x7F, 0xFE, 0x7F, 0xFE, 0x7F, 0x00, 0x00]
        #expect(IS31FL3731Board.charliewing15x7.enableBits == expected)
        #expect(IS31FL3731Board.charliewing15x7.ledNumbers.count == 105)
        // Top-left LED is chip LED 7; top-right (x 14) is 16·1 + 8 = 24.
        #expect(IS31FL3731Board.charliewing15x7.ledNumbers[0] == 7)
        #expect(IS31FL3731Board.charliewing15x7.ledNumbers[14] == 24)
    }

    @Test func sixteenByNineLEDsAreNumberedRowByRow() {
        let encoder = IS31FL3731Encoder(configuration: IS31FL3731Configuration())
        var frame = Frame(width: 16, height: 9)
        frame[0, 0] = .white  // LED 0: register 0x24
        frame[1, 0] = LinearColor(red: 32896, green: 32896, blue: 32896)  // 128 × 257: LED 1
        frame[15, 8] = .white  // LED 143: register 0xB3
        frame[9, 2] = LinearColor(red: 0, green: 0, blue: 65535)  // LED 41: register 0x4D, 85
        let pwm = encoder.pwmRegisters(for: frame)
        #expect(encoder.pwmMessages(from: Array(repeating: 0, count: 144), to: pwm) == [
            [0x24, 0xFF, 0x80],
            [0x4D, 0x55],
            [0xB3, 0xFF],
        ])
    }

    @Test func aFullFrameIsPageSelectThenFiveWritesOfAtMost32Bytes() {
        let encoder = IS31FL3731Encoder(configuration: IS31FL3731Configuration())
        var frame = Frame(width: 16, height: 9)
        for i in 0..<144 { frame.pixels[i] = LinearColor(red: UInt16(i * 257), green: UInt16(i * 257), blue: UInt16(i * 257)) }
        let messages = encoder.transactions(for: frame)
        #expect(messages.map(\.count) == [2, 33, 33, 33, 33, 17])
        #expect(messages.map(\.first) == [0xFD, 0x24, 0x44, 0x64, 0x84, 0xA4])
        #expect(messages[1][1...3] == [0, 1, 2])
        #expect(messages[5].last == 143)
    }

    @Test func aLongRunOfChangesIsSplitAt32Bytes() {
        let encoder = IS31FL3731Encoder(configuration: IS31FL3731Configuration())
        var after = [UInt8](repeating: 0, count: 144)
        for led in 10..<50 { after[led] = 9 }
        let messages = encoder.pwmMessages(from: Array(repeating: 0, count: 144), to: after)
        #expect(messages == [[0x2E] + Array(repeating: 9, count: 32), [0x4E] + Array(repeating: 9, count: 8)])
    }

    // MARK: panel

    @Test func panelSendsOnlyChangedDutiesAndNothingForARepeatedFrame() throws {
        let bus = FlakyI2CBus()
        let panel = try IS31FL3731Panel(bus: bus, configuration: IS31FL3731Configuration(brightness: 255))
        let start = bus.writes.count
        var frame = Frame(width: 16, height: 9)
        frame[3, 1] = .white  // LED 19: register 0x37
        try panel.show(frame)
        #expect(Array(bus.writes[start...]) == [[0x37, 0xFF]])
        try panel.show(frame)
        #expect(bus.writes.count == start + 1)
    }

    @Test func afterAFailedWriteTheNextShowSelectsThePageAndRewritesEverything() throws {
        let bus = FlakyI2CBus()
        let panel = try IS31FL3731Panel(bus: bus, configuration: IS31FL3731Configuration())
        var frame = Frame(width: 16, height: 9)
        frame[0, 0] = .white
        bus.failAt = bus.writes.count
        #expect(throws: BusError.self) { try panel.show(frame) }
        #expect(panel.held == nil)
        let start = bus.writes.count
        try panel.show(frame)
        #expect(bus.writes[start] == [0xFD, 0x00])
        #expect(bus.writes.count == start + 6)
        #expect(bus.writes[start + 1].prefix(3) == [0x24, 0xFF, 0x00])
    }
}
