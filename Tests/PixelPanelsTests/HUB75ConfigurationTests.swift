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

    @Test func ditherBitsShortenTheLowPlanesAndSkipThemInSomeRefreshes() throws {
        #expect(try parse("hub75").ditherBits == 0)
        let one = try parse("hub75:pwm-dither-bits=1")
        #expect((0..<4).map { one.planeNanoseconds($0) } == [130, 130, 260, 520])
        #expect((0..<6).map { one.firstPlane(ofRefresh: $0) } == [0, 1, 0, 1, 0, 1])
        #expect(one.refreshesPerDitherCycle == 2)
        let two = try parse("hub75:pwm-dither-bits=2,pwm-bits=3")
        #expect((0..<3).map { two.planeNanoseconds($0) } == [130, 130, 130])
        #expect((0..<8).map { two.firstPlane(ofRefresh: $0) } == [0, 1, 2, 2, 0, 1, 2, 2])
        let none = try parse("hub75")
        #expect((0..<3).map { none.planeNanoseconds($0) } == [130, 260, 520])
        #expect((0..<4).map { none.firstPlane(ofRefresh: $0) } == [0, 0, 0, 0])
        // Over one cycle every plane is lit for exactly its weight, lsb × 2^plane, as in one undithered refresh.
        for c in [one, two] {
            for plane in 0..<c.pwmBits {
                let shown = (0..<c.refreshesPerDitherCycle).filter { c.firstPlane(ofRefresh: $0) <= plane }.count
                #expect(shown * c.planeNanoseconds(plane) == 130 << plane, "plane \(plane)")
            }
        }
    }

    @Test func badDitherAndRefreshLimitsAreOneLineErrorsNamingTheRange() {
        #expect(throws: PanelConfigurationError.badValue(type: "hub75", key: "pwm-dither-bits", value: "3", allowed: "0...2")) {
            try parse("hub75:pwm-dither-bits=3")
        }
        #expect(throws: PanelConfigurationError.badValue(type: "hub75", key: "limit-refresh", value: "1001", allowed: "0...1000")) {
            try parse("hub75:limit-refresh=1001")
        }
        #expect(throws: PanelConfigurationError.badValue(type: "hub75", key: "limit-refresh", value: "-1", allowed: "0...1000")) {
            try parse("hub75:limit-refresh=-1")
        }
        #expect(throws: PanelConfigurationError.inconsistent(
            type: "hub75",
            reason: "pwm-dither-bits=2 needs at least 3 pwm-bits, but pwm-bits=2; lower pwm-dither-bits or raise pwm-bits")
        ) { try parse("hub75:pwm-dither-bits=2,pwm-bits=2") }
        #expect(throws: PanelConfigurationError.badValue(type: "hub75", key: "pwm-dither-bits", value: "-1", allowed: "0...2")) {
            _ = try HUB75Configuration(geometry: HUB75Geometry(rows: 32, columns: 32), ditherBits: -1)
        }
    }

    @Test func refreshLimitGivesThePeriodBetweenRefreshStarts() throws {
        #expect(try parse("hub75").refreshPeriodNanoseconds == 0)
        #expect(try parse("hub75:limit-refresh=120").refreshPeriodNanoseconds == 8_333_333)
        #expect(try parse("hub75:limit-refresh=1000").refreshPeriodNanoseconds == 1_000_000)
        #expect(try parse("hub75:limit-refresh=1").refreshPeriodNanoseconds == 1_000_000_000)
    }

    @Test func listShowsBothKeysWithDefaultAndRange() throws {
        let keys = try PanelDescription(parsing: "hub75").keys
        #expect(keys.contains(PanelOptionKey(key: "pwm-dither-bits", defaultValue: "0", allowed: "0...2")))
        #expect(keys.contains(PanelOptionKey(key: "limit-refresh", defaultValue: "0", allowed: "0...1000")))
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
