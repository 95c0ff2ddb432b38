import Testing
@testable import PixelCore

/// The seeded SplitMix64 generator and the stateless `Mix` hashes.
struct SeededRandomTests {
    // MARK: SeededRandom

    @Test func matchesTheSplitMix64ReferenceSequence() {
        // Reference outputs of SplitMix64 (Vigna) for seeds 0 and 42: the same bits on every CPU.
        var zero = SeededRandom(seed: 0)
        #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
        #expect(zero.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(zero.next() == 0x06C4_5D18_8009_454F)
        var fortyTwo = SeededRandom(seed: 42)
        #expect(fortyTwo.next() == 0xBDD7_3226_2FEB_6E95)
        #expect(fortyTwo.next() == 0x28EF_E333_B266_F103)
        #expect(fortyTwo.next() == 0x4752_6757_130F_9F52)
    }

    @Test func sameSeedGivesTheSameSequence() {
        var a = SeededRandom(seed: 0xC0FFEE), b = SeededRandom(seed: 0xC0FFEE)
        for _ in 0..<1000 {
            #expect(a.next() == b.next())
            #expect(a.int(in: -50...50) == b.int(in: -50...50))
            #expect(a.unit() == b.unit())
        }
    }

    @Test func differentSeedsGiveDifferentSequences() {
        var a = SeededRandom(seed: 1), b = SeededRandom(seed: 2)
        let first = (0..<16).map { _ in a.next() }, second = (0..<16).map { _ in b.next() }
        #expect(first != second)
        #expect(Set(first).count == 16)
    }

    @Test(arguments: [0...0, 5...5, 0...1, -3...3, 0...9, -1000...(-990), 1...6, 0...255, -(1 << 40)...(1 << 40),
                      Int.min...Int.max, Int.min...0, 0...Int.max, Int.min...(Int.min + 2), (Int.max - 2)...Int.max,
                      -1...Int.max, Int.min...1])
    func intStaysInRange(_ range: ClosedRange<Int>) {
        var random = SeededRandom(seed: 77)
        for _ in 0..<2000 {
            let value = random.int(in: range)
            #expect(range.contains(value), "\(value) outside \(range)")
        }
    }

    @Test func intHitsBothEndsOfSmallRanges() {
        var random = SeededRandom(seed: 3)
        var seen = Set<Int>()
        for _ in 0..<500 { seen.insert(random.int(in: -3...3)) }
        #expect(seen == Set(-3...3))
        seen.removeAll()
        for _ in 0..<500 { seen.insert(random.int(in: (Int.max - 2)...Int.max)) }
        #expect(seen == Set((Int.max - 2)...Int.max))
        seen.removeAll()
        for _ in 0..<500 { seen.insert(random.int(in: Int.min...(Int.min + 2))) }
        #expect(seen == Set(Int.min...(Int.min + 2)))
    }

