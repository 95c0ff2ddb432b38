import Foundation
import Testing
import PixelTestSupport
import PixelInputs
import PixelPanels
@testable import PixelConfig

struct ConfigurationTests {
    static func configFolder(filePath: String = #filePath) -> String { RepositoryPaths.configFolder(filePath: filePath) }

    static var examples: [String] { RepositoryPaths.exampleConfigurations() }

    @Test func thereIsAnExampleForEverySetUpTheIssueNames() {
        #expect(Self.examples == ["apa102-strip.toml", "ht16k33-8x8.toml", "hub75-128x64-bonnet.toml", "hub75-64x32.toml",
                                  "hub75-with-status.toml", "is31fl3731-16x9.toml", "max7219-4x8x8.toml", "simulator.toml",
                                  "ws2812-16x16.toml"])
    }

    @Test(arguments: examples) func everyExampleIsValidAndHasAnEncoderOnFreePins(name: String) throws {
        let configuration = try ConfigurationLoader.load(Self.configFolder() + "/" + name)
        let encoder = try #require(configuration.encoder)
        let used = configuration.panels.flatMap { $0.description.headerPins.map(\.gpio) }
        #expect(Set([encoder.a, encoder.b, encoder.button]).isDisjoint(with: used))
    }

    @Test func threeMistakesAreListedTogetherWithLinesAndKeyPaths() {
        let text = """
            [app]
            fps = "fast"

            [[panel]]
            type = "hub75"
            colz = 64

            [encoder]
            a = 5
            b = 6
            switch = 13
            volume = 3
            """
        #expect {
            _ = try ConfigurationLoader.parse(text, file: "bad.toml")
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            return error.problems.map { "\($0.line) \($0.keyPath)" } == ["2 app.fps", "6 panel[1].colz", "12 encoder.volume"]
                && error.description.contains("bad.toml:6: panel[1].colz: panel 'hub75' has no option 'colz'")
        }
    }

    @Test func typeErrorsAndBadPanelsDoNotHideTheRangeNameAndPinChecks() throws {
        let text = """
            [app]
            fps = 500
            size = 64

            [settings]
            brightness = "high"
            theme = "blue"

            [[panel]]
            type = "max7219"
            chips = 99

            [encoder]
            a = 5
            b = 6
            switch = 13

            [buttons]
            menu = "six"
            next = 6

            [piezo]
            gpio = 99
            """
        let problems: [ConfigurationProblem]
        do {
            _ = try ConfigurationLoader.parse(text, file: "many.toml")
            Issue.record("a file with eight mistakes was accepted")
            return
        } catch {
            problems = error.problems
        }
        #expect(problems.map { "\($0.line) \($0.keyPath)" } == ["2 app.fps", "3 app.size", "6 settings.brightness", "7 settings.theme",
                                                               "11 panel[1].chips", "19 buttons.menu", "20 buttons.next", "23 piezo.gpio"])
        let messages = problems.map(\.message)
        try #require(messages.count == 8)
        #expect(messages[0] == "must be 1...240 (got 500)" && messages[1] == "must be a string in quotes")
        #expect(messages[2] == "must be a whole number" && messages[3].contains("must be light or dark"))
        #expect(messages[4].contains("chips"))
        #expect(messages[6].contains("GPIO 6 is used twice: by encoder B and by next button") && messages[7] == "must be 0...27 (got 99)")
    }

    @Test func everyBadOptionOfOnePanelIsListedNotOnlyTheFirst() throws {
        let text = """
            [[panel]]
            type = "max7219"
            chips = 0
            brightness = 99
            rotate = 45
            colour = "red"
            """
        let problems: [ConfigurationProblem]
        do {
            _ = try ConfigurationLoader.parse(text, file: "panel.toml")
            Issue.record("a panel with four mistakes was accepted")
            return
        } catch {
            problems = error.problems
        }
        #expect(problems.map { "\($0.line) \($0.keyPath)" } == ["3 panel[1].chips", "4 panel[1].brightness", "5 panel[1].rotate", "6 panel[1].colour"])
        #expect(problems.last?.message.contains("has no option 'colour'") == true)
    }

    @Test func aCheckAcrossKeysIsListedAloneAndNeverAsAnEchoOfABadValue() throws {
        func problems(_ options: String) -> [String] {
            do {
                _ = try ConfigurationLoader.parse("[[panel]]\ntype = \"ws2812\"\n" + options, file: "strip.toml")
                return []
            } catch {
                return error.problems.map { "\($0.line) \($0.keyPath): \($0.message)" }
            }
        }
        let both = problems("length = 10\nwidth = 8\n")
        #expect(both.count == 1 && both[0].hasPrefix("1 panel[1]: ") && both[0].contains("not both"), "\(both)")
        // A bad width falls back to no width; "the size is missing" would only echo it.
        let bad = problems("width = 0\nheight = 99999\n")
        #expect(bad.count == 2 && bad[0].hasPrefix("3 panel[1].width") && bad[1].hasPrefix("4 panel[1].height"), "\(bad)")
    }

    @Test func pinsUsedTwiceOrUnderABusAreRefused() {
        let text = """
            [[panel]]
            type = "hub75"
            wiring = "adafruit-hat"

            [[panel]]
            role = "status"
            type = "ht16k33"

            [encoder]
            a = 17
            b = 25
            switch = 3

            [buttons]
            menu = 25
            """
        #expect {
            _ = try ConfigurationLoader.parse(text, file: "pins.toml")
        } throws: { error in
            let problems = (error as? ConfigurationError)?.problems.map(\.message) ?? []
            return problems.count == 3
                && problems[0].contains("GPIO 17 is used twice: by panel 1 (HUB75")   // the HAT's clock
                && problems[1].contains("GPIO 3 is used twice: by panel 2 (I2C1 SCL)")
                && problems[2].contains("GPIO 25 is used twice: by encoder B and by menu button")
        }
    }

    @Test func panelTablesUseTheSameParserAsTheCommandLine() throws {
        let configuration = try ConfigurationLoader.parse("""
            [[panel]]
            type = "ws2812"
            width = 16
            height = 16
            serpentine = true
            """)
        let fromFile = try #require(configuration.mainPanel).description
        let fromFlag = try PanelDescription(parsing: "ws2812:width=16,height=16,serpentine")
        #expect(fromFile.keys == fromFlag.keys && fromFile.type == fromFlag.type && fromFile.device == fromFlag.device)
        #expect {
            _ = try ConfigurationLoader.parse("[[panel]]\ntype = \"ws2812\"\nlength = 8\nwidth = 8\n")
        } throws: { error in
            String(describing: error).contains("give either length=N for a strip or width=…,height=… for a grid")
        }
    }

    @Test func settingsDefaultsAndRangesAreChecked() throws {
        let configuration = try ConfigurationLoader.parse("[settings]\nbrightness = 30\ntheme = \"light\"\n")
        #expect(configuration.settings.brightness == 30 && configuration.settings.theme == .light)
        #expect(throws: ConfigurationError.self) { _ = try ConfigurationLoader.parse("[settings]\nbrightness = 300\n") }
        #expect(throws: ConfigurationError.self) { _ = try ConfigurationLoader.parse("[app]\nstart = \"nyan\"\n") }
        #expect(throws: ConfigurationError.self) { _ = try ConfigurationLoader.parse("this is not toml") }
        #expect(throws: ConfigurationError.self) { _ = try ConfigurationLoader.parse("[[panel]]\nrows = 32\n") }  // no type
    }
}
