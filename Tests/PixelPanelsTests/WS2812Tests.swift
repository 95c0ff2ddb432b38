import PixelBus
import Testing
import PixelCore
@testable import PixelPanels

/// An SPI device that keeps what it is asked to do, for checks of what a panel sends (and
/// of what it does not send).
final class StripTestSPIDevice: SPIDevice {
    let name = "/dev/spidev0.0"
    let maxTransferSize: Int
    private(set) var speedHz = 1_000_000
    private(set) var mode = SPIMode.mode1
    private(set) var transfers: [[UInt8]] = []
    init(maxTransferSize: Int = 4096) { self.maxTransferSize = maxTransferSize }
    func configure(mode: SPIMode, speedHz: Int) throws(BusError) { self.mode = mode; self.speedHz = speedHz }
    func transfer(_ bytes: [UInt8]) throws(BusError) { transfers.append(bytes) }
}

@Suite struct WS2812Tests {
    func frame(width: Int, height: Int, _ color: LinearColor) -> Frame {
        var f = Frame(width: width, height: height)
        for i in f.pixels.indices { f.pixels[i] = color }
        return f
    }

    @Test func eachDataBitBecomesThreeSPIBitsAt2400kHz() {
        let s = WS2812SPISymbols.spi2400kHz
        // 0x80 → 110 100 100 100 100 100 100 100
        #expect(s.expand(0x80) == 0b110_100_100_100_100_100_100_100)
        #expect(s.expand(0x00) == 0x92_49_24)
        #expect(s.expand(0xFF) == 0xDB_6D_B6)
        #expect(s.zeroHighNanoseconds == 417 && s.oneHighNanoseconds == 833)
    }

    @Test func eachDataBitBecomesFourSPIBitsAt3200kHz() {
        let s = WS2812SPISymbols.spi3200kHz
        // 0xA5 = 1010 0101 → 1110 1000 1110 1000 1000 1110 1000 1110
        #expect(s.expand(0xA5) == 0xE8_E8_8E_8E)
        #expect(s.zeroHighNanoseconds == 313 && s.oneHighNanoseconds == 938)
        #expect(WS2812SPISymbols.spi3200kHzSK6812.expand(0x80) == 0xC8_88_88_88)
    }

    @Test func resetGapBytesFollowFromTheClock() {
        #expect(WS2812SPISymbols.spi2400kHz.resetBytes(microseconds: 50) == 15)   // 120 bits
        #expect(WS2812SPISymbols.spi3200kHz.resetBytes(microseconds: 50) == 20)   // 160 bits
        #expect(WS2812SPISymbols.spi2400kHz.resetBytes(microseconds: 280) == 84)  // 672 bits
        #expect(WS2812SPISymbols.spi3200kHz.resetBytes(microseconds: 80) == 32)   // 256 bits
        #expect(WS2812SPISymbols.spi2400kHz.resetBytes(microseconds: 51) == 16)   // 122.4 → 123 bits
    }

    @Test func frameIsOneTransferOfGRBBitsFollowedByTheResetGap() throws {
        let device = StripTestSPIDevice()
        let config = WS2812Configuration(mapper: .strip(length: 2), symbols: .spi2400kHz)
        let panel = try WS2812Panel(device: device, configuration: config)
        var f = Frame(width: 2, height: 1)
        f[0, 0] = LinearColor(red: 65535, green: 0, blue: 0)
        f[1, 0] = LinearColor(red: 0, green: 0, blue: 257)
        try panel.show(f)
        #expect(device.transfers.count == 1)
        #expect(device.mode == .mode0 && device.speedHz == 2_400_000)
        let zero: [UInt8] = [0x92, 0x49, 0x24], full: [UInt8] = [0xDB, 0x6D, 0xB6], one: [UInt8] = [0x92, 0x49, 0x26]
        let expected = zero + full + zero + zero + zero + one + Array(repeating: 0, count: 15)
        #expect(device.transfers[0] == expected)
    }

