import PixelBus
import PixelCore
import PixelPanels
import Testing
@testable import PixelSimulator

@Suite struct HUB75MultiplexingTests {
    /// Every scheme on every size it was made for, plus chains and parallel chains of a few.
    static let panels: [String] = HUB75Multiplexing.all.flatMap { scheme in
        scheme.sizes.map { "hub75:multiplexing=\(scheme.name),cols=\($0.columns),rows=\($0.rows)" }
    } + [
        "hub75:multiplexing=Stripe,cols=32,rows=16,chain=3,parallel=2",
        "hub75:multiplexing=P10Outdoor32x16QuarterScanMapper,chain=2",
        "hub75:multiplexing=9,row-address=row-select",
        "hub75:multiplexing=P4Outdoor80x40Mapper,cols=80,rows=40,parallel=2",
    ]

    @Test(arguments: panels)
    func everyUniqueLEDArrivesWhereItBelongs(_ text: String) throws {
        try HUB75VariantRig(text).expectUniqueFrameInPlace()
    }

    /// Spot checks of each transform against rpi-rgb-led-matrix's arithmetic (lib/multiplex-mappers.cc),
    /// worked out apart from this code: scheme, panel cols × rows, then visible (x, y) → physical (x, y).
    static let spots: [(String, Int, Int, [(Int, Int, Int, Int)])] = [
        ("Stripe", 32, 16, [(0, 0, 32, 0), (31, 15, 31, 7), (2, 3, 34, 3), (12, 12, 12, 4), (22, 9, 54, 5)]),
        ("Checkered", 32, 16, [(0, 0, 16, 0), (31, 15, 47, 7), (9, 8, 25, 4), (6, 8, 22, 4), (26, 10, 58, 6)]),
        ("Spiral", 32, 16, [(0, 0, 7, 0), (31, 15, 63, 7), (17, 3, 38, 3), (20, 9, 35, 5), (1, 6, 9, 2)]),
        ("ZStripe", 32, 16, [(0, 0, 0, 0), (31, 15, 63, 7), (4, 6, 12, 2), (7, 14, 15, 6), (24, 2, 48, 2)]),
        ("ZnMirrorZStripe", 32, 16, [(0, 0, 0, 0), (31, 15, 59, 7), (6, 13, 10, 5), (1, 3, 1, 3), (27, 12, 55, 4)]),
        ("coreman", 32, 32, [(0, 0, 0, 0), (31, 31, 63, 15), (28, 19, 44, 11), (10, 26, 26, 10), (14, 6, 14, 6)]),
        ("Kaler2Scan", 32, 16, [(0, 0, 71, 0), (31, 15, 63, 3), (13, 12, 18, 2), (12, 4, 19, 0), (8, 15, 24, 3)]),
        ("ZStripeUneven", 32, 16, [(0, 0, 8, 0), (31, 15, 55, 7), (6, 14, 6, 6), (0, 14, 0, 6), (30, 3, 62, 3)]),
        ("P10-128x4-Z", 32, 16, [(0, 0, 127, 3), (31, 15, 7, 0), (30, 15, 6, 0), (23, 13, 40, 0), (11, 0, 92, 3)]),
        ("QiangLiQ8", 40, 20, [(0, 0, 4, 0), (39, 19, 75, 9), (15, 2, 31, 2), (1, 14, 5, 9), (24, 14, 52, 9)]),
        ("InversedZStripe", 32, 16, [(0, 0, 15, 0), (31, 15, 55, 7), (7, 8, 8, 4), (8, 15, 16, 7), (18, 14, 34, 6)]),
        ("P10Outdoor1R1G1-1", 16, 16, [(0, 0, 15, 0), (15, 15, 16, 7), (12, 9, 27, 5), (5, 14, 2, 6), (14, 9, 25, 5)]),
        ("P10Outdoor1R1G1-2", 16, 16, [(0, 0, 7, 0), (15, 15, 31, 7), (9, 1, 22, 1), (2, 6, 10, 2), (9, 13, 25, 5)]),
        ("P10Outdoor1R1G1-3", 16, 16, [(0, 0, 0, 0), (15, 15, 24, 7), (3, 14, 12, 6), (2, 14, 13, 6), (14, 0, 22, 0)]),
        ("P10CoremanMapper", 32, 16, [(0, 0, 72, 0), (31, 15, 55, 3), (11, 13, 27, 3), (17, 2, 97, 0), (5, 4, 13, 0)]),
        ("P8Outdoor1R1G1", 40, 20, [(0, 0, 79, 9), (39, 19, 7, 0), (10, 13, 61, 1), (18, 14, 45, 0), (7, 6, 71, 8)]),
        ("FlippedStripe", 32, 16, [(0, 0, 0, 0), (31, 15, 63, 7), (30, 2, 30, 2), (27, 4, 59, 0), (0, 12, 32, 4)]),
        ("P10Outdoor32x16HalfScan", 32, 16, [(0, 0, 31, 0), (31, 15, 103, 3), (18, 1, 93, 1), (22, 8, 89, 2), (13, 8, 58, 2)]),
        ("P10Outdoor32x16QuarterScanMapper", 32, 16, [(0, 0, 24, 0), (31, 15, 103, 3), (20, 1, 92, 1), (1, 8, 9, 0), (13, 2, 61, 2)]),
        ("P3Outdoor64x64MultiplexMapper", 64, 64, [(0, 0, 1, 0), (63, 63, 126, 31), (25, 37, 51, 21), (59, 17, 118, 1), (41, 33, 83, 17)]),
        ("DoubleZ", 32, 16, [(0, 0, 8, 0), (31, 15, 55, 7), (19, 9, 43, 5), (27, 15, 51, 7), (3, 7, 3, 3)]),
        ("P4Outdoor80x40Mapper", 80, 40, [(0, 0, 7, 0), (79, 39, 159, 19), (19, 2, 36, 2), (58, 7, 117, 7), (65, 37, 137, 17)]),
    ]

