import Foundation
import PixelCore
import PixelPanels
import PixelSimulator
import PixelTestSupport
import Testing
@testable import PixelRuntime

/// Bus traffic recorded from third-party drivers (`scripts/record-third-party-traces.py`,
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

    /// The decoded picture as rows of '#' (lit) and '.' (dark).
    static func rows(_ frame: Frame) -> [String] {
        (0..<frame.height).map { y in
            String((0..<frame.width).map { x in frame[x, y] == LinearColor(red: 0, green: 0, blue: 0) ? "." : "#" })
        }
    }
}

@Suite struct LumaMAX7219TraceTests {
    /// luma.led_matrix's `block_orientation` and `blocks_arranged_in_reverse_order`, and the
    /// `max7219:` options that show its picture (the README's table).
    static let matches: [(file: String, options: String)] = [
        ("max7219-orientation0", "rotate=270,reverse"),
        ("max7219-orientation0-reverse", "rotate=270"),
        ("max7219-orientation90", "reverse"),
        ("max7219-orientation90-reverse", ""),
        ("max7219-orientationminus90", "rotate=180,reverse"),
        ("max7219-orientationminus90-reverse", "rotate=180"),
        ("max7219-orientation180", "rotate=90,reverse"),
        ("max7219-orientation180-reverse", "rotate=90"),
    ]

    static let allOptions: [String] = ["0", "90", "180", "270"].flatMap { rotate in
        ["", ",mirror"].flatMap { mirror in
            ["", ",reverse"].map { reverse in "rotate=\(rotate)\(mirror)\(reverse)" }
        }
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
        let canonical = "rotate=" + (documented.hasPrefix("rotate=") ? String(documented.dropFirst(7).prefix { $0 != "," }) : "0")
            + (documented.contains("reverse") ? ",reverse" : "")
        #expect(matching == [canonical], "\(file) matches \(matching)")
    }

    @Test func theDefaultModuleIsNotLumasDefault() throws {
        let folder = ThirdPartyFixtures.folder("luma")
        let target = try ThirdPartyFixtures.decode(folder + "/max7219-orientation0.jsonl", panel: "max7219:chips=4")
        #expect(ThirdPartyFixtures.rows(target.model.picture) != (try ThirdPartyFixtures.picture(folder + "/picture.txt")))
    }

    @Test func lumasTrafficFitsTheModel() throws {
        let folder = ThirdPartyFixtures.folder("luma")
        let target = try ThirdPartyFixtures.decode(folder + "/max7219-orientation0.jsonl", panel: "max7219:chips=4,rotate=270,reverse")
        #expect((target.model as! MAX7219Model).anomalies.isEmpty)
    }
}
