import Foundation
import PixelCore
import PixelPanels
import PixelSimulator
import PixelTestSupport
import Testing
import PixelRuntime
@testable import PixelTools

/// Bus traffic recorded from third-party drivers (`scripts/peers/record-third-party-traces.py`,
/// committed under Tests/Fixtures/), decoded with the PixelWheel options that match them.
enum ThirdPartyFixtures {
    static func folder(_ name: String) -> String { RepositoryPaths.root() + "/Tests/Fixtures/" + name }

    static func text(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    /// The picture a fixture's driver drew, as rows of characters ('.' is off).
    static func picture(_ path: String) throws -> [String] {
        try text(path).split(separator: "\n").map(String.init)
    }

    /// Plays the fixture into a fresh model of `panel` and returns the target.
    static func decode(_ path: String, panel: String) throws -> SimulatedTarget {
        let target = try SimulatedTarget(try PanelDescription(parsing: panel))
        try BusTraceReader.play(try BusTraceReader.parse(try text(path), name: path), into: target, name: path)
        return target
    }

    /// The colours a fixture's driver sent, one `RRGGBB` line per LED, as 8-bit levels × 257.
    static func colours(_ path: String) throws -> [LinearColor] {
        try picture(path).map { hex in
            let value = try #require(UInt32(hex, radix: 16))
            return LinearColor(red: UInt16(value >> 16 & 0xFF) * 257, green: UInt16(value >> 8 & 0xFF) * 257,
                               blue: UInt16(value & 0xFF) * 257)
        }
    }

    /// `pixelwheel decode --panel panel --trace path`, writing its picture into a temporary folder.
    static func runDecode(_ path: String, panel: String) throws -> ChildProcess {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pixelwheel").path
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build pixelwheel first")
        let folder = try TemporaryDirectory()
        return try ChildProcess.run(binary, ["decode", "--panel", panel, "--trace", path, "--out", folder.file("decoded.png")])
    }

    /// The decoded picture as rows of '#' (lit) and '.' (dark).
    static func rows(_ frame: Frame) -> [String] {
        (0..<frame.height).map { y in
            String((0..<frame.width).map { x in frame[x, y] == LinearColor(red: 0, green: 0, blue: 0) ? "." : "#" })
        }
    }
}

@Suite struct LumaMAX7219TraceTests {
    /// luma.led_matrix's `block_orientation` and `blocks_arranged_in_reverse_order`, and the
    /// `max7219:` options that show its picture (the table in hardware/README.md, MAX7219 section).
    static let matches: [(file: String, options: String)] = [
        ("max7219-orientation0", "module=luma,reverse"),
        ("max7219-orientation0-reverse", "module=luma"),
        ("max7219-orientation90", "module=fc16,reverse"),
        ("max7219-orientation90-reverse", "module=fc16"),
        ("max7219-orientationminus90", "module=icstation,reverse"),
        ("max7219-orientationminus90-reverse", "module=icstation"),
        ("max7219-orientation180", "module=generic,reverse"),
        ("max7219-orientation180-reverse", "module=generic"),
    ]

    /// Every module row, either way round, upright.
    static let allOptions: [String] = MAX7219Module.all.flatMap { module in
        ["", ",reverse"].map { reverse in "module=\(module.name)\(reverse)" }
    }

    @Test(arguments: matches.map(\.file))
    func lumasBytesShowItsPictureUnderExactlyTheDocumentedOptions(_ file: String) throws {
        let folder = ThirdPartyFixtures.folder("luma")
        let expected = try ThirdPartyFixtures.picture(folder + "/picture.txt")
        var matching: [String] = []
        for options in Self.allOptions {
            let target = try ThirdPartyFixtures.decode(folder + "/\(file).jsonl", panel: "max7219:chips=4,\(options)")
            if ThirdPartyFixtures.rows(target.model.picture) == expected { matching.append(options) }
        }
        let documented = Self.matches.first { $0.file == file }!.options
        #expect(matching == [documented], "\(file) matches \(matching)")
    }

    @Test func theDefaultModuleIsNotLumasDefault() throws {
        let folder = ThirdPartyFixtures.folder("luma")
        let target = try ThirdPartyFixtures.decode(folder + "/max7219-orientation0.jsonl", panel: "max7219:chips=4")
        let lumas = try ThirdPartyFixtures.picture(folder + "/picture.txt")
        #expect(ThirdPartyFixtures.rows(target.model.picture) != lumas)
    }

