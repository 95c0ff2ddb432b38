import PixelCore
import PixelPanels
import Testing
@testable import PixelSimulator

/// The MAX7219 module table (board wiring as rows), and `rotate`/`mirror` as the mounting of
/// the whole row, with or without `module=`.
@Suite struct MAX7219ModuleTableTests {
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

    /// There is one meaning of `rotate` on every type: without `module=` too, it turns the
    /// whole row (a quarter turn makes the frame 8 wide), and `mirror` takes the mountings.
    @Test func rotateTurnsTheWholeRowWithOrWithoutModule() throws {
        let bare = try SimulatedPanel("max7219:chips=4,rotate=90")
        let named = try SimulatedPanel("max7219:chips=4,module=fc16,rotate=90")
        #expect(bare.width == 8 && bare.height == 32)
        #expect(named.width == 8 && named.height == 32)
        #expect(try PanelDescription(parsing: "max7219:mirror=x").mounting == Mounting(rotation: .upright, mirror: .x))
    }

    /// An FC-16 row with DIN on the left is the ICStation wiring's bytes: the same registers
    /// either way, and the model draws each as built.
    @Test func anFC16RowUpsideDownSendsTheICStationRowsBytes() throws {
        let icstation = try SimulatedPanel("max7219:chips=3,module=icstation,reverse")
        let mounted = try SimulatedPanel("max7219:chips=3,rotate=180")
        let frame = MountingReference.picture(width: 24, height: 8)
        let icstationPicture = try icstation.show(frame), mountedPicture = try mounted.show(frame)
        let registers = { (panel: SimulatedPanel) in (panel.target.model as! MAX7219Model).chips.map(\.digits) }
        #expect(registers(icstation) == registers(mounted))
        #expect(mountedPicture == MountingReference.mounted(icstationPicture, rotate: 180, mirror: ""))
    }

    @Test func aBadMountingOrModuleNamesWhatIsAllowed() {
        #expect(throws: PanelConfigurationError.badValue(type: "max7219", key: "rotate", value: "45", allowed: "0|90|180|270")) {
            _ = try PanelDescription(parsing: "max7219:rotate=45")
        }
        #expect(throws: PanelConfigurationError.badValue(type: "max7219", key: "module", value: "fc17",
                                                         allowed: MAX7219Module.all.map(\.name).joined(separator: "|"))) {
            _ = try PanelDescription(parsing: "max7219:module=fc17")
        }
    }
}