    @Test func intIsRoughlyUniform() {
        var random = SeededRandom(seed: 0x5EED)
        let draws = 100_000
        var counts = [Int](repeating: 0, count: 10)
        for _ in 0..<draws { counts[random.int(in: 0...9)] += 1 }
        // Each bucket expects 10 000 with σ ≈ 95: allow ±5 %.
        for count in counts { #expect(abs(count - draws / 10) < 500, "\(counts)") }
        // Chi-square with 9 degrees of freedom: 27.9 is the 0.1 % critical value.
        let chiSquare = counts.reduce(0.0) { $0 + Double(($1 - draws / 10) * ($1 - draws / 10)) / Double(draws / 10) }
        #expect(chiSquare < 27.9, "χ² = \(chiSquare)")
    }

    @Test func intIsUniformOverAHugeSpanThatIsNotAPowerOfTwo() {
        // span = 3 · 2⁶¹: modulo reduction would favour the low third; Lemire's method does not.
        var random = SeededRandom(seed: 11)
        let top = 3 << 61 - 1
        var counts = [0, 0, 0]
        for _ in 0..<30_000 { counts[random.int(in: 0...top) / (1 << 61)] += 1 }
        for count in counts { #expect(abs(count - 10_000) < 500, "\(counts)") }
        var halves = [0, 0]
        for _ in 0..<20_000 { halves[random.int(in: Int.min...Int.max) < 0 ? 0 : 1] += 1 }
        for count in halves { #expect(abs(count - 10_000) < 500, "\(halves)") }
    }

    @Test func fixedUnitAndChanceStayInRange() {
        var random = SeededRandom(seed: 9)
        var lit = 0
        for _ in 0..<20_000 {
            let f = random.fixed(in: Fixed(-2)...Fixed(3, over: 2))
            #expect(f >= Fixed(-2) && f <= Fixed(3, over: 2))
            let u = random.unit()
            #expect(u >= .zero && u < .one)
            let always = random.chance(.one), never = random.chance(.zero)
            #expect(always && !never)
            if random.chance(Fixed(1, over: 4)) { lit += 1 }
        }
        #expect(abs(lit - 5000) < 300)
        let top = random.fixed(in: Fixed.max...Fixed.max), bottom = random.fixed(in: Fixed.min...Fixed.min)
        #expect(top == .max && bottom == .min)
        let wide = random.fixed(in: Fixed.min...Fixed.max)
        #expect(wide >= .min && wide <= .max)
    }

    @Test func worksAsARandomNumberGeneratorForTheStandardLibrary() {
        var a = SeededRandom(seed: 5), b = SeededRandom(seed: 5)
        let x = (0..<20).map { _ in Int.random(in: 0..<1000, using: &a) }
        let y = (0..<20).map { _ in Int.random(in: 0..<1000, using: &b) }
        #expect(x == y)
        var c = SeededRandom(seed: 5), d = SeededRandom(seed: 5)
        #expect(Array(0..<50).shuffled(using: &c) == Array(0..<50).shuffled(using: &d))
    }

    // MARK: Mix

    @Test func mixHashIsDeterministicAndPinned() {
        #expect(Mix.hash(0, 0) == 0x9A04_B598_3ED5_A094)
        #expect(Mix.hash(7, -1, 2, 3) == 0xA325_5518_54CB_5BF5)
        #expect(Mix.hash(123, 5, 6) == 0x7A41_2DD0_E34E_3756)
        #expect(Mix.hash(123, 5, 6) == Mix.hash(123, 5, 6, 0))
        for i in -100...100 { #expect(Mix.hash(99, i, i * 3, -i) == Mix.hash(99, i, i * 3, -i)) }
        #expect(Mix.finalize(0) == 0)
    }

    @Test func mixHashDiffersForNeighbouringInputs() {
        var seen = Set<UInt64>()
        var count = 0
        for seed in UInt64(0)..<4 {
            for a in -8...8 {
                for b in -8...8 {
                    for c in -3...3 {
                        seen.insert(Mix.hash(seed, a, b, c))
                        count += 1
                    }
                }
            }
        }
        #expect(seen.count == count)
        // Swapping arguments changes the hash too.
        #expect(Mix.hash(1, 2, 3) != Mix.hash(1, 3, 2))
        #expect(Mix.hash(1, 0, 0, 5) != Mix.hash(1, 0, 5, 0))
        #expect(Mix.hash(1, 5) != Mix.hash(5, 1))
    }

    @Test func mixHashAvalanchesNeighbouringInputs() {
        // Changing an input by one flips about half of the 64 output bits.
        var total = 0, samples = 0
        for a in 0..<500 {
            let base = Mix.hash(17, a, 4, 9)
            for neighbour in [Mix.hash(17, a + 1, 4, 9), Mix.hash(17, a, 5, 9), Mix.hash(17, a, 4, 10), Mix.hash(18, a, 4, 9)] {
                let flipped = (base ^ neighbour).nonzeroBitCount
                #expect(flipped >= 12, "only \(flipped) bits differ")
                total += flipped
                samples += 1
            }
        }
        let mean = Double(total) / Double(samples)
        #expect(mean > 30 && mean < 34, "mean flipped bits \(mean)")
    }

    @Test func mixUnitIsAFractionAndRoughlyUniform() {
        var below = 0
        for i in 0..<10_000 {
            let u = Mix.unit(3, i)
            #expect(u >= .zero && u < .one)
            if u < .half { below += 1 }
        }
        #expect(abs(below - 5000) < 250)
    }
}
