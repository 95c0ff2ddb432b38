import Foundation
import PixelCore
import Testing
@testable import PixelPanels

@Suite struct MountingStageTests {
    @Test func aQuarterTurnPutsTheTopLeftPixelTopRightAndSwapsTheSides() {
        let quarter = Mounting(rotation: .clockwise90)
        #expect(quarter.boardSize(width: 8, height: 16) == (16, 8))
        #expect(quarter.pictureSize(boardWidth: 16, boardHeight: 8) == (8, 16))
        #expect(quarter.boardPosition(x: 0, y: 0, width: 8, height: 16) == (15, 0))
        #expect(quarter.boardPosition(x: 7, y: 15, width: 8, height: 16) == (0, 7))
        let threeQuarters = Mounting(rotation: .clockwise270)
        #expect(threeQuarters.boardPosition(x: 0, y: 0, width: 8, height: 16) == (0, 7))
    }

    @Test func theFlipComesAfterTheTurnAlongTheBoardsAxes() {
        // Turned a quarter, (0, 0) of a 4×2 picture is at (1, 0) on the 2×4 board; mirror=x then
        // sends it to (0, 0), mirror=y to (1, 3).
        #expect(Mounting(rotation: .clockwise90, mirror: .x).boardPosition(x: 0, y: 0, width: 4, height: 2) == (0, 0))
        #expect(Mounting(rotation: .clockwise90, mirror: .y).boardPosition(x: 0, y: 0, width: 4, height: 2) == (1, 3))
        #expect(Mounting(mirror: [.x, .y]).boardPosition(x: 1, y: 0, width: 4, height: 2) == (2, 1))
    }

    @Test func theTableSendsEveryPixelToItsOwnBoardPosition() {
        for rotation in Rotation.allCases {
            for mirror in [Mirror(), .x, .y, [.x, .y]] {
                let indices = Mounting(rotation: rotation, mirror: mirror).boardIndices(width: 5, height: 3)
                #expect(Set(indices).count == 15 && indices.allSatisfy { (0..<15).contains($0) })
            }
        }
        #expect(Mounting.upright.boardIndices(width: 3, height: 2) == [0, 1, 2, 3, 4, 5])
        #expect(Mounting.upright.isUpright && !Mounting(mirror: .y).isUpright)
        #expect(Mounting(rotation: .clockwise270, mirror: .x).description == "rotate=270,mirror=x")
    }

    @Test func aStripsMapperFoldsInTheSameStage() throws {
        let layout = ChainLayout.grid(width: 6, height: 4, serpentine: true)
        for rotation in Rotation.allCases {
            for mirror in [Mirror(), .x, .y, [.x, .y]] {
                let mounting = Mounting(rotation: rotation, mirror: mirror)
                let mapper = try PixelMapper(layout: layout, mounting: mounting)
                #expect(mapper.mounting == mounting)
                for y in 0..<mapper.height {
                    for x in 0..<mapper.width {
                        let board = mounting.boardPosition(x: x, y: y, width: mapper.width, height: mapper.height)
                        #expect(mapper.ledIndex(x: x, y: y) == layout.ledIndex(x: board.x, y: board.y))
                    }
                }
            }
        }
    }
}

@Suite struct MountingOptionTests {
    /// One description of every type with `module=` for max7219, so `rotate` is the mounting.
    static let types = ["hub75", "ws2812:width=8,height=8", "apa102:length=8", "sk9822:length=8", "max7219:module=fc16",
                        "ht16k33", "is31fl3731"]

    /// A bad value of each mounting key, and what the one-line error names.
    static let badValues = [("rotate", "45", "0|90|180|270"), ("mirror", "z", "none|x|y|xy")]

    @Test(arguments: types, badValues)
    func aBadTurnOrFlipIsRefusedInOneLineNamingWhatIsAllowed(_ type: String, bad: (key: String, value: String, allowed: String)) {
        let name = String(type.prefix { $0 != ":" })
        let text = type + (type.contains(":") ? "," : ":") + "\(bad.key)=\(bad.value)"
        let error = PanelConfigurationError.badValue(type: name, key: bad.key, value: bad.value, allowed: bad.allowed)
        #expect(throws: error) { _ = try PanelDescription(parsing: text) }
        #expect(error.description == "panel '\(name)' option '\(bad.key)' must be \(bad.allowed) (got '\(bad.value)')")
    }