    @Test func lumasTrafficFitsTheModel() throws {
        let folder = ThirdPartyFixtures.folder("luma")
        let target = try ThirdPartyFixtures.decode(folder + "/max7219-orientation0.jsonl", panel: "max7219:chips=4,module=luma,reverse")
        #expect((target.model as! MAX7219Model).anomalies.isEmpty)
    }
}

@Suite struct AdafruitHT16K33TraceTests {
    /// Adafruit CircuitPython's matrix class and the `layout=` that shows its picture.
    static let matches: [(file: String, layout: String)] = [
        ("Matrix8x8", "8x8"), ("MatrixBackpack16x8", "16x8"), ("Matrix16x8", "featherwing-16x8"),
    ]

    @Test(arguments: matches.map(\.file))
    func adafruitsBytesShowItsPictureUnderTheMatchingLayoutOnly(_ file: String) throws {
        let folder = ThirdPartyFixtures.folder("adafruit-ht16k33")
        let expected = try ThirdPartyFixtures.picture(folder + "/\(file).txt")
        let layout = Self.matches.first { $0.file == file }!.layout
        for board in HT16K33Board.all where board.width == expected[0].count {
            let target = try ThirdPartyFixtures.decode(folder + "/\(file).jsonl", panel: "ht16k33:layout=\(board.name)")
            #expect((ThirdPartyFixtures.rows(target.model.picture) == expected) == (board.name == layout), "\(file) as \(board.name)")
            #expect(target.model.misfit == nil)
        }
    }

    /// A bicolour picture as rows of 'R', 'G', 'Y' (both dies) and '.'.
    static func colourRows(_ frame: Frame) -> [String] {
        (0..<frame.height).map { y in
            String((0..<frame.width).map { x in
                let c = frame[x, y]
                #expect(c.blue == 0)
                switch (c.red > 0, c.green > 0) {
                case (true, true): return "Y"
                case (true, false): return "R"
                case (false, true): return "G"
                case (false, false): return "."
                }
            })
        }
    }

    @Test func adafruitsBicolourBytesShowRedGreenAndYellowUnderLayoutBicolor8x8() throws {
        let folder = ThirdPartyFixtures.folder("adafruit-ht16k33")
        let target = try ThirdPartyFixtures.decode(folder + "/Matrix8x8x2.jsonl", panel: "ht16k33:layout=bicolor-8x8")
        let expected = try ThirdPartyFixtures.picture(folder + "/Matrix8x8x2.txt")
        #expect(Self.colourRows(target.model.picture) == expected)
        #expect(target.model.misfit == nil)
        let single = try ThirdPartyFixtures.decode(folder + "/Matrix8x8x2.jsonl", panel: "ht16k33:layout=8x8")
        #expect(single.model.misfit?.contains("layout=bicolor-8x8?") == true)
    }

    @Test func pixelWheelsDriverLightsEachDieFromItsOwnChannel() throws {
        for rotate in ["0", "180"] {
            let panel = try SimulatedPanel("ht16k33:layout=bicolor-8x8,rotate=\(rotate)")
            var frame = Frame(width: 8, height: 8)
            frame[0, 0] = LinearColor(red: 65535, green: 0, blue: 0)
            frame[1, 0] = LinearColor(red: 0, green: 65535, blue: 0)
            frame[2, 0] = LinearColor(red: 65535, green: 65535, blue: 0)
            frame[3, 0] = .white
            frame[4, 0] = LinearColor(red: 0, green: 0, blue: 65535)
            frame[7, 7] = LinearColor(red: 16384, green: 16383, blue: 0)
            let shown = try panel.show(frame)
            let expected = ["RGYY...."] + Array(repeating: "........", count: 6) + [".......R"]
            let rows = Self.colourRows(shown)
            // Turned half a turn on the board, the frame reads back turned.
            #expect((rotate == "0" ? rows : rows.reversed().map { String($0.reversed()) }) == expected)
            #expect(panel.misfit == nil)
        }
    }

    @Test func theFeatherWingsLED1x0IsTheBackpacksLED0x1() {
        let wing = HT16K33Board.adafruitFeatherWing16x8, backpack = HT16K33Board.adafruit16x8
        #expect(wing.ramLocation(x: 1, y: 0) == backpack.ramLocation(x: 0, y: 1))
        #expect(wing.ramLocation(x: 8, y: 0) == backpack.ramLocation(x: 8, y: 0))
        #expect(wing.wiredRAMBits == backpack.wiredRAMBits)
    }

