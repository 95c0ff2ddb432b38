import PixelCore
import PixelPanels
import Testing
@testable import PixelSimulator

/// The MAX7219 module table (board wiring as rows) and the old `rotate`/`mirror` spelling that
/// still names its rows.
@Suite struct MAX7219ModuleTableTests {
    /// Every old combination of `rotate`, `mirror` and `reverse`.
    static let oldOptions: [String] = ["0", "90", "180", "270"].flatMap { rotate in
        ["", ",mirror"].flatMap { mirror in ["", ",reverse"].map { "rotate=\(rotate)\(mirror)\($0)" } }
    }

    @Test func theEightRowsAreTheEightWaysABlockCanBeWired() {
        #expect(MAX7219Module.all.count == 8)
        #expect(Set(MAX7219Module.all.map { [$0.rows, $0.columns] }).count == 8)
        #expect(Set(MAX7219Module.all.map(\.name)).count == 8)
        #expect(MAX7219Module.fc16.name == "fc16" && MAX7219Module.named("parola")?.name == "parola")
    }

    @Test func theNamedRowsAreTheModelsModulesFromMDMAX72xx() throws {
        // The model's wirings come from the MD_MAX72xx diagrams on their own; the driver's table must agree.
        for (name, wiring) in [("fc16", MAX7219ModuleWiring.fc16), ("generic", .generic), ("parola", .parola), ("icstation", .icStation)] {
            let row = try #require(MAX7219Module.named(name))
            #expect(row.rows == wiring.rows && row.columns == wiring.columns, "\(name)")
        }
        let luma = MAX7219ModuleWiring(name: "luma", rows: "G F E D C B A DP", columns: "D0 D1 D2 D3 D4 D5 D6 D7")
        #expect(MAX7219Module.named("luma")?.rows == luma.rows && MAX7219Module.named("luma")?.columns == luma.columns)
    }

    @Test func eachRowIsWhatTheOldKeysCalledIt() {
        let expected = ["fc16": "rotate=0", "generic": "rotate=90", "icstation": "rotate=180", "luma": "rotate=270",
                        "parola": "mirror", "generic-mirrored": "rotate=90,mirror",
                        "icstation-mirrored": "rotate=180,mirror", "luma-mirrored": "rotate=270,mirror"]
        for row in MAX7219Module.all { #expect(row.legacyOptions == expected[row.name], "\(row.name)") }
    }

    @Test(arguments: oldOptions)
    func theOldKeysStillDescribeTheSameBoardUprightAsTheirModule(_ old: String) throws {
        let before = try PanelDescription(parsing: "max7219:chips=3,brightness=9,\(old)")
        guard case let .max7219(configuration) = before.kind else { Issue.record("not max7219"); return }
        #expect(before.mounting == .upright)
        let module = configuration.module.name + (old.contains("reverse") ? ",reverse" : "")
        let now = try PanelDescription(parsing: "max7219:chips=3,brightness=9,module=\(module)")
        guard case let .max7219(same) = now.kind else { Issue.record("not max7219"); return }
        #expect(same == configuration && now.mounting == .upright, "\(old) is module=\(module)")
        // The same configuration sends the same bytes; the model shows the same picture.
        let frame = MountingReference.picture(width: 24, height: 8)
        #expect(try SimulatedPanel(before).show(frame) == (try SimulatedPanel(now).show(frame)))
    }

    @Test func withModuleRotateTurnsTheWholeRowInstead() throws {
        let old = try SimulatedPanel("max7219:chips=4,rotate=90")
        let mounted = try SimulatedPanel("max7219:chips=4,module=fc16,rotate=90")
        #expect(old.width == 32 && old.height == 8)
        #expect(mounted.width == 8 && mounted.height == 32)
    }

    @Test func anFC16RowUpsideDownIsTheOldSpellingsBytesAndTheModelDrawsItAsBuilt() throws {
        let old = try SimulatedPanel("max7219:chips=3,rotate=180,reverse")
        let mounted = try SimulatedPanel("max7219:chips=3,module=fc16,rotate=180")
        let frame = MountingReference.picture(width: 24, height: 8)
        let oldPicture = try old.show(frame), mountedPicture = try mounted.show(frame)
        let registers = { (panel: SimulatedPanel) in (panel.target.model as! MAX7219Model).chips.map(\.digits) }
        #expect(registers(old) == registers(mounted))
        #expect(mountedPicture == MountingReference.mounted(oldPicture, rotate: 180, mirror: ""))
    }

    @Test func theOldMirrorNamesBothItsValuesAndTheMountings() {
        let allowed = "true|false without module= (the old Parola block mirror); with module=, none|x|y|xy"
        #expect(throws: PanelConfigurationError.badValue(type: "max7219", key: "mirror", value: "x", allowed: allowed)) {
            _ = try PanelDescription(parsing: "max7219:mirror=x")
        }
        #expect(throws: PanelConfigurationError.badValue(type: "max7219", key: "rotate", value: "45", allowed: "0|90|180|270")) {
            _ = try PanelDescription(parsing: "max7219:rotate=45")
        }
        #expect(throws: PanelConfigurationError.badValue(type: "max7219", key: "module", value: "fc17",
                                                         allowed: MAX7219Module.all.map(\.name).joined(separator: "|"))) {
            _ = try PanelDescription(parsing: "max7219:module=fc17")
        }
    }
}
