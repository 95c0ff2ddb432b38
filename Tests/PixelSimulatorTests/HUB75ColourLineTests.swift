import PixelBus
import PixelCore
import PixelPanels
import Testing
@testable import PixelSimulator

@Suite struct HUB75ColourLineTests {
    @Test(arguments: [
        "hub75:rows=32,cols=32,inverse",
        "hub75:rows=32,cols=32,rgb-sequence=grb",
        "hub75:rows=16,cols=32,chain=2,parallel=2,rgb-sequence=bgr,inverse",
        "hub75:multiplexing=Stripe,rgb-sequence=gbr,row-address=ab-shift",
    ])
    func everyUniqueLEDArrivesWhereItBelongs(_ text: String) throws {
        try HUB75VariantRig(text).expectUniqueFrameInPlace()
    }

    @Test func redGoesOutOnTheLineTheSequenceNames() throws {
        // grb: the line called R carries green and the one called G red.
        let c = try HUB75VariantRig("hub75:rows=16,cols=32,rgb-sequence=grb").configuration
        let encoder = HUB75Encoder(configuration: c)
        let planes = encoder.makePlanes()
        var frame = Frame(width: 32, height: 16)
        frame[0, 0] = LinearColor(red: 65535, green: 0, blue: 0)
        encoder.encode(frame, into: planes)
        #expect(planes.word(row: 0, plane: 10, column: 0) == UInt32(1) << UInt32(c.pinMap.chains[0].g1))
        #expect(HUB75ColourSequence.bgr.lineOfSignal == [2, 1, 0, 5, 4, 3])
    }

    @Test func anInverseRefreshDrivesDarkAsEveryColourLineHigh() throws {
        let rig = try HUB75VariantRig("hub75:rows=16,cols=32,inverse")
        try rig.refresher.refreshOnce()
        let colour = rig.configuration.pinMap.chains[0].lines.reduce(UInt64(0)) { $0 | UInt64(1) << UInt64($1) }
        #expect(rig.port.levels & colour == colour)
        #expect(rig.model.picture.pixels.allSatisfy { $0 == .black })
        // The same wire on a panel without inverted lines lights everything.
        let plain = HUB75Model(geometry: rig.configuration.geometry, pinMap: rig.configuration.pinMap)
        let frame = try rig.picture(on: plain)
        #expect(frame.pixels.allSatisfy { $0 != .black })
    }
}
