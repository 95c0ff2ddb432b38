import Testing
import PixelCore
@testable import PixelEffects

struct BouncingLogoTests {
    /// 64×32 panel, 16-LED logo (9.5 tall): travel ranges 48 × 22.5 LEDs.
    func cornerBouncer(vy: Fixed = 11.25) -> BouncingLogo {
        BouncingLogo(width: 64, height: 32, logoWidth: 16, start: .zero, velocity: Point(x: 24, y: vy), seed: 7)
    }

    @Test func logoNeverLeavesThePanel() {
        let logo = BouncingLogo(width: 64, height: 32, speed: 37, sizePercent: 35, seed: 3)
        for ms in stride(from: 0, to: 120_000, by: 17) {
            let p = logo.position(at: .milliseconds(ms))
            #expect(p.x >= .zero && p.x + logo.logoWidth <= 64)
            #expect(p.y >= .zero && p.y + logo.logoHeight <= 32)
        }
    }

    @Test func overshootPastAnEdgeIsReflected() {
        let logo = cornerBouncer()
        // x: 24 LEDs/s over a 48-LED range. At 2.5 s the unfolded x is 60: 12 past the far edge,
        // so the logo is 12 back from it, at 36.
        #expect(logo.position(at: .milliseconds(2500)).x == 36)
        #expect(logo.position(at: .seconds(4)).x == 0)
        #expect(logo.position(at: .seconds(5)).x == 24)
    }

    @Test func exactCornerHitsAreDetectedAndCounted() {
        var logo = cornerBouncer()
        logo.advance(to: .seconds(10))
        // Both axes take exactly 2 s per crossing: every hit is a corner.
        #expect(logo.cornerHits == 5)
        #expect(logo.colourChanges == 5)
    }

    @Test func nearMissIsNotACorner() {
        var logo = cornerBouncer(vy: 11.25 + Fixed.ulp)
        logo.advance(to: .seconds(10))
        #expect(logo.cornerHits == 0)
        #expect(logo.colourChanges == 10)
    }

    @Test func everyEdgeHitChangesTheColour() {
        var logo = BouncingLogo(width: 64, height: 32, logoWidth: 16, start: Point(x: 5, y: 3), velocity: Point(x: 20, y: 7), seed: 1)
        var lastHue = logo.hue
        var changes: Int64 = 0
        for ms in stride(from: 0, through: 30_000, by: 10) {
            logo.advance(to: .milliseconds(ms))
            if logo.hue != lastHue { changes += 1 }
            lastHue = logo.hue
        }
        // x: ⌊(5 + 20·30) / 48⌋ = 12 hits; y: ⌊(3 + 7·30) / 22.5⌋ = 9 hits; no corner.
        #expect(logo.cornerHits == 0)
        #expect(logo.colourChanges == 21)
        #expect(changes == 21)
    }

    @Test func countersAreTheSameWhetherAdvancedOnceOrFrameByFrame() {
        var stepped = BouncingLogo(width: 40, height: 24, speed: 31, sizePercent: 40, seed: 11)
        var jumped = stepped
        for k in 0...(24 * 60) { stepped.advance(to: .frame(k, fps: 24)) }
        jumped.advance(to: .seconds(60))
        #expect(stepped.colourChanges == jumped.colourChanges)
        #expect(stepped.hue == jumped.hue)
        #expect(stepped.cornerHits == jumped.cornerHits)
        // Seeking back replays to the same state.
        jumped.advance(to: .seconds(5))
        var fresh = BouncingLogo(width: 40, height: 24, speed: 31, sizePercent: 40, seed: 11)
        fresh.advance(to: .seconds(5))
        #expect(jumped.hue == fresh.hue && jumped.colourChanges == fresh.colourChanges)
    }

    @Test func logoLightsOnlyInsideItsBox() {
        var logo = BouncingLogo(width: 64, height: 32, speed: 12, sizePercent: 35, seed: 5)
        let time = FrameTime.milliseconds(1234)
        let frame = renderFrame(&logo, width: 64, height: 32, at: time)
        let p = logo.position(at: time)
        var lit = 0
        for y in 0..<32 {
            for x in 0..<64 where frame[x, y] != .black {
                lit += 1
                #expect(Fixed(x + 1) > p.x && Fixed(x) < p.x + logo.logoWidth)
                #expect(Fixed(y + 1) > p.y && Fixed(y) < p.y + logo.logoHeight)
            }
        }
        #expect(lit > 40)
    }
}

struct BouncingLogoClosedFormTests {
    @Test func closedFormCornerCountAgreesWithCheckingEveryHit() {
        var rng = SeededRandom(seed: 99)
        for _ in 0..<300 {
            // Small integer-ish speeds and sizes make corners common enough to count.
            let logo = BouncingLogo(width: rng.int(in: 8...64), height: rng.int(in: 8...64), logoWidth: Fixed(rng.int(in: 2...6)),
                                    start: Point(x: Fixed(rng.int(in: 0...4)), y: Fixed(rng.int(in: 0...4))),
                                    velocity: Point(x: Fixed(rng.int(in: -12...12)) / 2, y: Fixed(rng.int(in: -12...12)) / 2), seed: 1)
            let hits = logo.x.hits(at: .seconds(400))
            let brute = hits > 0 ? (1...hits).filter { logo.isCorner(xHit: $0) }.count : 0
            #expect(logo.cornerCount(throughXHit: hits) == Int64(brute))
        }
    }

    @Test func consecutiveColoursAlwaysDifferClearly() {
        let logo = BouncingLogo(width: 64, height: 32, speed: 12, sizePercent: 35, seed: 3)
        for n in Int64(0)..<2000 {
            let step = (logo.hue(afterChanges: n + 1).raw - logo.hue(afterChanges: n).raw) & 0xFFFF
            #expect(step >= 17_000 && step <= 32_500, "change \(n): \(step)")  // 93°…179°
        }
    }

    @Test func seekingYearsAheadIsAsCheapAsTheNextFrame() {
        var logo = BouncingLogo(width: 64, height: 32, speed: 500, sizePercent: 20, seed: 4)
        logo.advance(to: .seconds(10 * 365 * 86400))
        #expect(logo.colourChanges > 1_000_000_000)
    }
}

extension BouncingLogo {
    /// The brute-force oracle for `cornerCount`: whether x-hit `n` happens at the same instant
    /// as some y-hit. At T = (X_n − x₀)/vx the unfolded y is y₀ + vy·T, a corner when that is a
    /// multiple of the y range: (y₀·vx + vy·(X_n − x₀)) ≡ 0 mod (range_y·vx).
    func isCorner(xHit n: Int64) -> Bool {
        guard y.range > 0, y.velocity != .zero else { return false }
        let dx = Int128(x.unfoldedPosition(ofHit: n) - x.start)
        let vx = Int128(x.velocity.raw), vy = Int128(y.velocity.raw)
        return (Int128(y.start) * vx + vy * dx) % (Int128(y.range) * vx) == 0
    }
}