    @Test func transformsMatchHzellersArithmetic() {
        #expect(Self.spots.count == 22)
        for (name, columns, rows, points) in Self.spots {
            guard let scheme = HUB75Multiplexing.named(name) else {
                Issue.record("no scheme \(name)")
                continue
            }
            for (x, y, px, py) in points {
                let mapped = scheme.map(x, y, columns, rows)
                #expect(mapped.x == px && mapped.y == py, "\(name) (\(x), \(y)) → \(mapped), hzeller (\(px), \(py))")
            }
        }
    }

    @Test func theModelLightsThePhysicalPlaceTheSchemeNames() throws {
        // Stripe on 32×16: visible (0, 0) lies in a top stripe, shifted in 32 columns on, row 0;
        // visible (0, 4), in the next stripe, shares that row address, at column 0.
        let rig = try HUB75VariantRig("hub75:multiplexing=Stripe")
        let frame = rig.uniqueFrame
        try rig.display(frame)
        #expect(rig.configuration.geometry.columns == 64 && rig.configuration.geometry.rows == 8)
        #expect(rig.model.physicalPicture[32, 0] == frame[0, 0])
        #expect(rig.model.physicalPicture[0, 0] == frame[0, 4])
    }

    @Test func schemesAreHzellersInHisOrder() {
        let names = HUB75Multiplexing.all.map(\.name)
        #expect(HUB75Multiplexing.all.map(\.number) == Array(1...22))
        #expect(names.first == "Stripe" && names[5] == "coreman" && names[20] == "DoubleZ" && names.last == "P4Outdoor80x40Mapper")
        #expect(HUB75Multiplexing.named("stripe")?.number == 1 && HUB75Multiplexing.named("22")?.name == "P4Outdoor80x40Mapper")
    }

    @Test func listNamesEverySchemeWithItsSizes() throws {
        let notes = try #require(PanelTypeSummary.all.first { $0.type == "hub75" }).notes
        for scheme in HUB75Multiplexing.all {
            #expect(notes.contains { $0.hasPrefix("multiplexing=\(scheme.name) (or \(scheme.number)): panels of \(scheme.sizeList)") })
        }
    }

    @Test func badSchemesAndSizesAreRefusedInOneLine() throws {
        do {
            _ = try HUB75VariantRig("hub75:multiplexing=Zigzag")
            Issue.record("an unknown scheme was accepted")
        } catch let error as PanelConfigurationError {
            #expect(error.description.contains("option 'multiplexing' must be none|Stripe|"))
        }
        do {
            _ = try HUB75VariantRig("hub75:multiplexing=P10-128x4-Z,cols=64,rows=32")
            Issue.record("a scheme on a size it was not made for was accepted")
        } catch let error as PanelConfigurationError {
            #expect(error.description == "panel 'hub75': multiplexing=P10-128x4-Z is made for 32x16 panels (cols x rows), not 64x32; "
                + "give the size of one panel as you see it, e.g. cols=32,rows=16")
        }
        #expect(throws: PanelConfigurationError.self) { _ = try HUB75VariantRig("hub75:multiplexing=Stripe,scan=8") }
        #expect(try HUB75VariantRig("hub75:multiplexing=Stripe,scan=4").configuration.height == 16)
    }
}