    @Test func rgbwSendsThirtyTwoBitsPerLEDInGRBWOrder() {
        var config = WS2812Configuration(mapper: .strip(length: 1), symbols: .spi3200kHzSK6812, resetMicroseconds: 80)
        config.color = ColorPipelineConfiguration(order: .grb, white: true)
        var encoder = WS2812Encoder(configuration: config)
        var f = Frame(width: 1, height: 1)
        f[0, 0] = LinearColor(red: 255 * 257, green: 10 * 257, blue: 10 * 257)
        let bytes = encoder.encode(f)
        #expect(bytes.count == 16 + 32)
        let s = WS2812SPISymbols.spi3200kHzSK6812
        let expected = [0, 245, 0, 10].flatMap { level -> [UInt8] in
            let bits = s.expand(UInt8(level))
            return [UInt8(bits >> 24), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits & 0xFF)]
        }
        #expect(Array(bytes.prefix(16)) == expected)
        #expect(bytes.suffix(32).allSatisfy { $0 == 0 })
    }

    @Test func frameLargerThanOneTransferIsRefusedBeforeAnythingIsSent() throws {
        let device = StripTestSPIDevice(maxTransferSize: 4096)
        var options = try PanelOptions(parsing: "ws2812:width=16,height=16,rgbw")
        let config = try WS2812Configuration(options: &options)
        #expect(config.transferBytes == 256 * 16 + 32)
        do {
            _ = try WS2812Panel(device: device, configuration: config)
            Issue.record("a 4128-byte frame was accepted by a 4096-byte device")
        } catch {
            #expect(error == .transferTooLarge(device: "/dev/spidev0.0", bytes: 4128, limit: 4096))
            #expect(error.description.contains("spidev.bufsiz"))
        }
        #expect(device.transfers.isEmpty)
        #expect(device.speedHz == 1_000_000, "the device was not even configured")
    }

    @Test func frameOfTheWrongSizeIsAClearError() throws {
        let device = StripTestSPIDevice()
        let panel = try WS2812Panel(device: device, configuration: WS2812Configuration(mapper: .grid(width: 8, height: 8)))
        #expect(throws: BusError.self) { try panel.show(Frame(width: 16, height: 16)) }
        #expect(device.transfers.isEmpty)
    }

    @Test func chipPicksTheSymbolsAndResetGapThePartNeeds() throws {
        func config(_ text: String) throws -> WS2812Configuration {
            var options = try PanelOptions(parsing: text)
            let c = try WS2812Configuration(options: &options)
            try options.finish()
            return c
        }
        #expect(try config("ws2812:length=4").chip == .any)
        let sk = try config("ws2812:length=4,chip=sk6812")
        #expect(sk.chip == .sk6812 && sk.symbols == .spi3200kHzSK6812 && sk.resetMicroseconds == 80)
        #expect(try config("ws2812:length=4,chip=ws2812").symbols == .spi3200kHzSK6812)
        let v5 = try config("ws2812:length=4,chip=ws2812b-v5")
        #expect(v5.symbols == .spi3200kHz && v5.resetMicroseconds == 280)
        #expect(try config("ws2812:length=4,chip=ws2812b-v5,reset-us=300").resetMicroseconds == 300)
        #expect(try config("ws2812:length=4,chip=ws2812b").symbols == .spi3200kHz)
        #expect(throws: PanelConfigurationError.badValue(type: "ws2812", key: "chip", value: "ws2811",
                                                         allowed: "any|ws2812|ws2812b|ws2812b-v5|sk6812")) {
            _ = try config("ws2812:length=4,chip=ws2811")
        }
    }

    @Test func optionsReadEveryWS2812Key() throws {
        var options = try PanelOptions(parsing: "ws2812:width=16,height=16,serpentine,order=rgb,speed=2400000,brightness=128,max-ma=2000,reset-us=280")
        let config = try WS2812Configuration(options: &options)
        try options.finish()
        #expect(config.mapper == .grid(width: 16, height: 16, serpentine: true))
        #expect(config.color.order == .rgb)
        #expect(config.color.brightness == Fixed(128, over: 255))
        #expect(config.color.power.budgetMilliamps == 2000)
        #expect(config.symbols == .spi2400kHz)
        #expect(config.resetMicroseconds == 280)
        #expect(config.resetBytes == 84)
        var defaults = try PanelOptions(parsing: "ws2812:length=30")
        let plain = try WS2812Configuration(options: &defaults)
        #expect(plain.symbols == .spi3200kHz && plain.resetMicroseconds == 50 && plain.color.order == .grb)
        var rgbw = try PanelOptions(parsing: "sk6812:length=30,rgbw")
        let sk = try WS2812Configuration(options: &rgbw)
        #expect(sk.symbols == .spi3200kHzSK6812 && sk.resetMicroseconds == 80 && sk.color.white)
        var bad = try PanelOptions(parsing: "ws2812:length=30,speed=8000000")
        #expect(throws: PanelConfigurationError.badValue(type: "ws2812", key: "speed", value: "8000000", allowed: "2400000|3200000")) {
            _ = try WS2812Configuration(options: &bad)
        }
    }

    @Test func powerLimitAppliesToTheEncodedFrame() throws {
        var options = try PanelOptions(parsing: "ws2812:width=16,height=16,serpentine,max-ma=2000")
        var encoder = WS2812Encoder(configuration: try WS2812Configuration(options: &options))
        _ = encoder.encode(frame(width: 16, height: 16, .white))
        #expect(encoder.lastPower.wasLimited && encoder.lastPower.milliamps <= 2000)
    }
}
