import PixelCore
import Testing
@testable import PixelImages

@Suite struct PanelPreviewTests {
    @Test func rawPreviewOfATwoLEDFrameGivesTheirSRGBValues() {
        var frame = Frame(width: 2, height: 1)
        frame[0, 0] = Color(red: 200, green: 100, blue: 50).linear
        frame[1, 0] = LinearColor(red: 65535, green: 0, blue: 32768)
        let image = PanelPreview.raw(frame)
        #expect(image.width == 2 && image.height == 1)
        #expect(image[0, 0] == Color(red: 200, green: 100, blue: 50))
        #expect(image[1, 0] == LinearColor(red: 65535, green: 0, blue: 32768).srgb)
        #expect(image[1, 0] == Color(red: 255, green: 0, blue: 188))
        #expect(PanelPreview.render(frame, style: .raw) == image)
    }

    @Test func dotsPutTheLEDColourAtEachDotCentreAndBlackAtTheCornersBetweenDots() {
        var frame = Frame(width: 3, height: 2)
        let colors = [Color(red: 255, green: 0, blue: 0), Color(red: 0, green: 255, blue: 0),
                      Color(red: 0, green: 0, blue: 255), Color(red: 255, green: 255, blue: 255),
                      Color(red: 12, green: 200, blue: 99), Color(red: 128, green: 128, blue: 128)]
        for (i, c) in colors.enumerated() { frame[i % 3, i / 3] = c.linear }
        let image = PanelPreview.dots(frame, scale: 8)
        #expect(image.width == 24 && image.height == 16)
        let black = Color(red: 0, green: 0, blue: 0)
        for (i, c) in colors.enumerated() {
            let x0 = (i % 3) * 8, y0 = (i / 3) * 8
            // The centre of the 8×8 cell lies between pixels 3 and 4; all four are fully covered.
            for (dx, dy) in [(3, 3), (4, 3), (3, 4), (4, 4)] {
                #expect(image[x0 + dx, y0 + dy] == c)
            }
            for (dx, dy) in [(0, 0), (7, 0), (0, 7), (7, 7)] {
                #expect(image[x0 + dx, y0 + dy] == black)
            }
        }
        #expect(PanelPreview.render(frame, style: .dots(scale: 8)) == image)
    }

    @Test func dotEdgesAreAntiAliasedInLinearLight() {
        var frame = Frame(width: 1, height: 1)
        frame[0, 0] = .white
        let image = PanelPreview.dots(frame, scale: 8)
        let table = PanelPreview.coverageTable(scale: 8)
        // Some pixels are partly covered, and their sRGB value is the linear coverage encoded.
        let partial = table.enumerated().filter { $0.element > 0 && $0.element < 16 }
        #expect(!partial.isEmpty)
        for (i, amount) in partial {
            let level = UInt16((65535 * Int(amount) + 8) / 16)
            #expect(image[i % 8, i / 8] == LinearColor(red: level, green: level, blue: level).srgb)
        }
    }

    @Test func dotDiameterIsEightyPercentOfThePitch() {
        for scale in [1, 2, 5, 8, 64] {
            let table = PanelPreview.coverageTable(scale: scale)
            let covered = table.reduce(0) { $0 + Int($1) }
            // Area of a circle of diameter 0.8·scale, in 1/16-pixel units: π·(0.4·scale)²·16.
            // At scale 1 the 4×4 subsamples are too coarse to measure it (12 of 16 are inside).
            let expected = Double.pi * 0.16 * Double(scale * scale) * 16
            let tolerance = scale >= 8 ? 0.02 : 0.05
            if scale >= 5 { #expect(abs(Double(covered) - expected) <= tolerance * expected, "scale \(scale)") }
            // Symmetric under horizontal, vertical and diagonal flips.
            for y in 0..<scale {
                for x in 0..<scale {
                    let v = table[y * scale + x]
                    #expect(v == table[y * scale + (scale - 1 - x)])
                    #expect(v == table[(scale - 1 - y) * scale + x])
                    #expect(v == table[x * scale + y])
                }
            }
            // From scale 5 up, the corner pixels of a cell are dark.
            if scale >= 5 { #expect(table[0] == 0) }
        }
    }
}
