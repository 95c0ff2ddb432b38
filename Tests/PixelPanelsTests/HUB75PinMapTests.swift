import Foundation
import Testing
import PixelPanels
import PixelTestSupport

@Suite struct HUB75PinMapTests {
    /// The text of hardware/hub75-pinmaps.tsv, found from this file's path.
    static func tableText() throws -> String {
        try String(contentsOfFile: RepositoryPaths.root() + "/hardware/hub75-pinmaps.tsv", encoding: .utf8)
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

    /// Runs `scripts/build/generate-tables.py` with `arguments`.
    static func generator(_ arguments: [String]) throws -> ChildProcess {
        try ChildProcess.run("/usr/bin/python3", [RepositoryPaths.root() + "/scripts/build/generate-tables.py"] + arguments)
    }

    @Test func generatedTableIsUpToDateWithTheHardwareTable() throws {
        let check = try Self.generator(["--check"])
        #expect(check.status == 0, "\(check.errors)")
    }

    static let header = "wiring\tchain\tsignal\tgpio\theader_pin\tnote\n"
    static let docs = "# wiring: w = wired: A wiring for the tests.\n"
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

    /// What the generator makes of a pin table with `text`: its Swift, or its complaint.
    static func generate(_ text: String) throws -> ChildProcess {
        let folder = try TemporaryDirectory()
        try folder.put(Array(text.utf8), as: "pins.tsv")
        return try generator(["--hub75", folder.file("pins.tsv")])
    }

    @Test func tableWithoutELineGivesFourAddressLines() throws {
        let result = try Self.generate("# comment\n\n" + Self.docs + Self.header + Self.control + Self.chain1)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("""
                /// A wiring for the tests.
                public static let wired = HUB75PinMap(
                    name: "w",
                    outputEnable: 18, clock: 17, latch: 4,
                    address: [22, 23, 24, 25],
                    chains: [
                        ChainPins(r1: 11, g1: 27, b1: 7, r2: 8, g2: 9, b2: 10),
                    ]
                )
            """))
        #expect(result.output.contains("public static let all: [HUB75PinMap] = [wired]"))
    }

    /// Expects the generator to refuse `text` with `message` on its standard error.
    static func expectRefusal(_ text: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try generate(text)
        #expect(result.status != 0, sourceLocation: sourceLocation)
        #expect(result.output.isEmpty, sourceLocation: sourceLocation)
        #expect(result.errors.contains("pins.tsv:" + message), "\(result.errors)", sourceLocation: sourceLocation)
    }

    @Test func tableMissingASignalIsRefusedByName() throws {
        let control = Self.control.replacingOccurrences(of: "w\t-\tLAT\t4\t7\t\n", with: "")
        try Self.expectRefusal(Self.docs + Self.header + control + Self.chain1, "1: wiring 'w' has no LAT line")
    }

    @Test func tableDrivingTwoSignalsFromOneLineIsRefused() throws {
        let chain = Self.chain1.replacingOccurrences(of: "B2\t10", with: "B2\t17")
        try Self.expectRefusal(Self.docs + Self.header + Self.control + chain, "1: wiring 'w' uses GPIO 17 for two signals")
    }

    @Test func tableWithoutHeaderIsRefused() throws {
        try Self.expectRefusal(Self.docs + Self.control + Self.chain1, "2: the header line must be wiring<TAB>chain")
    }

    @Test func malformedLineNamesItsLineNumber() throws {
        try Self.expectRefusal(Self.docs + Self.header + "w\t-\tOE\teighteen\t12\t\n", "3: gpio 'eighteen' must be a BCM number 0...27")
        try Self.expectRefusal(Self.docs + Self.header + Self.control + "w\t-\tOE\t18\t12\t\n", "10: wiring 'w' already has OE")
    }

    @Test func chainsWithAGapAreRefused() throws {
        let chain = Self.chain1.replacingOccurrences(of: "w\t1\t", with: "w\t2\t")
        try Self.expectRefusal(Self.docs + Self.header + Self.control + chain, "1: wiring 'w' has chains [2]; number them 1, 2, 3 without gaps")
    }

    @Test func wiringWithoutItsSwiftNameIsRefused() throws {
        try Self.expectRefusal(Self.header + Self.control + Self.chain1, "1: wiring 'w' has no `# wiring: w = SWIFT_NAME: description` line")
    }
}
