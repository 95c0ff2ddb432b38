import Testing
import PixelCore
@testable import PixelPanels

struct OnOffDitherTests {
    func uniform(_ level: UInt16, width: Int = 16, height: Int = 16) -> Frame {
        var frame = Frame(width: width, height: height)
        for i in frame.pixels.indices { frame.pixels[i] = LinearColor(red: level, green: level, blue: level) }
        return frame
    }

    func litCount(_ frame: Frame) -> Int { frame.pixels.filter { $0 != .black }.count }

    @Test func noneLeavesThePictureToThePanelsThreshold() {
        let frame = uniform(20000)
        #expect(OnOffDither.none.apply(frame) == frame)
    }

    @Test func blackStaysDarkAndFullDriveLightsEveryLED() {
        for dither in [OnOffDither.ordered, .diffusion] {
            #expect(litCount(dither.apply(uniform(0))) == 0)
            #expect(litCount(dither.apply(uniform(65535))) == 256)
        }
    }

    @Test func theShareOfLitLEDsFollowsTheLinearLevel() {
        // Half of full light: half the LEDs, within a row's rounding for diffusion; exactly 8
        // of every 16 for the 4×4 matrix.
        let half = uniform(32768)
        #expect(litCount(OnOffDither.ordered.apply(half)) == 128)
        #expect(abs(litCount(OnOffDither.diffusion.apply(half)) - 128) <= 16)
        let quarter = uniform(16384)
        #expect(litCount(OnOffDither.ordered.apply(quarter)) == 64)
        #expect(abs(litCount(OnOffDither.diffusion.apply(quarter)) - 64) <= 16)
        // Only full white or black comes out, which the panel's threshold shows exactly.
        #expect(OnOffDither.diffusion.apply(quarter).pixels.allSatisfy { $0 == .black || $0 == LinearColor(red: 65535, green: 65535, blue: 65535) })
    }

    @Test func aRampLightsMoreLEDsTowardsItsBrightEnd() {
        var ramp = Frame(width: 64, height: 8)
        for y in 0..<8 { for x in 0..<64 { let v = UInt16(x * 65535 / 63); ramp[x, y] = LinearColor(red: v, green: v, blue: v) } }
        for dither in [OnOffDither.ordered, .diffusion] {
            let out = dither.apply(ramp)
            let perQuarter = (0..<4).map { q in (q * 16..<(q + 1) * 16).reduce(0) { n, x in n + (0..<8).filter { out[x, $0] != .black }.count } }
            #expect(perQuarter == perQuarter.sorted() && perQuarter[0] < perQuarter[3], "\(dither): \(perQuarter)")
        }
    }
}
