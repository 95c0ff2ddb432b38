import Testing
@testable import PixelCore

/// Q16.16 fixed point: arithmetic, rounding, saturation, parsing and printing, square roots.
struct FixedTests {
    /// The exact value of a raw Q16.16 number.
    static func exact(_ raw: Int64) -> Double { Double(raw) / 65536 }

    // MARK: Construction

    @Test func integersAndFractionsConstructExactly() {
        #expect(Fixed(3).raw == 3 << 16)
        #expect(Fixed(-7).raw == -7 << 16)
        #expect(Fixed(1, over: 2) == .half)
        #expect(Fixed(-1, over: 8).raw == -8192)
        #expect(Fixed(1, over: 3).raw == 21845)   // 21845.33 rounds down
        #expect(Fixed(2, over: 3).raw == 43691)   // 43690.67 rounds up
        #expect(Fixed(-2, over: 3).raw == -43691)
        let literal: Fixed = 12
        #expect(literal == Fixed(12))
        #expect(Fixed.one.raw == 65536 && Fixed.ulp.raw == 1)
    }

    @Test func integerConstructionSaturatesOutsideTheRange() {
        #expect(Fixed(32767).raw == 32767 << 16)
        #expect(Fixed(-32768) == .min)
        #expect(Fixed(32768) == .max)
        #expect(Fixed(-32769) == .min)
        #expect(Fixed(1 << 40) == .max)
        #expect(Fixed(1 << 48) == .max)
        #expect(Fixed(-(1 << 48)) == .min)
        #expect(Fixed(Int.max) == .max)
        #expect(Fixed(Int.min) == .min)
    }

    @Test func ratioConstructionSaturatesAndHandlesLargeOperands() {
        #expect(Fixed(1, over: 0) == .max)
        #expect(Fixed(-1, over: 0) == .min)
        #expect(Fixed(1 << 20, over: 1) == .max)
        #expect(Fixed(-(1 << 20), over: 1) == .min)
        #expect(Fixed(1 << 48, over: 1) == .max)
        #expect(Fixed(-(1 << 48), over: 3) == .min)
        #expect(Fixed(Int.max, over: Int.max) == .one)
        #expect(Fixed(Int.max / 2, over: Int.max) == .half)
        #expect(Fixed(Int.min, over: Int.max) == -.one)
        #expect(Fixed(Int.max, over: -1) == .min)
        #expect(Fixed(1, over: Int.max) == .zero)
        #expect(Fixed(3 << 50, over: 1 << 51) == Fixed(3, over: 2))
    }

    // MARK: Arithmetic

    @Test func additionSubtractionAndNegationAreExact() {
        #expect(Fixed(2) + Fixed(1, over: 4) == Fixed(9, over: 4))
        #expect(Fixed(1, over: 4) - Fixed(2) == Fixed(-7, over: 4))
        #expect(-Fixed(5, over: 2) == Fixed(-5, over: 2))
        var x = Fixed(1)
        x += Fixed.half
        x -= Fixed(1, over: 4)
        #expect(x == Fixed(5, over: 4))
    }

    @Test func additionAndSubtractionSaturateAtBothEnds() {
        #expect(Fixed.max + .ulp == .max)
        #expect(Fixed.max + .max == .max)
        #expect(Fixed.min - .ulp == .min)
        #expect(Fixed.min + .min == .min)
        #expect(Fixed.min - .max == .min)
        #expect(Fixed.max - .min == .max)
        #expect(-Fixed.min == .max)
        #expect(-Fixed.max == Fixed(raw: -Int32.max))
        #expect(Fixed.min.magnitude == .max)
    }

    @Test func multiplicationRoundsToNearestWithTiesAwayFromZero() {
        #expect(Fixed(3) * Fixed(5, over: 2) == Fixed(15, over: 2))
        #expect(Fixed(-3) * Fixed(5, over: 2) == Fixed(-15, over: 2))
        // ulp · ½ = ½ ulp exactly: a tie, rounded away from zero.
        #expect(Fixed.ulp * .half == .ulp)
        #expect(-Fixed.ulp * .half == -.ulp)
        // ulp · ¼ is a quarter ulp: rounds to zero.
        #expect(Fixed.ulp * Fixed(1, over: 4) == .zero)
        #expect(Fixed(raw: 3) * Fixed(raw: 3 << 15) == Fixed(raw: 5))   // 4.5 → 5
        #expect(Fixed(raw: -3) * Fixed(raw: 3 << 15) == Fixed(raw: -5))
        var x = Fixed(3)
        x *= Fixed(1, over: 4)
        #expect(x == Fixed(3, over: 4))
    }

