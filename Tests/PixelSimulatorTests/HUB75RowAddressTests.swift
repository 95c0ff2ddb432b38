import PixelBus
import PixelCore
import PixelPanels
import Testing
@testable import PixelSimulator

@Suite struct HUB75RowAddressTests {
    static let panels = [
        "hub75:rows=32,cols=32",
        "hub75:rows=64,cols=64,row-address=ab-shift",
        "hub75:rows=8,cols=32,row-address=row-select",
        "hub75:rows=64,cols=64,row-address=abc-shift",
        "hub75:rows=64,cols=64,row-address=sm5266",
        "hub75:rows=16,cols=32,row-address=sm5266",
        "hub75:rows=64,cols=64,row-address=b707",
        "hub75:rows=32,cols=32,chain=2,parallel=2,row-address=ab-shift",
    ]

    @Test(arguments: panels)
    func everyUniqueLEDArrivesWhereItBelongs(_ text: String) throws {
        try HUB75VariantRig(text).expectUniqueFrameInPlace()
    }

    @Test(arguments: ["ab-shift", "abc-shift", "sm5266", "b707"])
    func aPanelOfAnotherRowTypeShowsSomethingElse(_ type: String) throws {
        // The same wire traffic read by a direct-address panel: the model tells the types apart.
        let rig = try HUB75VariantRig("hub75:rows=64,cols=64,row-address=\(type)")
        let direct = HUB75Model(geometry: rig.configuration.geometry, pinMap: rig.configuration.pinMap)
        #expect(try rig.picture(on: direct) != rig.uniqueFrame)
    }

    @Test func abShiftWritesFollowHzellersSequence() {
        // A = GPIO 1, B = GPIO 2 (bits 0x2, 0x4); 4 row addresses, row 1: the bit at i = 4 − 1 − 1 = 2 is low.
        let writes = HUB75RowAddressWrites(addressing: .abShift, scan: 4, address: [1, 2, 3, 4, 5])
        let a: UInt64 = 0x2, b: UInt64 = 0x4
        var expected: [HUB75PinWrite] = []
        for i in 0..<4 {
            expected.append(HUB75PinWrite(set: 0, clear: a))
            expected.append(i == 2 ? HUB75PinWrite(set: 0, clear: b) : HUB75PinWrite(set: b, clear: 0))
            expected.append(HUB75PinWrite(set: a, clear: 0))
        }
        expected += [HUB75PinWrite(set: 0, clear: a), HUB75PinWrite(set: a, clear: 0)]
        #expect(Array(writes.writes(row: 1)) == expected)
        #expect(writes.lines == a | b)
    }

    @Test func sm5266ShiftsEightBitsHighFirstThenSetsTheGroup() {
        // A…E = GPIO 1…5; row 19 = group 2 (E), bit 3 of the shifter.
        let writes = Array(HUB75RowAddressWrites(addressing: .sm5266, scan: 32, address: [1, 2, 3, 4, 5]).writes(row: 19))
        let a: UInt64 = 0x2, b: UInt64 = 0x4, c: UInt64 = 0x8, d: UInt64 = 0x10, e: UInt64 = 0x20
        #expect(writes.first == HUB75PinWrite(set: c, clear: 0))
        #expect(writes.count == 1 + 8 * 4 + 2)
        let data = stride(from: 1, to: 33, by: 4).map { writes[$0] }
        #expect(data == (0..<8).map { $0 == 4 ? HUB75PinWrite(set: b, clear: 0) : HUB75PinWrite(set: 0, clear: b) })
        #expect(writes[2] == HUB75PinWrite(set: a, clear: 0) && writes[3] == writes[2] && writes[4] == HUB75PinWrite(set: 0, clear: a))
        #expect(writes[33] == HUB75PinWrite(set: 0, clear: c))
        #expect(writes[34] == HUB75PinWrite(set: e, clear: a | b | c | d))
    }

    @Test func directAndRowSelectWriteOneWord() {
        let direct = HUB75RowAddressWrites(addressing: .direct, scan: 16, address: [1, 2, 3, 4, 5])
        #expect(Array(direct.writes(row: 5)) == [HUB75PinWrite(set: 0x2 | 0x8, clear: 0x4 | 0x10)])
        let select = HUB75RowAddressWrites(addressing: .rowSelect, scan: 4, address: [1, 2, 3, 4, 5])
        #expect(Array(select.writes(row: 2)) == [HUB75PinWrite(set: 0x2 | 0x4 | 0x10, clear: 0x8)])
    }

    @Test func badRowAddressValuesAreRefusedInOneLine() throws {
        #expect(throws: PanelConfigurationError.badValue(
            type: "hub75", key: "row-address", value: "shift",
            allowed: "direct|ab-shift|row-select|abc-shift|sm5266|b707")) { _ = try HUB75VariantRig("hub75:row-address=shift") }
        do {
            _ = try HUB75VariantRig("hub75:rows=32,row-address=row-select")
            Issue.record("row-select on 16 row addresses was accepted")
        } catch let error as PanelConfigurationError {
            #expect(error.description.contains("use rows=8"))
        }
    }

    @Test func shiftTypesDriveOnlyTheirLines() throws {
        let ab = try HUB75VariantRig("hub75:rows=64,cols=64,row-address=ab-shift").configuration
        #expect(ab.signals.map(\.name).filter { $0.count == 1 && $0 < "F" } == ["A", "B"])
        let abc = try HUB75VariantRig("hub75:rows=64,cols=64,row-address=abc-shift").configuration
        #expect(abc.signals.map(\.name).filter { ["A", "B", "C", "D", "E"].contains($0) } == ["A", "C"])
        #expect(HUB75RowAddressing.allCases.map(\.hzellerNumber) == Array(0...5))
    }
}