    @Test func pixelWheelsDriverAndTheModelAgreeOnTheFeatherWing() throws {
        let panel = try SimulatedPanel("ht16k33:layout=featherwing-16x8")
        var frame = Frame(width: 16, height: 8)
        for (x, y) in [(0, 0), (1, 0), (15, 7), (9, 2), (3, 6)] { frame[x, y] = .white }
        let shown = try panel.show(frame)
        #expect(ThirdPartyFixtures.rows(shown) == ThirdPartyFixtures.rows(frame))
        #expect(panel.misfit == nil)
    }
}

@Suite struct AdafruitIS31FL3731TraceTests {
    /// Adafruit's CharlieWing class switches on all 144 LEDs of the chip at start, 39 of them
    /// not on the wing, and lights only the wing's.
    @Test func adafruitsCharlieWingBytesShowItsPictureAndFitTheWing() throws {
        let folder = ThirdPartyFixtures.folder("adafruit-is31fl3731")
        let target = try ThirdPartyFixtures.decode(folder + "/CharlieWing.jsonl", panel: "is31fl3731:board=charliewing15x7")
        let expected = try ThirdPartyFixtures.picture(folder + "/CharlieWing.txt")
        let picture = target.model.picture
        #expect(ThirdPartyFixtures.rows(picture) == expected)
        #expect(picture.pixels.allSatisfy { $0 == .black || $0 == LinearColor(red: 64 * 257, green: 64 * 257, blue: 64 * 257) })
        let model = try #require(target.model as? IS31FL3731Model)
        #expect(model.frames[0].prefix(18).allSatisfy { $0 == 0xFF }, "the fixture does switch on all 144")
        #expect(target.model.misfit == nil)
    }

    @Test func decodeTakesAdafruitsCharlieWingTraffic() throws {
        let run = try ThirdPartyFixtures.runDecode(ThirdPartyFixtures.folder("adafruit-is31fl3731") + "/CharlieWing.jsonl",
                                                   panel: "is31fl3731:board=charliewing15x7")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.isEmpty)
    }
}

@Suite struct AdafruitNeoPixelSPITraceTests {
    @Test func neoPixelSPIsSixPointFourMegahertzStreamShowsItsColoursUnderTheDefaultChip() throws {
        let folder = ThirdPartyFixtures.folder("adafruit-neopixel-spi")
        let target = try ThirdPartyFixtures.decode(folder + "/strip8.jsonl", panel: "ws2812:length=8")
        #expect(target.model.misfit == nil)
        let expected = try ThirdPartyFixtures.colours(folder + "/strip8.txt")
        #expect(target.model.picture.pixels == expected)
    }

    @Test func theOriginalWS2812BWindowsRejectItAndSaySo() throws {
        let folder = ThirdPartyFixtures.folder("adafruit-neopixel-spi")
        let target = try ThirdPartyFixtures.decode(folder + "/strip8.jsonl", panel: "ws2812:length=8,chip=ws2812b")
        #expect(target.model.misfit?.contains("high pulse of 625 ns, outside chip=ws2812b's windows") == true)
        #expect(target.model.picture == Frame(width: 8, height: 1))
    }

    /// Its windows suit the V5, but its reset (64 zero bytes at 6.4 MHz, 80 µs) is below the
    /// V5's 280 µs, so the frame is never latched.
    @Test func theWS2812BV5RefusesItsShortReset() throws {
        let folder = ThirdPartyFixtures.folder("adafruit-neopixel-spi")
        let target = try ThirdPartyFixtures.decode(folder + "/strip8.jsonl", panel: "ws2812:length=8,chip=ws2812b-v5")
        #expect(target.model.misfit?.contains("less than the reset time") == true)
        #expect(target.model.picture == Frame(width: 8, height: 1))
    }
}

@Suite struct AdafruitDotStarTraceTests {
    /// Adafruit's DotStar (APA102) class at full brightness: eight colours, and all white,
    /// whose every LED word is 0xFFFFFFFF.
    @Test(arguments: ["strip8", "white8"])
    func dotStarsBytesShowItsColoursOnAnAPA102Strip(_ file: String) throws {
        let folder = ThirdPartyFixtures.folder("adafruit-dotstar")
        let target = try ThirdPartyFixtures.decode(folder + "/\(file).jsonl", panel: "apa102:length=8")
        #expect(target.model.misfit == nil)
        let expected = try ThirdPartyFixtures.colours(folder + "/\(file).txt")
        #expect(target.model.picture.pixels == expected)
    }

    @Test func decodeTakesDotStarsAllWhite() throws {
        let run = try ThirdPartyFixtures.runDecode(ThirdPartyFixtures.folder("adafruit-dotstar") + "/white8.jsonl", panel: "apa102:length=8")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.isEmpty)
    }
}