    @Test func multiplicationIsWithinHalfAnUlpOfTheExactProduct() {
        var random = SeededRandom(seed: 0x51)
        for _ in 0..<20_000 {
            let a = Fixed(raw: Int32(truncatingIfNeeded: random.next()) >> Int32(random.int(in: 0...24)))
            let b = Fixed(raw: Int32(truncatingIfNeeded: random.next()) >> Int32(random.int(in: 0...24)))
            let exactRaw = Double(a.raw) * Double(b.raw) / 65536
            guard abs(exactRaw) < Double(Int32.max) else { continue }
            let product = a * b
            #expect(abs(Double(product.raw) - exactRaw) <= 0.5, "\(a) * \(b) = \(product)")
        }
    }

    @Test func multiplicationSaturatesAtBothEnds() {
        #expect(Fixed(300) * Fixed(300) == .max)
        #expect(Fixed(-300) * Fixed(300) == .min)
        #expect(Fixed.min * Fixed.min == .max)
        #expect(Fixed.max * Fixed(-2) == .min)
        #expect(Fixed(300) * 300 == .max)
        #expect(Fixed(-300) * 300 == .min)
        #expect(Fixed(3, over: 2) * 4 == Fixed(6))
        #expect(Fixed(-3, over: 2) * -4 == Fixed(6))
        #expect(Fixed.ulp * Int.max == .max)
        #expect(Fixed.ulp * Int.min == .min)
        #expect(Fixed.max * Int.max == .max)
        #expect(Fixed.min * Int.max == .min)
        #expect(Fixed.min * Int.min == .max)
        #expect(Fixed(-1) * Int.min == .max)
        #expect(Fixed.zero * Int.max == .zero)
        #expect(-Fixed.ulp * (1 << 31) == .min)             // exactly −32768: representable
        #expect(Fixed.ulp * -(1 << 31) == .min)
        #expect(Fixed.ulp * ((1 << 31) - 1) == .max)
        #expect(Fixed(raw: -2) * (1 << 30) == .min)
    }

    @Test func divisionRoundsToNearestWithTiesAwayFromZero() {
        #expect(Fixed(7) / Fixed(2) == Fixed(7, over: 2))
        #expect(Fixed(1) / Fixed(3) == Fixed(raw: 21845))
        #expect(Fixed(2) / Fixed(3) == Fixed(raw: 43691))
        #expect(Fixed(-2) / Fixed(3) == Fixed(raw: -43691))
        #expect(Fixed(2) / Fixed(-3) == Fixed(raw: -43691))
        #expect(Fixed(-2) / Fixed(-3) == Fixed(raw: 43691))
        // ulp / 2 is exactly half an ulp: rounds away from zero.
        #expect(Fixed.ulp / Fixed(2) == .ulp)
        #expect(-Fixed.ulp / Fixed(2) == -.ulp)
        #expect(Fixed.ulp / 2 == .ulp)
        #expect(Fixed.ulp / 3 == .zero)
        #expect(Fixed(10) / 4 == Fixed(5, over: 2))
        #expect(Fixed(10) / -4 == Fixed(-5, over: 2))
    }

    @Test func divisionIsWithinHalfAnUlpOfTheExactQuotient() {
        var random = SeededRandom(seed: 0xD1)
        for _ in 0..<20_000 {
            let a = Fixed(raw: Int32(truncatingIfNeeded: random.next()) >> Int32(random.int(in: 0...24)))
            let b = Fixed(raw: Int32(truncatingIfNeeded: random.next()) >> Int32(random.int(in: 0...28)))
            guard b.raw != 0 else { continue }
            let exactRaw = Double(a.raw) * 65536 / Double(b.raw)
            guard abs(exactRaw) < Double(Int32.max) else { continue }
            let quotient = a / b
            #expect(abs(Double(quotient.raw) - exactRaw) <= 0.5, "\(a) / \(b) = \(quotient)")
        }
    }