    @Test(arguments: types)
    func everyTypeListsTheSameTwoMountingKeys(_ type: String) throws {
        let keys = try PanelDescription(parsing: type).keys
        #expect(keys.first { $0.key == "rotate" } == PanelOptionKey(key: "rotate", defaultValue: "0", allowed: "0|90|180|270"))
        #expect(keys.first { $0.key == "mirror" } == PanelOptionKey(key: "mirror", defaultValue: "none", allowed: "none|x|y|xy"))
    }

    @Test func ht16k33TakesEveryQuarterTurnAndAFlipNow() throws {
        let description = try PanelDescription(parsing: "ht16k33:layout=16x8,rotate=270,mirror=y")
        #expect(description.mounting == Mounting(rotation: .clockwise270, mirror: .y))
        guard case let .ht16k33(configuration) = description.kind else { Issue.record("not ht16k33"); return }
        #expect(!configuration.rotated180)  // the description turns the board in the mounting stage
    }

    @Test func hub75ReadsItsTurnIntoTheOneMountingStage() throws {
        let description = try PanelDescription(parsing: "hub75:rotate=90,mirror=x")
        guard case .hub75 = description.kind else { Issue.record("not hub75"); return }
        #expect(description.mounting == Mounting(rotation: .clockwise90, mirror: .x))
    }

    @Test func aStripsDescriptionAndMapperShareOneMounting() throws {
        let description = try PanelDescription(parsing: "ws2812:width=8,height=4,rotate=90,mirror=x")
        guard case let .ws2812(configuration) = description.kind else { Issue.record("not ws2812"); return }
        #expect(configuration.mapper.mounting == description.mounting)
        #expect(description.mounting == Mounting(rotation: .clockwise90, mirror: .x))
    }
}

@Suite struct MountingListNoteTests {
    @Test func listNamesEveryModuleRowAndWhatRotateMeans() throws {
        let max7219 = try #require(PanelTypeSummary.all.first { $0.type == "max7219" })
        for module in MAX7219Module.all {
            #expect(max7219.notes.contains("module=\(module.name): \(module.boards)"))
        }
        #expect(max7219.notes.contains { $0.hasPrefix("rotate and mirror turn and flip the whole row, as on every type") })
        #expect(max7219.keys.map(\.key).contains("module"))
    }

    @Test func listSaysWhatHT16K33sOldRotateNowMeans() throws {
        let ht16k33 = try #require(PanelTypeSummary.all.first { $0.type == "ht16k33" })
        #expect(ht16k33.notes.contains { $0.hasPrefix("alias: rotate on ht16k33 was 0|180") })
        #expect(PanelTypeSummary.mountingNote.contains("clockwise"))
    }
}

@Suite struct MAX7219ModuleFileTests {
    @Test func theModuleTableMatchesHardwareMAX7219ModulesTSV() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("hardware/max7219-modules.tsv"), encoding: .utf8)
        let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("module\t") }
        #expect(rows.count == MAX7219Module.all.count)
        for (line, module) in zip(rows, MAX7219Module.all) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            #expect(fields == [module.name, module.rows.map(\.name).joined(separator: " "),
                               module.columns.map(\.name).joined(separator: " "), module.boards])
        }
    }
}

@Suite struct BoardTableTests {
    @Test func everyBoardTableRowIsNamedInListWithTheBoardsItFits() throws {
        let notes = Dictionary(uniqueKeysWithValues: PanelTypeSummary.all.map { ($0.type, $0.notes) })
        for layout in HT16K33Board.all {
            #expect(!layout.boards.isEmpty && notes["ht16k33"]?.contains("layout=\(layout.name): \(layout.boards)") == true)
        }
        for board in IS31FL3731Board.all {
            #expect(!board.boards.isEmpty && notes["is31fl3731"]?.contains("board=\(board.name): \(board.boards)") == true)
        }
    }

    @Test func theNamedBoardsAreRowsOfTheirTables() {
        #expect(HT16K33Board.all.map(\.name) == ["8x8", "16x8", "featherwing-16x8", "bicolor-8x8"])
        #expect(HT16K33Board.adafruitBicolor8x8.isBicolour && HT16K33Board.adafruit8x8.row(x: 0, y: 0) == 7)
        #expect(IS31FL3731Board.all.map(\.name) == ["charlieplex16x9", "charliewing15x7"])
        #expect(IS31FL3731Board.charliewing15x7.ledNumbers.count == 105)
    }
}
