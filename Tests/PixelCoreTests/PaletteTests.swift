import Testing
@testable import PixelCore

/// The named palettes: data that must make sound tables.
struct PaletteTests {
    @Test func thereAreTwelveOrMoreUniquelyNamedPalettes() {
        #expect(Palette.all.count >= 12)
        #expect(Set(Palette.names).count == Palette.all.count)
        #expect(Palette.names.allSatisfy { name in !name.isEmpty && name.allSatisfy { $0.isLetter && $0.isLowercase } })
    }

    @Test(arguments: Palette.all)
    func aTableMeetsEveryStopExactly(_ palette: Palette) {
        let table = palette.table
        #expect(table.colors.count == 256)
        for stop in palette.stops { #expect(table[Int(stop.position)] == stop.color.linear, "\(palette.name) at \(stop.position)") }
    }

    @Test func betweenStopsTheMixIsInLinearLight() {
        let mono = Palette.named("mono")!.table
        // Halfway (127.5 of 255) in linear light, not sRGB's 128: 65535 · 128 / 255, rounded.
        #expect(mono[128].red == UInt16((65535 * 128 + 127) / 255))
        #expect(mono[0] == .black && mono[255] == .white)
        // Positions wrap: a rising value cycles round.
        #expect(mono[256] == mono[0] && mono[-1] == mono[255])
        #expect(mono.color(at: .half) == mono[128])
    }

    @Test func unknownNamesAreNotPalettes() {
        #expect(Palette.named("plaid") == nil)
        #expect(Palette.named("Rainbow") == nil)
    }
}