    @Test func divisionSaturatesAndDivisionByZeroGivesTheEndOfTheRange() {
        #expect(Fixed(1000) / Fixed(1, over: 100) == .max)
        #expect(Fixed(-1000) / Fixed(1, over: 100) == .min)
        #expect(Fixed.min / Fixed(-1) == .max)
        #expect(Fixed.min / -1 == .max)
        #expect(Fixed(5) / Fixed.zero == .max)
        #expect(Fixed(-5) / Fixed.zero == .min)
        #expect(Fixed.zero / Fixed.zero == .max)
        #expect(Fixed(5) / 0 == .max)
        #expect(Fixed(-5) / 0 == .min)
        #expect(Fixed(5) / Int.max == .zero)
    }

    @Test func lerpAndClampBehave() {
        #expect(Fixed.lerp(Fixed(2), Fixed(6), .half) == Fixed(4))
        #expect(Fixed.lerp(Fixed(2), Fixed(6), .zero) == Fixed(2))
        #expect(Fixed.lerp(Fixed(2), Fixed(6), .one) == Fixed(6))
        #expect(Fixed(5).clamped(to: 0...1) == .one)
        #expect(Fixed(-5).clamped(to: 0...1) == .zero)
        #expect(Fixed.half.clamped(to: 0...1) == .half)
    }

    // MARK: Rounding to integers

    @Test func floorCeilAndRoundedHandleNegativesAndExactIntegers() {
        let cases: [(Fixed, floor: Int, ceil: Int, rounded: Int)] = [
            (Fixed(5, over: 2), 2, 3, 3),
            (Fixed(-5, over: 2), -3, -2, -2),     // ties toward +∞
            (Fixed(-7, over: 4), -2, -1, -2),
            (Fixed(-1, over: 4), -1, 0, 0),
            (Fixed(-3, over: 4), -1, 0, -1),
            (Fixed(-3), -3, -3, -3),
            (Fixed(3), 3, 3, 3),
            (-Fixed.ulp, -1, 0, 0),
            (Fixed.ulp, 0, 1, 0),
            (.zero, 0, 0, 0),
            (.max, 32767, 32768, 32768),
            (.min, -32768, -32768, -32768),
        ]
        for (value, floor, ceil, rounded) in cases {
            #expect(value.floor == floor, "floor of \(value)")
            #expect(value.ceil == ceil, "ceil of \(value)")
            #expect(value.rounded == rounded, "rounded of \(value)")
        }
    }

    @Test func floorCeilRoundedAndFractionAgreeWithDoubleForRandomValues() {
        var random = SeededRandom(seed: 0xF1)
        for _ in 0..<10_000 {
            let x = Fixed(raw: Int32(truncatingIfNeeded: random.next()))
            let d = x.doubleValue
            #expect(x.floor == Int(d.rounded(.down)))
            #expect(x.ceil == Int(d.rounded(.up)))
            #expect(x.rounded == Int((d + 0.5).rounded(.down)))
            #expect(x.fraction.doubleValue == d - d.rounded(.down))
            #expect(x.fraction >= .zero && x.fraction < .one)
        }
    }

    // MARK: Parsing and printing

    /// value · 2¹⁶ rounded half away from zero and saturated, in `Double` (exact: scaling by a
    /// power of two loses nothing, and `rounded()` rounds exactly).
    func literalReference(_ value: Double) -> Int32 {
        Int32(min(max((value * 65536).rounded(), -2_147_483_648), 2_147_483_647))
    }

    @Test func floatLiteralsRoundHalfAwayFromZeroAndSaturate() {
        let cases: [(Double, Int32)] = [
            (0.5, 0x8000), (-0.5, -0x8000), (0.95, 62259), (-0.95, -62259), (1.0 / 131072, 1), (-1.0 / 131072, -1),
            (1.0 / 131073, 0), (3.0 / 131072, 2), (0, 0), (-0.0, 0), (Double.leastNonzeroMagnitude, 0), (32767.99999, 2_147_483_647),
            (40000, Int32.max), (-40000, Int32.min), (-32768, Int32.min), (1e300, Int32.max), (-1e300, Int32.min),
            (Double.infinity, Int32.max), (-Double.infinity, Int32.min),
        ]
        for (value, raw) in cases {
            #expect(Fixed(floatLiteral: value).raw == raw, "\(value)")
            #expect(literalReference(value) == raw, "\(value)")
        }
        // Largest double below a tie: rounds down, where adding 0.5 in Double would round up.
        #expect(Fixed(floatLiteral: (0.5 / 65536).nextDown).raw == 0)
    }

