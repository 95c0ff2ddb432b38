import Foundation
import Testing
@testable import PixelCore

/// `Angle` and the integer trigonometry in `Trig`, measured against `Double`.
struct TrigonometryTests {
    /// The angle of `raw` units in radians.
    static func radians(_ raw: Int) -> Double { Double(raw) / 65536 * 2 * Double.pi }

    /// `angle − reference` in raw units, wrapped into −32768 ..< 32768 (angles are modulo one turn).
    static func angleError(_ angle: Angle, reference radians: Double) -> Double {
        let referenceRaw = radians / (2 * Double.pi) * 65536
        var difference = (Double(angle.raw) - referenceRaw).truncatingRemainder(dividingBy: 65536)
        if difference >= 32768 { difference -= 65536 }
        if difference < -32768 { difference += 65536 }
        return difference
    }

    /// Largest |sin error| in raw Q16.16 units over every angle in a turn.
    static func worstSineError() -> Double {
        var worst = 0.0
        for raw in 0..<65536 {
            let error = Double(Trig.sine(Angle(raw: Int32(raw))).raw) - sin(radians(raw)) * 65536
            worst = max(worst, abs(error))
        }
        return worst
    }

    // MARK: Sine and cosine

    @Test func sineIsWithinTwoUnitsOfDoubleForEveryAngle() {
        let worst = Self.worstSineError()
        #expect(worst <= 2, "max |sin error| = \(worst) units of 1/65536")
    }

    @Test func cosineIsWithinTwoUnitsOfDoubleForEveryAngle() {
        var worst = 0.0
        for raw in 0..<65536 {
            let error = Double(Trig.cosine(Angle(raw: Int32(raw))).raw) - cos(Self.radians(raw)) * 65536
            worst = max(worst, abs(error))
        }
        #expect(worst <= 2, "max |cos error| = \(worst) units of 1/65536")
    }

    @Test func sineAndCosineAreExactAtQuarterTurns() {
        #expect(Trig.sine(.zero) == .zero)
        #expect(Trig.sine(.quarterTurn) == .one)
        #expect(Trig.sine(.halfTurn) == .zero)
        #expect(Trig.sine(Angle(raw: 3 << 14)) == -.one)
        #expect(Trig.cosine(.zero) == .one)
        #expect(Trig.cosine(.quarterTurn) == .zero)
        #expect(Trig.cosine(.halfTurn) == -.one)
        #expect(Trig.cosine(Angle(raw: 3 << 14)) == .zero)
        // 30° is not a whole number of units (5461.33), so sin 30° is only close to ½.
        #expect(abs(Trig.sine(.degrees(30)).raw - 32768) <= 2)
        #expect(abs(Trig.cosine(.degrees(60)).raw - 32768) <= 2)
    }

    @Test func sineIsOddAndPeriodicAndCosineIsEven() {
        for raw in stride(from: Int32(-70_000), through: 70_000, by: 7) {
            let a = Angle(raw: raw)
            #expect(Trig.sine(Angle(raw: -raw)) == -Trig.sine(a))
            #expect(Trig.cosine(Angle(raw: -raw)) == Trig.cosine(a))
            #expect(Trig.sine(a + .fullTurn) == Trig.sine(a))
            #expect(Trig.sine(a.normalized) == Trig.sine(a))
        }
        #expect(Trig.sine(Angle(raw: .max)) == Trig.sine(Angle(raw: 0xFFFF)))
        #expect(Trig.sine(Angle(raw: .min)) == .zero)
    }

    @Test func sineSquaredPlusCosineSquaredIsOne() {
        var worst: Int32 = 0
        for raw in 0..<65536 {
            let a = Angle(raw: Int32(raw))
            let s = Trig.sine(a), c = Trig.cosine(a)
            worst = max(worst, abs((s * s + c * c - .one).raw))
        }
        #expect(worst <= 4)
    }

