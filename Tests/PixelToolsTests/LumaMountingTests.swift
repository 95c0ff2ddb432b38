import PixelCore
import Testing

/// luma.led_matrix's default block order, in the new terms: a generic module row turned over.
struct LumaMountingTests {
    @Test func lumasDefaultIsAGenericRowTurnedOver() throws {
        let folder = ThirdPartyFixtures.folder("luma")
        let expected = try ThirdPartyFixtures.picture(folder + "/picture.txt")
        // The model draws the generic row as built; turned over, it reads as luma drew it.
        let target = try ThirdPartyFixtures.decode(folder + "/max7219-orientation0.jsonl", panel: "max7219:chips=4,module=generic,rotate=180")
        let rows = ThirdPartyFixtures.rows(target.model.picture)
        #expect(rows.reversed().map { String($0.reversed()) } == expected)
    }
}