    @Test func floatLiteralsAgreeWithDoubleRoundingForRandomValues() {
        var random = SeededRandom(seed: 0xF2)
        for _ in 0..<20_000 {
            // Random bit patterns across the exponents that matter (2⁻³⁰ … 2¹⁸), both signs,
            // and exact ties: k/2¹⁷.
            let bits = random.next()
            let exponent = UInt64(1023 - 30 + Int(bits % 48)) << 52
            let value = Double(bitPattern: (bits & (1 << 63 | (1 << 52 - 1))) | exponent)
            #expect(Fixed(floatLiteral: value).raw == literalReference(value), "\(value)")
            let tie = Double(Int64(truncatingIfNeeded: bits) >> 40) / 131072
            #expect(Fixed(floatLiteral: tie).raw == literalReference(tie), "\(tie)")
        }
    }

    @Test func parsesDecimalText() {
        #expect(Fixed("2.5") == Fixed(5, over: 2))
        #expect(Fixed("-0.125") == Fixed(-1, over: 8))
        #expect(Fixed("3") == Fixed(3))
        #expect(Fixed("+3") == Fixed(3))
        #expect(Fixed("-0") == .zero)
        #expect(Fixed("007.50") == Fixed(15, over: 2))
        #expect(Fixed(".5") == .half)
        #expect(Fixed("1.") == .one)
        #expect(Fixed("0.1") == Fixed(raw: 6554))          // 6553.6 → 6554
        #expect(Fixed("-0.1") == Fixed(raw: -6554))
        #expect(Fixed("32767.99998474121") == .max)
        #expect(Fixed("-32768") == .min)
        #expect(Fixed("-32768.0") == .min)
        #expect(Fixed("0.00000762939453125") == .ulp)        // exactly half an ulp: ties away from zero
        #expect(Fixed("0.0000076293945312") == .zero)        // just under half an ulp
        #expect(Fixed("0.00000762939453125000001") == .ulp)
        #expect(Fixed("0.0000076293945312499999999") == .zero)
        #expect(Fixed("-0.00000762939453125") == -.ulp)
        #expect(Fixed("1.00000000000000000000000000000000000001") == .one)
    }

    @Test(arguments: ["", "-", "+", ".", "-.", "abc", "1.2.3", "1,5", " 1", "1 ", "--1", "+-1", "1e3",
                      "0x10", "١٢", "½", "1.-5", "1.+5", "∞", "nan"])
    func rejectsMalformedText(_ text: String) {
        #expect(Fixed(text) == nil)
    }

    @Test(arguments: ["32768", "-32769", "32767.99999237060546875", "40000", "-32768.00001", "99999999999999999999999"])
    func rejectsTextOutsideTheRange(_ text: String) {
        #expect(Fixed(text) == nil)
    }

    @Test func descriptionPrintsShortDecimals() {
        #expect(Fixed(5, over: 2).description == "2.5")
        #expect(Fixed(-1, over: 8).description == "-0.125")
        #expect(Fixed(3).description == "3")
        #expect(Fixed(-3).description == "-3")
        #expect(Fixed.zero.description == "0")
        #expect(Fixed(-1, over: 2).description == "-0.5")
        #expect(Fixed(raw: 6554).description == "0.1")
        #expect(Fixed.min.description == "-32768")
        #expect(Fixed.ulp.description == "0.00002")
    }

    @Test func descriptionRoundTripsForRandomRawValues() {
        var random = SeededRandom(seed: 0xDE5C)
        var raws: [Int32] = [0, 1, -1, .max, .min, .max - 1, .min + 1, 65535, -65535, 32768, -32768]
        for _ in 0..<50_000 { raws.append(Int32(truncatingIfNeeded: random.next())) }
        for _ in 0..<10_000 { raws.append(Int32(truncatingIfNeeded: random.next()) >> 16) }
        for raw in raws {
            let value = Fixed(raw: raw)
            let text = value.description
            #expect(Fixed(text) == value, "\(raw) printed as \(text)")
            // At most 5 decimals, and no trailing zero after the point.
            if let point = text.firstIndex(of: ".") {
                let decimals = text[text.index(after: point)...]
                #expect(decimals.count <= 5 && decimals.last != "0", "\(raw) printed as \(text)")
            }
            // The text is the value to within half an ulp.
            #expect(abs(Double(text)! - value.doubleValue) <= 0.5 / 65536, "\(raw) printed as \(text)")
        }
    }

