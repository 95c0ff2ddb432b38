import Testing
import PixelCore
@testable import PixelPanels

@Suite struct PixelMapperTests {
    /// Every logical pixel reaches a different LED that maps back to it, and (for a full
    /// tiling) every LED is reached. Returns the first failure, or nil.
    func bijectionFailure(_ mapper: PixelMapper) -> String? {
        var seen = [Bool](repeating: false, count: mapper.ledCount)
        for y in 0..<mapper.height {
            for x in 0..<mapper.width {
                let led = mapper.ledIndex(x: x, y: y)
                if seen[led] { return "LED \(led) reached twice" }
                seen[led] = true
                guard let back = mapper.logicalPosition(ofLED: led), back.x == x, back.y == y else {
                    return "LED \(led) does not map back to (\(x), \(y))"
                }
            }
        }
        return seen.allSatisfy { $0 } ? nil : "some LED is never reached"
    }

    @Test func serpentine16x16CornersLandWhereTheWiringPutsThem() {
        // LED 0 top-left, first row left → right, second row right → left.
        let m = PixelMapper.grid(width: 16, height: 16, serpentine: true)
        #expect(m.ledIndex(x: 0, y: 0) == 0)
        #expect(m.ledIndex(x: 15, y: 0) == 15)
        #expect(m.ledIndex(x: 15, y: 1) == 16)
        #expect(m.ledIndex(x: 0, y: 1) == 31)
        #expect(m.ledIndex(x: 0, y: 2) == 32)
        #expect(m.ledIndex(x: 15, y: 15) == 240)
        #expect(m.ledIndex(x: 0, y: 15) == 255)
        let straight = PixelMapper.grid(width: 16, height: 16)
        #expect(straight.ledIndex(x: 0, y: 1) == 16)
        #expect(straight.ledIndex(x: 15, y: 15) == 255)
    }

    @Test func columnSerpentineRunsDownTheFirstColumnAndUpTheSecond() {
        let m = PixelMapper.grid(width: 32, height: 8, serpentine: true, columns: true)
        #expect(m.ledIndex(x: 0, y: 0) == 0)
        #expect(m.ledIndex(x: 0, y: 7) == 7)
        #expect(m.ledIndex(x: 1, y: 7) == 8)
        #expect(m.ledIndex(x: 1, y: 0) == 15)
        #expect(m.ledIndex(x: 31, y: 0) == 255)
    }