    // MARK: Arctangent

    /// Vectors covering every axis, every octant boundary, both sides of each, tiny and huge ones.
    static var arctangentVectors: [(y: Int32, x: Int32)] {
        var vectors: [(y: Int32, x: Int32)] = []
        let magnitudes: [Int32] = [1, 2, 3, 7, 100, 255, 256, 1000, 65535, 65536, 65537, 1 << 20,
                                   123_456_789, Int32.max - 1, Int32.max]
        for m in magnitudes {
            for (sy, sx) in [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)] as [(Int32, Int32)] {
                vectors.append((sy * m, sx * m))              // axes and diagonals
                if m > 1 {
                    vectors.append((sy * m + (sy == 0 ? 1 : 0), sx * m))   // just off them
                    vectors.append((sy * m, sx * m - (sx == 0 ? 1 : 0)))
                    vectors.append((sy * (m - 1), sx * m))
                    vectors.append((sy * m, sx * (m - 1)))
                }
            }
        }
        vectors.append((Int32.min, 0))
        vectors.append((0, Int32.min))
        vectors.append((Int32.min, Int32.min))
        vectors.append((Int32.min, Int32.max))
        vectors.append((1, Int32.min))
        vectors.append((-1, Int32.min))
        // A grid in every quadrant, at several scales.
        for scale in [1, 37, 4096, 1 << 16, 1 << 22] as [Int32] {
            for y in stride(from: Int32(-64), through: 64, by: 3) {
                for x in stride(from: Int32(-64), through: 64, by: 5) {
                    vectors.append((y * scale, x * scale))
                }
            }
        }
        // Every ratio step near the table's resolution.
        for i in Int32(0)...2048 { vectors.append((i * 32, 65536)); vectors.append((65536, -i * 32)) }
        var random = SeededRandom(seed: 0xA7A2)
        for _ in 0..<20_000 {
            let shift = Int32(random.int(in: 0...30))
            vectors.append((Int32(truncatingIfNeeded: random.next()) >> shift, Int32(truncatingIfNeeded: random.next()) >> shift))
        }
        return vectors
    }

    @Test func arctangentIsWithinOneUnitOfDoubleForEveryVector() {
        var worst = 0.0
        for (y, x) in Self.arctangentVectors where x != 0 || y != 0 {
            let angle = Trig.arctangent2(y: Fixed(raw: y), x: Fixed(raw: x))
            #expect(angle.raw >= 0 && angle.raw < 65536)
            let error = Self.angleError(angle, reference: atan2(Double(y), Double(x)))
            worst = max(worst, abs(error))
            #expect(abs(error) <= 1, "atan2(\(y), \(x)) = \(angle.raw), error \(error)")
        }
        #expect(worst <= 1)
    }

    @Test func arctangentOfAxesAndDiagonalsIsExact() {
        let cases: [(y: Int64, x: Int64, raw: Int32)] = [
            (0, 5, 0), (5, 5, 8192), (5, 0, 16384), (5, -5, 24576),
            (0, -5, 32768), (-5, -5, 40960), (-5, 0, 49152), (-5, 5, 57344),
            (0, 1, 0), (1, 0, 16384), (0, -1, 32768), (-1, 0, 49152),
        ]
        for (y, x, raw) in cases {
            #expect(Trig.arctangent2(y: y, x: x).raw == raw, "atan2(\(y), \(x))")
        }
        #expect(Trig.arctangent2(y: Int64(0), x: 0) == .zero)
        #expect(Trig.arctangent2(y: Fixed.zero, x: Fixed.zero) == .zero)
        // Just below the +x axis is just under a full turn, not negative.
        #expect(Trig.arctangent2(y: Int64(-1), x: 1 << 20).raw == 0)          // rounds to a full turn, wrapped to 0
        #expect(Trig.arctangent2(y: Int64(-1), x: 100).raw == 65536 - 104)   // atan(0.01)/2π · 65536 = 104.3
    }

    @Test func arctangentAcceptsAnyInt64Scale() {
        let huge: [(y: Int64, x: Int64)] = [
            (Int64.max, Int64.max), (Int64.min, Int64.max), (1 << 62, 1 << 61), (-(1 << 50), 3 << 49),
            (Int64.min, Int64.min), (1 << 48, 1 << 48), (1 << 47, -(1 << 49)), (5, Int64.max), (Int64.min, 1),
        ]
        for (y, x) in huge {
            let angle = Trig.arctangent2(y: y, x: x)
            let error = Self.angleError(angle, reference: atan2(Double(y), Double(x)))
            #expect(abs(error) <= 1, "atan2(\(y), \(x)) = \(angle.raw), error \(error)")
        }
        // Scaling both components leaves the angle unchanged.
        for (y, x) in [(3, 4), (-7, 2), (1, -1000), (-999, -1)] as [(Int64, Int64)] {
            let reference = Trig.arctangent2(y: y, x: x)
            for shift in [8, 20, 40, 50, 53] as [Int64] {
                #expect(Trig.arctangent2(y: y << shift, x: x << shift) == reference, "(\(y), \(x)) << \(shift)")
            }
        }
    }

    @Test func arctangentOfSineAndCosineGivesEveryAngleBackExactly() {
        var worst: Int32 = 0
        for raw in 0..<65536 {
            let a = Angle(raw: Int32(raw))
            let back = Trig.arctangent2(y: Trig.sine(a), x: Trig.cosine(a))
            var difference = (back.raw - a.raw) & 0xFFFF
            if difference >= 32768 { difference -= 65536 }
            worst = max(worst, abs(difference))
        }
        #expect(worst == 0, "max |atan2(sin a, cos a) − a| = \(worst) units")
    }

    // MARK: Angle

    @Test func degreesConvertToTurns() {
        #expect(Angle.degrees(0) == .zero)
        #expect(Angle.degrees(90) == .quarterTurn)
        #expect(Angle.degrees(180) == .halfTurn)
        #expect(Angle.degrees(360) == .fullTurn)
        #expect(Angle.degrees(-90).raw == -16384)
        #expect(Angle.degrees(45).raw == 8192)
        #expect(Angle.degrees(1).raw == 182)               // 182.04
        #expect(Angle.degrees(-1).raw == -182)
        #expect(Angle.degrees(720).raw == 131_072)
        #expect(Angle.degrees(Fixed(22)).raw == 4005)       // 4004.98
        #expect(Angle.degrees(Fixed("22.5")!).raw == 4096)
        #expect(Angle.degrees(Fixed("-0.5")!).raw == -91)   // −91.02
        #expect(Angle.degrees(Int.max) == Angle(raw: .max))  // saturates
        for d in -720...720 {
            #expect(abs(Angle.degrees(d).degreesValue - Double(d)) <= 0.5 * 360 / 65536)
        }
    }

    @Test func angleArithmeticWrapsAndNormalizes() {
        #expect(Angle.quarterTurn + .quarterTurn == .halfTurn)
        #expect((Angle.zero - .quarterTurn).raw == -16384)
        #expect((Angle.zero - .quarterTurn).normalized.raw == 49152)
        #expect(Angle(raw: 65536 + 5).normalized.raw == 5)
        #expect(Angle(raw: .max) + Angle(raw: 1) == Angle(raw: .min))
        #expect(Angle.quarterTurn * Fixed(3) == Angle(raw: 3 << 14))
        #expect(Angle.halfTurn * Fixed.half == .quarterTurn)
        #expect(Angle(turns: Fixed(1, over: 8)).raw == 8192)
        #expect(Angle.quarterTurn.turns == Fixed(1, over: 4))
        #expect(Angle.halfTurn.degreesValue == 180)
        #expect(Angle.degrees(-90) < .zero)
    }
}