    @Test func descriptionIsShortestForEveryFraction() {
        // For every fraction, no shorter decimal than the one printed parses back to it.
        for frac in Int32(1)..<65536 {
            let value = Fixed(raw: frac)
            let text = value.description
            let decimals = text.split(separator: ".").last!.count
            if decimals > 1 {
                let shorter = decimals - 1
                var scale = 1.0
                for _ in 0..<shorter { scale *= 10 }
                let nearest = (value.doubleValue * scale).rounded() / scale
                let candidates = [nearest - 1 / scale, nearest, nearest + 1 / scale]
                for candidate in candidates where candidate >= 0 {
                    let shortText = Self.format(candidate, decimals: shorter)
                    #expect(Fixed(shortText) != value, "\(frac): \(text) but \(shortText) also parses back")
                }
            }
        }
    }

    /// `value` printed with exactly `decimals` decimals, without Foundation.
    static func format(_ value: Double, decimals: Int) -> String {
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int64((value * Double(scale)).rounded())
        let digits = String(scaled % scale)
        return String(scaled / scale) + "." + String(repeating: "0", count: decimals - digits.count) + digits
    }

    // MARK: Square roots

    @Test func squareRootIsTheExactFloorForManyValues() {
        var random = SeededRandom(seed: 0x5087)
        var raws: [Int32] = [0, 1, 2, 3, 4, 65535, 65536, 65537, 4 << 16, .max, .max - 1]
        for r in Int32(1)...2000 { raws.append(r * r); raws.append(r * r - 1) }
        for _ in 0..<50_000 { raws.append(Int32(truncatingIfNeeded: random.next() >> 33) >> Int32(random.int(in: 0...30))) }
        var worst = 0.0
        for raw in raws where raw >= 0 {
            let root = Fixed(raw: raw).squareRoot
            // floor(√(raw · 65536)) exactly, checked in integers…
            let n = UInt64(raw) << 16, r = UInt64(root.raw)
            #expect(r * r <= n && (r + 1) * (r + 1) > n, "√ of raw \(raw) gave raw \(root.raw)")
            // …and below the true root by less than one ulp.
            let error = Fixed(raw: raw).doubleValue.squareRoot() - root.doubleValue
            #expect(error >= 0 && error < 1.0 / 65536)
            worst = max(worst, error * 65536)
        }
        #expect(worst < 1)
    }

    @Test func squareRootOfKnownValues() {
        #expect(Fixed(4).squareRoot == Fixed(2))
        #expect(Fixed(1, over: 4).squareRoot == .half)
        #expect(Fixed(2).squareRoot == Fixed(raw: 92681))   // √2 · 65536 = 92681.9
        #expect(Fixed.max.squareRoot == Fixed(raw: 11863283))   // floor(√(2³¹−1) · 256)
        #expect(Fixed.zero.squareRoot == .zero)
        #expect(Fixed(-4).squareRoot == .zero)
        #expect(Fixed.min.squareRoot == .zero)
    }

    @Test func integerSquareRootIsExactAtUInt64EdgeCases() {
        let cases: [(UInt64, UInt64)] = [
            (0, 0), (1, 1), (2, 1), (3, 1), (4, 2), (8, 2), (9, 3), (15, 3), (16, 4),
            (UInt64.max, 4_294_967_295),
            (UInt64.max - 1, 4_294_967_295),
            (4_294_967_295 * 4_294_967_295, 4_294_967_295),
            (4_294_967_295 * 4_294_967_295 - 1, 4_294_967_294),
            (1 << 62, 1 << 31),
            ((1 << 62) - 1, (1 << 31) - 1),
            (1 << 63, 3_037_000_499),
            (UInt64(Int64.max), 3_037_000_499),
            (3_037_000_499 * 3_037_000_499, 3_037_000_499),
            (3_037_000_499 * 3_037_000_499 - 1, 3_037_000_498),
        ]
        for (value, root) in cases {
            #expect(integerSquareRoot(value) == root, "isqrt(\(value))")
        }
    }

    @Test func integerSquareRootIsTheFloorForRandomValues() {
        var random = SeededRandom(seed: 0x15)
        for _ in 0..<20_000 {
            let value = random.next() >> UInt64(random.int(in: 0...63))
            let r = integerSquareRoot(value)
            #expect(r <= 4_294_967_295)
            #expect(r * r <= value, "isqrt(\(value)) = \(r)")
            if r < 4_294_967_295 {
                #expect((r + 1) * (r + 1) > value, "isqrt(\(value)) = \(r)")
            }
        }
    }
}
