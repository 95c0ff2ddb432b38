import Foundation
import Testing
@testable import PixelPanels

@Suite struct HUB75TransferTests {
    @Test func linearIsValueTimesMaxLevelRoundedToNearest() {
        #expect(HUB75Transfer.linear.level(for: 0, maxLevel: 2047) == 0)
        #expect(HUB75Transfer.linear.level(for: 65535, maxLevel: 2047) == 2047)
        #expect(HUB75Transfer.linear.level(for: 32768, maxLevel: 2047) == 1024)   // 1023.52 → 1024
        #expect(HUB75Transfer.linear.level(for: 32767, maxLevel: 2047) == 1023)   // 1023.48 → 1023
        #expect(HUB75Transfer.linear.level(for: 16, maxLevel: 2047) == 0)         // 0.4998 → 0
        #expect(HUB75Transfer.linear.level(for: 17, maxLevel: 2047) == 1)         // 0.531 → 1
        #expect(HUB75Transfer.linear.level(for: 32768, maxLevel: 1) == 1)
        #expect(HUB75Transfer.linear.level(for: 32767, maxLevel: 1) == 0)
    }

    /// The CIE 1931 lightness → luminance formula, in Double, as the reference.
    func cieReference(_ value: Int) -> Double {
        let lightness = Double(value) * 100 / 65535
        return lightness <= 8 ? lightness * 27 / 24389 : pow((lightness + 16) / 116, 3)
    }

    @Test func cie1931MatchesTheFormulaWithinOneLevel() {
        var worst = 0.0
        for value in stride(from: 0, through: 65535, by: 7) {
            let exact = cieReference(value) * 65535
            let level = HUB75Transfer.cie1931.level(for: UInt16(value), maxLevel: 65535)
            worst = max(worst, abs(Double(level) - exact))
        }
        #expect(worst <= 0.5 + 1e-6)
    }

    @Test func cie1931HalfLightnessIsEighteenPercentLuminance() {
        // L* = 50 → Y = (66/116)³ ≈ 0.1842; 0.18419 × 2047 = 377.04.
        #expect(HUB75Transfer.cie1931.level(for: 32768, maxLevel: 2047) == 377)
        #expect(HUB75Transfer.cie1931.level(for: 65535, maxLevel: 2047) == 2047)
        #expect(HUB75Transfer.cie1931.level(for: 0, maxLevel: 2047) == 0)
    }

    @Test func cie1931NeverDecreases() {
        let levels = (0...65535).map { HUB75Transfer.cie1931.level(for: UInt16($0), maxLevel: 2047) }
        let firstDrop = levels.indices.dropFirst().first { levels[$0] < levels[$0 - 1] }
        #expect(firstDrop == nil)
    }
}
