import PixelCore
import Testing
@testable import PixelPanels

@Suite struct HUB75EncoderTests {
    // Regular wiring, chain 1: R1 11, G1 27, B1 7, R2 8, G2 9, B2 10; chain 2: R1 12, G1 5, B1 6, R2 19, G2 13, B2 20.
    static let r1: UInt32 = 1 << 11, g1: UInt32 = 1 << 27, b1: UInt32 = 1 << 7
    static let r2: UInt32 = 1 << 8, g2: UInt32 = 1 << 9, b2: UInt32 = 1 << 10
    static let chain2R1: UInt32 = 1 << 12, chain2B2: UInt32 = 1 << 20

    @Test func fullWhiteSetsEveryColourLineInEveryPlane() throws {
        let c = try HUB75Configuration(geometry: HUB75Geometry(rows: 16, columns: 32, parallel: 2), pwmBits: 5)
        let encoder = HUB75Encoder(configuration: c)
        var frame = Frame(width: 32, height: 32)
        for i in frame.pixels.indices { frame.pixels[i] = .white }
        let planes = encoder.makePlanes()
        encoder.encode(frame, into: planes)
        let allColour = (HUB75PinMap.regular.chains[0].lines + HUB75PinMap.regular.chains[1].lines).reduce(UInt32(0)) { $0 | 1 << UInt32($1) }
        #expect(planes.count == 8 * 5 * 32)
        #expect(planes.allWords.allSatisfy { $0 == allColour })
    }

    @Test func eachLevelBitLandsInItsPlaneOnItsHalfsLine() throws {
        // 8 rows (1/4 scan), 4 columns, 3 bits: level 5 = 0b101 is lit in planes 0 and 2.
        let c = try HUB75Configuration(geometry: HUB75Geometry(rows: 8, columns: 4), pwmBits: 3)
        let encoder = HUB75Encoder(configuration: c)
        var frame = Frame(width: 4, height: 8)
        let level5: UInt16 = 46811            // 5 / 7 of 65535, exactly
        frame[2, 1] = LinearColor(red: level5, green: 0, blue: 0)      // upper half, row address 1
        frame[3, 6] = LinearColor(red: 0, green: 0, blue: level5)      // lower half (row 6 = 4 + 2), row address 2
        let planes = encoder.makePlanes()
        encoder.encode(frame, into: planes)
        for row in 0..<4 {
            for plane in 0..<3 {
                for column in 0..<4 {
                    var expected: UInt32 = 0
                    if row == 1 && column == 2 && plane != 1 { expected = Self.r1 }
                    if row == 2 && column == 3 && plane != 1 { expected = Self.b2 }
                    #expect(planes.word(row: row, plane: plane, column: column) == expected, "row \(row) plane \(plane) column \(column)")
                }
            }
        }
    }

    @Test func chainedPanelsContinueTheShiftOrder() throws {
        // Two 4-column panels: frame column 5 is word 5 of each row-plane.
        let c = try HUB75Configuration(geometry: HUB75Geometry(rows: 8, columns: 4, chain: 2), pwmBits: 1)
        let encoder = HUB75Encoder(configuration: c)
        var frame = Frame(width: 8, height: 8)
        frame[5, 0] = LinearColor(red: 0, green: 65535, blue: 0)
        let planes = encoder.makePlanes()
        encoder.encode(frame, into: planes)
        #expect(planes.word(row: 0, plane: 0, column: 5) == Self.g1)
        #expect(planes.allWords.filter { $0 != 0 }.count == 1)
    }

    @Test func secondParallelChainShowsTheRowsBelowTheFirst() throws {
        let c = try HUB75Configuration(geometry: HUB75Geometry(rows: 8, columns: 4, parallel: 2), pwmBits: 1)
        let encoder = HUB75Encoder(configuration: c)
        var frame = Frame(width: 4, height: 16)
        frame[0, 8] = LinearColor(red: 65535, green: 0, blue: 0)      // chain 2, upper half, address 0
        frame[1, 15] = LinearColor(red: 0, green: 0, blue: 65535)     // chain 2, lower half, address 3
        let planes = encoder.makePlanes()
        encoder.encode(frame, into: planes)
        #expect(planes.word(row: 0, plane: 0, column: 0) == Self.chain2R1)
        #expect(planes.word(row: 3, plane: 0, column: 1) == Self.chain2B2)
        #expect(planes.allWords.filter { $0 != 0 }.count == 2)
    }

