import Testing
@testable import PixelCore

@Suite struct EasingTests {
    /// Every progress value a curve can be given in 0...1, as Q16.16.
    static let everyProgress = (0...65536).map { Fixed(raw: Int32($0)) }

    @Test(arguments: Easing.allCases) func endpointsAreExactAndProgressIsClamped(_ easing: Easing) {
        #expect(easing.apply(.zero) == .zero)
        #expect(easing.apply(.one) == .one)
        #expect(easing.apply(-Fixed.one) == .zero)
        #expect(easing.apply(Fixed(2)) == .one)
    }

    @Test(arguments: Easing.allCases) func curvesNeverDecrease(_ easing: Easing) {
        let values = Self.everyProgress.map { easing.apply($0).raw }
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func linearIsTheProgressItself() {
        #expect(Self.everyProgress.allSatisfy { Easing.linear.apply($0) == $0 })
    }

    @Test func easeInOutPinnedValues() {
        func eased(_ raw: Int32) -> Int32 { Easing.easeInOut.apply(Fixed(raw: raw)).raw }
        #expect(eased(16384) == 4096)    // 4 · (1/4)³ = 1/16, exact
        #expect(eased(32768) == 32768)   // ½ → ½
        #expect(eased(49152) == 61440)   // 1 − 4 · (1/4)³ = 15/16
        #expect(eased(10000) == 932)     // mul(10000, 10000) = 1526, mul(1526, 10000) = 233, · 4 (true cubic: 931.3)
        #expect(eased(32767) == 32764)   // the last value below ½: mul gives 16383, then 8191
        #expect(eased(1) == 0)
        #expect(eased(65535) == 65536)
    }

    @Test func easeInOutHalvesMirrorEachOther() {
        #expect((0...65536).allSatisfy { p in
            Easing.easeInOut.apply(Fixed(raw: Int32(p))).raw + Easing.easeInOut.apply(Fixed(raw: Int32(65536 - p))).raw == 65536
        })
    }

    @Test func easeInOutIsWithinThreeUnitsOfTheTrueCubic() {
        var worst = 0.0
        for p in Self.everyProgress {
            let x = p.doubleValue
            let exact = x < 0.5 ? 4 * x * x * x : 1 - 4 * (1 - x) * (1 - x) * (1 - x)
            worst = max(worst, abs(Easing.easeInOut.apply(p).doubleValue - exact) * 65536)
        }
        #expect(worst <= 3)
        #expect(worst > 2.9)  // and the stated bound is tight (2.97 just below ½)
    }

    @Test func curvesKeepTheirParameterNames() {
        #expect(Easing.allCases.map(\.rawValue) == ["linear", "ease-in-out"])
    }
}

/// The blends and scales the renderer uses, each pinned to its stated integer formula.
@Suite struct BlendRoundingTests {
    @Test func canvasBlendRoundsHalvesUpAndGrowsWithTheWeight() {
        let one = LinearColor(red: 1, green: 0, blue: 0)
        #expect(Canvas.blend(one, over: .black, weight: 128) == one)  // ½ rounds up
        #expect(Canvas.blend(one, over: .black, weight: 127) == .black)
        var previous: UInt16 = 0
        for w in UInt32(0)...256 {
            let red = Canvas.blend(.white, over: .black, weight: w).red
            #expect(red == (w >= 256 ? 65535 : UInt16((65535 * w + 128) >> 8)))
            #expect(red >= previous)
            previous = red
        }
        #expect(previous == 65535)
    }

    @Test func scalingRoundsHalvesUp() {
        #expect(LinearColor(red: 1, green: 3, blue: 65535).scaled(by: .half) == LinearColor(red: 1, green: 2, blue: 32768))
        #expect(LinearColor(red: 1, green: 3, blue: 65535).scaled(by: Fixed(raw: 32767)) == LinearColor(red: 0, green: 1, blue: 32767))
    }

    @Test func opacityRoundsHalvesUp() {
        #expect(Color.white.withOpacity(.half).alpha == 128)
        #expect(Color(red: 0, green: 0, blue: 0, alpha: 1).withOpacity(.half).alpha == 1)
        #expect(Color.white.withOpacity(.one) == .white)
        #expect(Color.white.withOpacity(.zero).alpha == 0)
        #expect(Color.white.withOpacity(Fixed(3)).alpha == 255)
    }

    @Test func lerpEndsExactlyAndRoundsTiesAwayFromZero() {
        let a = Fixed(raw: 12345), b = Fixed(raw: -98765)
        #expect(Fixed.lerp(a, b, .zero) == a)
        #expect(Fixed.lerp(a, b, .one) == b)
        #expect(Fixed.lerp(.zero, Fixed(raw: 1), .half) == Fixed(raw: 1))  // +½ unit → +1
        #expect(Fixed.lerp(Fixed(raw: 1), .zero, .half) == .zero)          // 1 + (−½ unit → −1)
        #expect(Fixed.lerp(.zero, .one, Fixed(2)) == Fixed(2))             // t is not clamped
    }
}
