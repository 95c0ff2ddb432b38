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

    /// A `width × height` frame of one colour.
    func filled(_ colour: LinearColor, width: Int = 16, height: Int = 16) -> Frame {
        var frame = Frame(width: width, height: height)
        for i in frame.pixels.indices { frame.pixels[i] = colour }
        return frame
    }

    @Test func redAndGreenDiesAreDitheredEachFromItsOwnChannel() {
        let red = LinearColor(red: 65535, green: 0, blue: 0), green = LinearColor(red: 0, green: 65535, blue: 0)
        let yellow = LinearColor(red: 65535, green: 65535, blue: 0)
        for dither in [OnOffDither.ordered, .diffusion] {
            // Full red, green and yellow stay themselves on every LED; blue lights no die.
            #expect(dither.apply(filled(red), dies: .redGreen).pixels.allSatisfy { $0 == red }, "\(dither)")
            #expect(dither.apply(filled(green), dies: .redGreen).pixels.allSatisfy { $0 == green }, "\(dither)")
            #expect(dither.apply(filled(yellow), dies: .redGreen).pixels.allSatisfy { $0 == yellow }, "\(dither)")
            #expect(litCount(dither.apply(filled(LinearColor(red: 0, green: 0, blue: 65535)), dies: .redGreen)) == 0, "\(dither)")
            // A dim red lights red dies only, in the share of its level: never green, never yellow.
            let dimRed = dither.apply(filled(LinearColor(red: 32768, green: 0, blue: 0)), dies: .redGreen)
            #expect(dimRed.pixels.allSatisfy { $0 == red || $0 == .black }, "\(dither)")
            #expect(abs(litCount(dimRed) - 128) <= 16, "\(dither)")
        }
    }

    @Test func singleDiesKeepTheMeanOfTheChannels() {
        // Full red is a third of full light on a one-colour LED: a third of the LEDs, in white.
        for dither in [OnOffDither.ordered, .diffusion] {
            let out = dither.apply(filled(LinearColor(red: 65535, green: 0, blue: 0)))
            #expect(out == dither.apply(filled(LinearColor(red: 65535, green: 0, blue: 0)), dies: .single))
            #expect(out.pixels.allSatisfy { $0 == .black || $0 == LinearColor(red: 65535, green: 65535, blue: 65535) })
            #expect(abs(litCount(out) - 85) <= 16, "\(dither): \(litCount(out))")
        }
    }
}