    /// The encoder's contract written the slow way: bit b of each channel's level, on that
    /// channel's line, in plane b.
    static func referencePlanes(_ frame: Frame, _ c: HUB75Configuration) -> [UInt32] {
        let g = c.geometry
        let maxLevel = UInt32((c.maxLevel * c.brightnessPercent + 50) / 100)
        func level(_ v: UInt16) -> UInt32 {
            let dimmed = c.transfer == .linear ? (UInt32(v) * maxLevel + 32767) / 65535
                : UInt32((c.transfer.level(for: v, maxLevel: c.maxLevel) * c.brightnessPercent + 50) / 100)
            // A value lit at full brightness stays at level 1 at least when dimmed.
            let full = c.transfer == .linear ? (UInt32(v) * UInt32(c.maxLevel) + 32767) / 65535
                : UInt32(c.transfer.level(for: v, maxLevel: c.maxLevel))
            return full == 0 ? 0 : max(1, dimmed)
        }
        var words = [UInt32](repeating: 0, count: g.scan * c.pwmBits * g.chainLength)
        for chain in 0..<g.parallel {
            let lines = c.pinMap.chains[chain].lines
            for half in 0..<2 {
                for row in 0..<g.scan {
                    for x in 0..<g.chainLength {
                        let p = frame[x, chain * g.rows + half * g.scan + row]
                        for (k, value) in [p.red, p.green, p.blue].enumerated() {
                            for b in 0..<c.pwmBits where level(value) >> UInt32(b) & 1 == 1 {
                                words[(row * c.pwmBits + b) * g.chainLength + x] |= 1 << UInt32(lines[half * 3 + k])
                            }
                        }
                    }
                }
            }
        }
        return words
    }

    @Test(arguments: [(1, 11, HUB75Transfer.linear, 100), (2, 8, .cie1931, 100), (3, 9, .linear, 37), (1, 3, .cie1931, 60), (2, 1, .linear, 100)])
    func tableEncoderMatchesTheBitByBitContract(parallel: Int, bits: Int, transfer: HUB75Transfer, brightness: Int) throws {
        let c = try HUB75Configuration(geometry: HUB75Geometry(rows: 16, columns: 8, chain: 2, parallel: parallel), pwmBits: bits,
                                       transfer: transfer, brightnessPercent: brightness)
        let encoder = HUB75Encoder(configuration: c)
        var rng = SeededRandom(seed: UInt64(parallel * 100 + bits))
        var frame = Frame(width: c.geometry.width, height: c.geometry.height)
        for i in frame.pixels.indices {
            // Random levels, with black and full drive mixed in.
            func value() -> UInt16 { [0, 65535, UInt16(rng.int(in: 0...65535))][rng.int(in: 0...2)] }
            frame.pixels[i] = LinearColor(red: value(), green: value(), blue: value())
        }
        let planes = encoder.makePlanes()
        encoder.encode(frame, into: planes)
        #expect(planes.allWords == Self.referencePlanes(frame, c))
    }

    @Test func encodingReplacesEverythingInThePlanes() throws {
        let c = try HUB75Configuration(geometry: HUB75Geometry(rows: 8, columns: 4), pwmBits: 2)
        let encoder = HUB75Encoder(configuration: c)
        var white = Frame(width: 4, height: 8)
        for i in white.pixels.indices { white.pixels[i] = .white }
        let planes = encoder.makePlanes()
        encoder.encode(white, into: planes)
        encoder.encode(Frame(width: 4, height: 8), into: planes)
        #expect(planes.allWords.allSatisfy { $0 == 0 })
    }

    @Test func cieTransferDimsMidValuesAndKeepsTheEnds() throws {
        let c = try HUB75Configuration(geometry: HUB75Geometry(rows: 8, columns: 4), pwmBits: 11, transfer: .cie1931)
        let encoder = HUB75Encoder(configuration: c)
        var frame = Frame(width: 4, height: 8)
        frame[0, 0] = LinearColor(red: 32768, green: 65535, blue: 0)
        let planes = encoder.makePlanes()
        encoder.encode(frame, into: planes)
        // Level 377 = 0b00101111001 for red; 2047 for green.
        var red = 0, green = 0
        for plane in 0..<11 {
            let w = planes.word(row: 0, plane: plane, column: 0)
            if w & Self.r1 != 0 { red |= 1 << plane }
            if w & Self.g1 != 0 { green |= 1 << plane }
        }
        #expect(red == 377 && green == 2047)
    }
}