    @Test func everyFullTilingIsABijectionOntoTheChain() throws {
        let tiles: [(Int, Int)] = [(1, 1), (5, 3), (4, 4), (8, 32)]
        var checked = 0
        for (w, h) in tiles {
            for serpentine in [false, true] {
                for columns in [false, true] {
                    let tile = TileWiring(width: w, height: h, columns: columns, serpentine: serpentine)
                    for grid in [(1, 1), (2, 1), (3, 2)] {
                        for tileRotations in [[Rotation.upright], [.clockwise180], [.upright, .clockwise180], [.clockwise90, .clockwise270]] {
                            for tileSerpentine in [false, true] {
                                let layout = try ChainLayout(tile: tile, tileColumns: grid.0, tileRows: grid.1,
                                                             tileRotations: tileRotations, tileSerpentine: tileSerpentine)
                                for rotation in Rotation.allCases {
                                    for mirror in [Mirror(), .x, .y, [.x, .y]] {
                                        let m = try PixelMapper(layout: layout, rotation: rotation, mirror: mirror)
                                        if let failure = bijectionFailure(m) {
                                            Issue.record("\(w)x\(h) serpentine \(serpentine) columns \(columns) tiles \(grid) \(tileRotations) rotate \(rotation) mirror \(mirror): \(failure)")
                                        }
                                        checked += 1
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(checked == 4 * 2 * 2 * 3 * 4 * 2 * 4 * 4)
    }

    @Test func quarterTurnPutsTheTopLeftPixelAtTheTopRightOfTheBoard() throws {
        let layout = ChainLayout.grid(width: 32, height: 8)
        let m = try PixelMapper(layout: layout, rotation: .clockwise90)
        #expect(m.width == 8 && m.height == 32)
        #expect(m.boardPosition(x: 0, y: 0).x == 31 && m.boardPosition(x: 0, y: 0).y == 0)
        #expect(m.boardPosition(x: 7, y: 0).x == 31 && m.boardPosition(x: 7, y: 0).y == 7)
        #expect(m.boardPosition(x: 0, y: 31).x == 0 && m.boardPosition(x: 0, y: 31).y == 0)
    }

    @Test func mirrorXSwapsLeftAndRightAndMirrorYTopAndBottom() throws {
        let layout = ChainLayout.grid(width: 16, height: 16, serpentine: true)
        let x = try PixelMapper(layout: layout, mirror: .x)
        #expect(x.ledIndex(x: 0, y: 0) == 15)
        let y = try PixelMapper(layout: layout, mirror: .y)
        #expect(y.ledIndex(x: 0, y: 0) == 255)  // bottom row runs right → left
        #expect(y.boardPosition(x: 3, y: 2).x == 3 && y.boardPosition(x: 3, y: 2).y == 13)
    }

    @Test func tilesChainLeftToRightEachWithItsOwnRotation() throws {
        let tile = TileWiring(width: 8, height: 8, serpentine: true)
        let plain = try PixelMapper(layout: ChainLayout(tile: tile, tileColumns: 2))
        #expect(plain.width == 16 && plain.height == 8)
        #expect(plain.ledIndex(x: 8, y: 0) == 64)
        #expect(plain.ledIndex(x: 15, y: 1) == 64 + 8)
        let alternating = try PixelMapper(layout: ChainLayout(tile: tile, tileColumns: 2, tileRotations: [.upright, .clockwise180]))
        // The second tile is mounted upside down: its LED 0 is the board's bottom-right LED.
        #expect(alternating.ledIndex(x: 15, y: 7) == 64)
        #expect(alternating.ledIndex(x: 8, y: 7) == 71)
        let snaking = try PixelMapper(layout: ChainLayout(tile: tile, tileColumns: 2, tileRows: 2, tileSerpentine: true))
        #expect(snaking.ledIndex(x: 8, y: 8) == 128)  // third tile: bottom-right
        #expect(snaking.ledIndex(x: 0, y: 8) == 192)  // fourth tile: bottom-left
    }

    @Test func pictureSmallerThanTheBoardLeavesTheOtherLEDsDark() throws {
        let m = try PixelMapper(layout: .grid(width: 16, height: 16, serpentine: true), width: 14, height: 14, xOffset: 1, yOffset: 1)
        var frame = Frame(width: 14, height: 14)
        for i in frame.pixels.indices { frame.pixels[i] = .white }
        let chain = m.chainPixels(from: frame)
        #expect(chain.filter { $0 == .white }.count == 196)
        #expect(chain.filter { $0 == .black }.count == 60)
        #expect(chain[0] == .black && chain[15] == .black && chain[255] == .black)
        #expect(m.ledIndex(x: 0, y: 0) == 30)  // board (1, 1): second row runs right → left
        #expect(m.logicalPosition(ofLED: 0) == nil)
    }

    @Test func optionsBuildTheSameMapperAsTheInitializer() throws {
        var options = try PanelOptions(parsing: "ws2812:width=8,height=8,serpentine,tiles=2x1,tile-rotate=0:180,rotate=90,mirror=x")
        let parsed = try PixelMapper(options: &options)
        try options.finish()
        let built = try PixelMapper(layout: ChainLayout(tile: TileWiring(width: 8, height: 8, serpentine: true), tileColumns: 2,
                                                        tileRotations: [.upright, .clockwise180]),
                                    rotation: .clockwise90, mirror: .x)
        #expect(parsed == built)
        #expect(parsed.width == 8 && parsed.height == 16)
        var strip = try PanelOptions(parsing: "ws2812:length=60")
        #expect(try PixelMapper(options: &strip) == PixelMapper.strip(length: 60))
    }

    @Test(arguments: TileBoard.all) func aNamedTileIsItsWiringSpelledOut(board: TileBoard) throws {
        let wiring = board.wiring
        var named = try PanelOptions(parsing: "ws2812:tile=\(board.name),tiles=2x1,rotate=90")
        var spelled = try PanelOptions(parsing: "ws2812:width=\(wiring.width),height=\(wiring.height),tiles=2x1,rotate=90"
            + (wiring.columns ? ",columns" : "") + (wiring.serpentine ? ",serpentine" : ""))
        #expect(try PixelMapper(options: &named) == PixelMapper(options: &spelled))
        try named.finish()
    }

    @Test func theFlexible8x32RunsDownItsFirstColumnAndUpTheSecond() throws {
        var options = try PanelOptions(parsing: "ws2812:tile=flex-8x32")
        let m = try PixelMapper(options: &options)
        #expect(m.width == 32 && m.height == 8)
        #expect(m.ledIndex(x: 0, y: 7) == 7 && m.ledIndex(x: 1, y: 7) == 8 && m.ledIndex(x: 1, y: 0) == 15)
    }

    @Test func aNamedTileRefusesTheKeysItSpellsOut() throws {
        var options = try PanelOptions(parsing: "ws2812:tile=flex-16x16,serpentine")
        #expect(throws: PanelConfigurationError.self) { _ = try PixelMapper(options: &options) }
        var unknown = try PanelOptions(parsing: "ws2812:tile=flex-9x9")
        #expect {
            _ = try PixelMapper(options: &unknown)
        } throws: { error in
            (error as? PanelConfigurationError)?.description.contains("flex-16x16") == true
        }
    }

    @Test func badWiringOptionsAreRejectedNamingTheKey() throws {
        func error(_ text: String) -> PanelConfigurationError? {
            do {
                var options = try PanelOptions(parsing: text)
                _ = try PixelMapper(options: &options)
                return nil
            } catch {
                return error
            }
        }
        #expect(error("ws2812:length=10,width=4")?.description.contains("either length") == true)
        #expect(error("ws2812:serpentine")?.description.contains("size is missing") == true)
        #expect(error("ws2812:width=8,height=8,tiles=2") == .badValue(type: "ws2812", key: "tiles", value: "2", allowed: "COLSxROWS such as 2x1"))
        #expect(error("ws2812:width=8,height=8,rotate=45") == .badValue(type: "ws2812", key: "rotate", value: "45", allowed: "0|90|180|270"))
        #expect(error("ws2812:width=8,height=8,tile-rotate=0:45")?.description.contains("tile-rotate") == true)
        #expect(error("ws2812:width=8,height=8,logical=9x8")?.description.contains("does not fit") == true)
        #expect(error("ws2812:width=8,height=4,tiles=2x1,tile-rotate=0:90")?.description.contains("do not line up") == true)
        #expect(error("ws2812:width=8,height=8,mirror=z") != nil)
    }
}
