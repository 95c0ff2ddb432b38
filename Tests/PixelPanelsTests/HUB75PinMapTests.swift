import Foundation
import Testing
@testable import PixelPanels

@Suite struct HUB75PinMapTests {
    /// The text of hardware/hub75-pinmaps.tsv, found from this file's path.
    static func tableText(filePath: String = #filePath) throws -> String {
        let root = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("hardware/hub75-pinmaps.tsv"), encoding: .utf8)
    }

    @Test func builtInMapsMatchTheHardwareTable() throws {
        let fromFile = try HUB75PinMap.parseTable(Self.tableText())
        #expect(fromFile == HUB75PinMap.all)
    }

    @Test func headerPinColumnAgreesWithThePiHeader() throws {
        // BCM GPIO → physical pin on the 40-pin header (Raspberry Pi pinout, all models with 40 pins).
        let headerPin: [Int: Int] = [
            2: 3, 3: 5, 4: 7, 14: 8, 15: 10, 17: 11, 18: 12, 27: 13, 22: 15, 23: 16, 24: 18, 10: 19,
            9: 21, 25: 22, 11: 23, 8: 24, 7: 26, 0: 27, 1: 28, 5: 29, 6: 31, 12: 32, 13: 33, 19: 35,
            16: 36, 26: 37, 20: 38, 21: 40,
        ]
        var checked = 0
        for line in try Self.tableText().split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("wiring\t") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            let gpio = try #require(Int(fields[3])), pin = try #require(Int(fields[4]))
            #expect(headerPin[gpio] == pin, "line '\(line)'")
            checked += 1
        }
        #expect(checked == 26 + 14 + 14)
    }

    @Test func builtInWiringsUseEachHeaderLineOnce() {
        for map in HUB75PinMap.all {
            #expect(Set(map.allLines).count == map.allLines.count, "\(map.name)")
            #expect(map.allLines.allSatisfy { (0...27).contains($0) }, "\(map.name)")
            #expect(map.address.count == 5, "\(map.name) has E")
        }
        #expect(HUB75PinMap.regular.chains.count == 3)
        #expect(HUB75PinMap.named("adafruit-hat")?.outputEnable == 4)
        #expect(HUB75PinMap.named("adafruit-hat-pwm")?.outputEnable == 18)
        #expect(HUB75PinMap.named("nonesuch") == nil)
    }

    static let header = "wiring\tchain\tsignal\tgpio\theader_pin\tnote\n"
    static let control = """
        w\t-\tOE\t18\t12\t
        w\t-\tCLK\t17\t11\t
        w\t-\tLAT\t4\t7\t
        w\t-\tA\t22\t15\t
        w\t-\tB\t23\t16\t
        w\t-\tC\t24\t18\t
        w\t-\tD\t25\t22\t

        """
    static let chain1 = """
        w\t1\tR1\t11\t23\t
        w\t1\tG1\t27\t13\t
        w\t1\tB1\t7\t26\t
        w\t1\tR2\t8\t24\t
        w\t1\tG2\t9\t21\t
        w\t1\tB2\t10\t19\t

        """

    @Test func tableWithoutELineGivesFourAddressLines() throws {
        let maps = try HUB75PinMap.parseTable("# comment\n\n" + Self.header + Self.control + Self.chain1)
        #expect(maps.count == 1)
        #expect(maps[0].address == [22, 23, 24, 25])
        #expect(maps[0].chains == [.init(r1: 11, g1: 27, b1: 7, r2: 8, g2: 9, b2: 10)])
    }

    @Test func tableMissingASignalIsRejectedByName() {
        let text = Self.header + Self.control.replacingOccurrences(of: "w\t-\tLAT\t4\t7\t\n", with: "") + Self.chain1
        #expect(throws: HUB75PinMapError.missingSignal(wiring: "w", signal: "LAT")) { try HUB75PinMap.parseTable(text) }
    }

    @Test func tableDrivingTwoSignalsFromOneLineIsRejected() {
        let text = Self.header + Self.control + Self.chain1.replacingOccurrences(of: "B2\t10", with: "B2\t17")
        #expect(throws: HUB75PinMapError.lineUsedTwice(wiring: "w", gpio: 17)) { try HUB75PinMap.parseTable(text) }
    }

    @Test func tableWithoutHeaderIsRejected() {
        #expect(throws: HUB75PinMapError.missingHeader) { try HUB75PinMap.parseTable(Self.control + Self.chain1) }
    }

    @Test func malformedLineNamesItsLineNumber() {
        let text = Self.header + "w\t-\tOE\teighteen\t12\t\n"
        #expect(throws: HUB75PinMapError.malformedLine(line: 2, reason: "gpio 'eighteen' must be a BCM number 0...27")) {
            try HUB75PinMap.parseTable(text)
        }
        let message = HUB75PinMapError.malformedLine(line: 2, reason: "x").description
        #expect(message.contains("line 2") && message.contains("wiring<TAB>chain"))
    }

    @Test func chainsWithAGapAreRejected() {
        let text = Self.header + Self.control + Self.chain1.replacingOccurrences(of: "w\t1\t", with: "w\t2\t")
        #expect(throws: HUB75PinMapError.chainsNotConsecutive(wiring: "w", chains: [2])) { try HUB75PinMap.parseTable(text) }
    }
}
