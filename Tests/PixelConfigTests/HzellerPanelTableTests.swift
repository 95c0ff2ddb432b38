import Testing
import PixelPanels
@testable import PixelConfig

/// `config from-flags`'s `[[panel]]` table reads back through the loader as the same panel,
/// and the flags laid over a file's panel win over its keys.
struct HzellerPanelTableTests {
    @Test(arguments: [
        "--led-rows=64 --led-cols=64 --led-panel-type=FM6126A",
        "--led-rows 32 --led-cols 64 --led-chain=2 --led-gpio-mapping=adafruit-hat --led-pixel-mapper='Rotate:90;Mirror:H' --led-inverse",
        "--led-cols=32 --led-rows=16 --led-multiplexing=9 --led-row-addr-type=2 --led-pwm-bits=8 --led-pwm-lsb-nanoseconds=200",
        "--led-rows=64 --led-cols=64 --led-row-addr-type=5 --led-rgb-sequence=GBR --led-brightness=30 --led-no-hardware-pulse",
        "--led-rows=32 --led-cols=64 --led-pwm-dither-bits=2 --led-limit-refresh=120",
    ])
    func theTableReadsBackAsTheSamePanel(line: String) throws {
        let words = try #require(ShellWords.split(line))
        let translation = try HzellerFlag.translate(words)
        let table = try translation.configurationTable()
        let setup = try ConfigurationLoader.parse(table, file: "from-flags.toml")
        let read = try #require(setup.panels.first).description
        let direct = try translation.panel()
        guard case let .hub75(a) = read.kind, case let .hub75(b) = direct.kind else {
            Issue.record("not HUB75: \(table)")
            return
        }
        #expect(a == b && read.mounting == direct.mounting, "\(table)")
        #expect(read.text == direct.text)
    }

    @Test func valuesAreWrittenAsTOMLTypes() {
        #expect(HzellerTranslation.tomlValue("64") == "64")
        #expect(HzellerTranslation.tomlValue("true") == "true")
        #expect(HzellerTranslation.tomlValue("adafruit-hat") == "\"adafruit-hat\"")
        #expect(HzellerTranslation.tomlValue("007") == "\"007\"")
        #expect(HzellerTranslation.tomlValue("a\"b\\c\u{1}\u{7F}") == "\"a\\\"b\\\\c\\u0001\\u007F\"")
    }

    @Test func notesComeFirstAsComments() throws {
        let table = try HzellerFlag.translate(["--led-no-hardware-pulse", "--led-rows=16"]).configurationTable()
        #expect(table.hasPrefix("# --led-no-hardware-pulse: ") && table.contains("\n[[panel]]\ntype = \"hub75\"\nrows = 16"))
    }

    @Test func aBadValueIsRefusedAsThePanelParserWouldRefuseIt() {
        #expect(throws: HzellerFlagError.panel(.badValue(type: "hub75", key: "rows", value: "48", allowed: "8|16|32|64"))) {
            _ = try HzellerFlag.translate(["--led-rows=48"]).configurationTable()
        }
    }

    @Test func ditherAndRefreshLimitAreTranslatedAndCheckedByTheParser() throws {
        let translation = try HzellerFlag.translate(["--led-pwm-dither-bits=1", "--led-limit-refresh", "240"])
        guard case let .hub75(c) = try translation.panel().kind else {
            Issue.record("not HUB75")
            return
        }
        #expect(c.ditherBits == 1 && c.limitRefreshHertz == 240)
        #expect(throws: HzellerFlagError.panel(.badValue(type: "hub75", key: "pwm-dither-bits", value: "3", allowed: "0...2"))) {
            _ = try HzellerFlag.translate(["--led-pwm-dither-bits=3"]).configurationTable()
        }
        #expect(throws: HzellerFlagError.panel(.badValue(type: "hub75", key: "limit-refresh", value: "5000", allowed: "0...1000"))) {
            _ = try HzellerFlag.translate(["--led-limit-refresh=5000"]).configurationTable()
        }
    }

    @Test func shellWordsHonourQuotes() {
        #expect(ShellWords.split("a 'b c' \"d \\\" e\" f\\ g") == ["a", "b c", "d \" e", "f g"])
        #expect(ShellWords.split("  ") == [])
        #expect(ShellWords.split("''") == [""])
        #expect(ShellWords.split("'open") == nil)
    }

    @Test func flagsWinOverTheFilesFirstHUB75PanelAndKeepItsOtherKeys() throws {
        let text = """
            [[panel]]
            type = "ht16k33"
            role = "status"

            [[panel]]
            type = "hub75"
            rows = 32
            cols = 64
            brightness = 80
            """
        let setup = try ConfigurationLoader.parse(text, file: "two.toml")
        let over = try setup.overridingHUB75(with: HzellerFlag.translate(["--led-rows=16", "--led-panel-type=FM6127"]), addsPanel: false)
        let hub75 = try #require(over.panels.first { $0.description.bus == .gpio })
        guard case let .hub75(c) = hub75.description.kind else { return }
        #expect(c.geometry.rows == 16 && c.geometry.columns == 64 && c.brightnessPercent == 80 && c.driverChip == .fm6127)
        #expect(over.panels.count == 2 && hub75.role == .main)
    }

    @Test func withoutAHUB75PanelTheFlagsAddOneOrAreRefused() throws {
        let plain = Setup(panel: nil, size: try PanelSize(width: 64, height: 32), fps: 30, seed: 1, statePath: nil)
        let added = try plain.overridingHUB75(with: HzellerFlag.translate(["--led-rows=64"]), addsPanel: true)
        #expect(added.mainPanel?.description.type == "hub75")
        #expect(throws: HzellerFlagError.noHUB75Panel(place: "the command line")) {
            _ = try plain.overridingHUB75(with: HzellerFlag.translate(["--led-rows=64"]), addsPanel: false)
        }
    }
}
