import Foundation
import Testing
@testable import PixelCore

/// sRGB colours, their conversion to and from 16-bit linear light, hex parsing, opacity and hue.
struct ColorTests {
    /// The IEC 61966-2-1 sRGB decoding function, on 0...1.
    static func srgbToLinear(_ code: Int) -> Double {
        let c = Double(code) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    // MARK: sRGB ↔ linear

    @Test func srgbTableMatchesTheIECFormulaWithinOneUnit() {
        var worst = 0.0
        for code in 0...255 {
            let level = Color(red: UInt8(code), green: 0, blue: 0).linear.red
            let error = abs(Double(level) - Self.srgbToLinear(code) * 65535)
            worst = max(worst, error)
            #expect(error <= 1, "sRGB \(code) → \(level)")
        }
        #expect(worst <= 0.5)   // the table is the formula rounded to nearest
    }

    @Test func srgbTableIsStrictlyIncreasingFromBlackToFullDrive() {
        #expect(Color.black.linear == .black)
        #expect(Color.white.linear == .white)
        for code in 1...255 {
            #expect(Tables.srgbToLinear[code] > Tables.srgbToLinear[code - 1])
        }
    }

    @Test func channelsConvertIndependently() {
        let c = Color(red: 255, green: 128, blue: 0, alpha: 17)
        #expect(c.linear.red == 65535)
        #expect(c.linear.green == Tables.srgbToLinear[128])
        #expect(c.linear.blue == 0)
        #expect(Tables.srgbToLinear[128] == 14_146)   // 0.2158605 · 65535
    }

    @Test func linearToSrgbInvertsSrgbToLinearForAll256Levels() {
        for code in 0...255 {
            let c = Color(red: UInt8(code), green: UInt8(255 - code), blue: UInt8(code / 2))
            #expect(c.linear.srgb == c, "sRGB \(code)")
        }
    }

    @Test func linearToSrgbPicksTheCodeWithTheNearestLevel() {
        let table = Tables.srgbToLinear.map(Int.init)
        var below = 0   // the largest code whose level is ≤ level (the table increases)
        for level in 0...65535 {
            while below < 255 && table[below + 1] <= level { below += 1 }
            let best = min(level - table[below], below < 255 ? table[below + 1] - level : Int.max)
            let code = Int(LinearColor.encode(UInt16(level)))
            #expect(abs(table[code] - level) == best, "level \(level) → code \(code)")
            // A level halfway between two codes goes to the lower one.
            if below < 255 && level - table[below] == table[below + 1] - level { #expect(code == below) }
        }
        #expect(LinearColor(red: 65535, green: 0, blue: 32768).srgb == Color(red: 255, green: 0, blue: 188))
    }

    @Test func frameSrgbBytesEncodeEveryChannelInOrder() {
        var frame = Frame(width: 3, height: 2)
        for i in frame.pixels.indices {
            frame.pixels[i] = LinearColor(red: UInt16(i * 9000), green: UInt16(65535 - i * 7000), blue: UInt16(i * i * 1500))
        }
        #expect(frame.srgbBytes == frame.pixels.flatMap { p in [p.srgb.red, p.srgb.green, p.srgb.blue] })
        #expect(Frame(width: 1, height: 1).srgbBytes == [0, 0, 0])
    }

    @Test func scalingLinearLightRoundsAndClamps() {
        #expect(LinearColor.white.scaled(by: .half) == LinearColor(red: 32768, green: 32768, blue: 32768))
        #expect(LinearColor.white.scaled(by: .one) == .white)
        #expect(LinearColor.white.scaled(by: Fixed(2)) == .white)
        #expect(LinearColor.white.scaled(by: Fixed(-1)) == .black)
        #expect(LinearColor(red: 1000, green: 3, blue: 0).scaled(by: Fixed(1, over: 4)) == LinearColor(red: 250, green: 1, blue: 0))
    }

    // MARK: Hex

    @Test func parsesHexInEveryAcceptedForm() {
        #expect(Color(hex: "#FF8000") == Color(red: 255, green: 128, blue: 0))
        #expect(Color(hex: "ff8000") == Color(red: 255, green: 128, blue: 0))
        #expect(Color(hex: "#aBcDeF") == Color(red: 0xAB, green: 0xCD, blue: 0xEF))
        #expect(Color(hex: "#11223344") == Color(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x44))
        #expect(Color(hex: "00000000") == .clear)
        #expect(Color(hex: "#FFFFFFFF") == .white)
        #expect(Color(hex: "#000000")?.alpha == 255)
    }

    @Test(arguments: ["", "#", "#12345", "#1234567", "#123456789", "GG0000", "#12 456", " 123456", "123456 ",
                      "##123456", "+12345", "-12345", "#+12345", "#-12345", "+1234567", "0x1234", "１２３４５６", "12345é"])
    func rejectsMalformedHex(_ text: String) {
        #expect(Color(hex: text) == nil)
    }

    // MARK: Opacity

    @Test func withOpacityScalesAlphaRoundedAndClamped() {
        let c = Color(red: 10, green: 20, blue: 30, alpha: 200)
        #expect(c.withOpacity(.one) == c)
        #expect(c.withOpacity(.zero).alpha == 0)
        #expect(c.withOpacity(.half).alpha == 100)
        #expect(c.withOpacity(Fixed(1, over: 4)).alpha == 50)
        #expect(c.withOpacity(Fixed(5)) == c)
        #expect(c.withOpacity(Fixed(-5)).alpha == 0)
        #expect(Color.white.withOpacity(.half).alpha == 128)   // 127.5 rounds up
        let back = c.withOpacity(.half)
        #expect(back.red == 10 && back.green == 20 && back.blue == 30)
        for alpha in 0...255 {
            for opacity in stride(from: 0, through: 65536, by: 4096) {
                let result = Color(red: 0, green: 0, blue: 0, alpha: UInt8(alpha)).withOpacity(Fixed(raw: Int32(opacity))).alpha
                #expect(abs(Double(result) - Double(alpha) * Double(opacity) / 65536) <= 0.5)
            }
        }
    }

    // MARK: Hue

    @Test func hueHitsThePrimariesAndSecondaries() {
        #expect(Color.hue(.zero) == .red)
        #expect(Color.hue(Angle(turns: Fixed(1, over: 6))) == Color(red: 255, green: 255, blue: 0))
        #expect(Color.hue(Angle(turns: Fixed(1, over: 3))) == .green)
        #expect(Color.hue(.halfTurn) == Color(red: 0, green: 255, blue: 255))
        #expect(Color.hue(Angle(turns: Fixed(2, over: 3))) == .blue)
        #expect(Color.hue(Angle(turns: Fixed(5, over: 6))) == Color(red: 255, green: 0, blue: 255))
        #expect(Color.hue(.fullTurn) == .red)
        #expect(Color.hue(.degrees(120)) == .green)
        #expect(Color.hue(.degrees(-120)) == .blue)
        #expect(Color.hue(.degrees(480)) == .green)
    }

    @Test func hueIsFullySaturatedAndContinuous() {
        var previous = Color.hue(Angle(raw: 65535))
        for raw in 0..<65536 {
            let c = Color.hue(Angle(raw: Int32(raw)))
            let channels = [Int(c.red), Int(c.green), Int(c.blue)]
            #expect(channels.max() == 255 && channels.min() == 0, "hue \(raw): \(c)")
            #expect(c.alpha == 255)
            let steps = [Int(previous.red) - Int(c.red), Int(previous.green) - Int(c.green), Int(previous.blue) - Int(c.blue)]
            #expect(steps.allSatisfy { abs($0) <= 1 }, "hue \(raw): \(previous) → \(c)")
            previous = c
        }
    }

    @Test func hueMatchesTheDoubleHSVFormulaWithinOneCode() {
        for raw in stride(from: 0, to: 65536, by: 97) {
            let h = Double(raw) / 65536 * 6
            func channel(_ n: Double) -> Double {
                let k = (n + h).truncatingRemainder(dividingBy: 6)
                return 255 * (1 - max(0, min(k, 4 - k, 1)))
            }
            let c = Color.hue(Angle(raw: Int32(raw)))
            #expect(abs(Double(c.red) - channel(5)) <= 1, "hue \(raw)")
            #expect(abs(Double(c.green) - channel(3)) <= 1, "hue \(raw)")
            #expect(abs(Double(c.blue) - channel(1)) <= 1, "hue \(raw)")
        }
    }
}
