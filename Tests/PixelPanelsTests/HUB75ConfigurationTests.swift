import PixelCore
import Testing
@testable import PixelPanels

@Suite struct HUB75ConfigurationTests {
    func parse(_ text: String) throws(PanelConfigurationError) -> HUB75Configuration {
        var options = try PanelOptions(parsing: text)
        let configuration = try HUB75Configuration(options: &options)
        try options.finish()
        return configuration
    }

    @Test func bareTypeGivesTheDocumentedDefaults() throws {
        let c = try parse("hub75")
        #expect(c.geometry.rows == 32 && c.geometry.columns == 32 && c.geometry.chain == 1 && c.geometry.parallel == 1)
        #expect(c.pwmBits == 11 && c.transfer == .linear && c.pinMap == .regular && c.lsbNanoseconds == 130)
        #expect(c.geometry.scan == 16 && c.geometry.addressLineCount == 4)
    }

    @Test func rowsSetScanAndAddressLines() throws {
        let expected: [(rows: Int, scan: Int, lines: Int)] = [(8, 4, 2), (16, 8, 3), (32, 16, 4), (64, 32, 5)]
        for e in expected {
            let g = try parse("hub75:rows=\(e.rows)").geometry
            #expect(g.scan == e.scan && g.addressLineCount == e.lines, "rows=\(e.rows)")
        }
    }

    @Test func scanAloneSetsRows() throws {
        #expect(try parse("hub75:scan=4").geometry.rows == 8)
        #expect(try parse("hub75:scan=32,cols=64").geometry.rows == 64)
        #expect(try parse("hub75:rows=16,scan=8").geometry.scan == 8)
    }

    @Test func scanContradictingRowsIsRejected() {
        #expect(throws: PanelConfigurationError.inconsistent(
            type: "hub75",
            reason: "scan=8 with rows=32 means several rows per address (an outdoor multiplexed panel); "
                + "name its scheme with multiplexing= (pixelwheel list shows them), or use scan=16 or leave scan out")
        ) { try parse("hub75:rows=32,scan=8") }
    }

    @Test func chainAndParallelSetTheLogicalSize() throws {
        let c = try parse("hub75:rows=32,cols=64,chain=2,parallel=3")
        #expect(c.geometry.width == 128 && c.geometry.height == 96 && c.geometry.chainLength == 128)
    }

    @Test func parallelBeyondTheWiringIsRejected() {
        #expect(throws: PanelConfigurationError.inconsistent(
            type: "hub75",
            reason: "wiring 'adafruit-hat' has 1 chain(s) but parallel=2; use wiring=regular for up to 3 parallel chains or lower parallel")
        ) { try parse("hub75:wiring=adafruit-hat,parallel=2") }
    }

    @Test func valuesOutOfRangeNameTheKey() {
        #expect(throws: PanelConfigurationError.badValue(type: "hub75", key: "pwm-bits", value: "12", allowed: "1...11")) {
            try parse("hub75:pwm-bits=12")
        }
        #expect(throws: PanelConfigurationError.badValue(type: "hub75", key: "rows", value: "24", allowed: "8|16|32|64")) {
            try parse("hub75:rows=24")
        }
        #expect(throws: PanelConfigurationError.badValue(type: "hub75", key: "cols", value: "48", allowed: "32|64|128")) {
            try parse("hub75:cols=48")
        }
        #expect(throws: PanelConfigurationError.badValue(type: "hub75", key: "transfer", value: "gamma", allowed: "linear|cie1931")) {
            try parse("hub75:transfer=gamma")
        }
    }

    @Test func unknownKeyIsRejectedByFinish() {
        #expect(throws: PanelConfigurationError.self) { try parse("hub75:colour=red") }
    }

    @Test func wiringWithoutELineCannotDriveSixtyFourRows() throws {
        let noE = HUB75PinMap(name: "no-e", outputEnable: 18, clock: 17, latch: 4, address: [22, 23, 24, 25],
                              chains: HUB75PinMap.regular.chains)
        #expect(throws: PanelConfigurationError.self) {
            try HUB75Configuration(geometry: HUB75Geometry(rows: 64, columns: 64), pinMap: noE)
        }
        _ = try HUB75Configuration(geometry: HUB75Geometry(rows: 32, columns: 64), pinMap: noE)
    }

    @Test func onTimePerRefreshCountsEveryPlaneOfEveryRow() throws {
        let c = try parse("hub75:rows=32,cols=64,pwm-bits=11,pwm-lsb-ns=130")
        #expect(c.onTimePerRefreshNanoseconds == 16 * 130 * 2047)
    }
}

struct HUB75BrightnessTests {
    @Test func brightnessScalesEveryLevelBeforeThePlanesAreCut() throws {
        var full = PanelOptions(type: "hub75", values: ["rows": "16", "cols": "32", "pwm-bits": "8"])
        var half = PanelOptions(type: "hub75", values: ["rows": "16", "cols": "32", "pwm-bits": "8", "brightness": "50"])
        let fullEncoder = HUB75Encoder(configuration: try HUB75Configuration(options: &full))
        let halfEncoder = HUB75Encoder(configuration: try HUB75Configuration(options: &half))
        var frame = Frame(width: 32, height: 16)
        frame[0, 0] = .white
        let a = fullEncoder.makePlanes(), b = halfEncoder.makePlanes()
        fullEncoder.encode(frame, into: a)
        halfEncoder.encode(frame, into: b)
        // Full white is level 255 (every plane lit); at 50 % it is level 128 (only plane 7).
        let redMask = UInt32(1) << UInt32(HUB75PinMap.regular.chains[0].r1)
        let fullLit = (0..<8).filter { a.word(row: 0, plane: $0, column: 0) & redMask != 0 }
        let halfLit = (0..<8).filter { b.word(row: 0, plane: $0, column: 0) & redMask != 0 }
        #expect(fullLit == Array(0..<8))
        #expect(halfLit == [7])
        var bad = PanelOptions(type: "hub75", values: ["brightness": "0"])
        #expect(throws: PanelConfigurationError.badValue(type: "hub75", key: "brightness", value: "0", allowed: "1...100")) {
            _ = try HUB75Configuration(options: &bad)
        }
    }
}
