import Testing
import PixelCore
@testable import PixelImages

struct PhotoScalerTests {
    /// A deterministic picture with detail in every pixel.
    static func pattern(_ width: Int, _ height: Int) -> RGBImage8 {
        var image = RGBImage8(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = Color(red: UInt8((x * 7 + y * 3) & 255), green: UInt8((x * y) & 255), blue: UInt8((x ^ y) & 255))
            }
        }
        return image
    }

    /// Three vertical bands, red, green and blue, each `bandWidth` pixels wide.
    static func bands(bandWidth: Int, height: Int) -> RGBImage8 {
        var image = RGBImage8(width: bandWidth * 3, height: height)
        let colors = [Color(red: 255, green: 0, blue: 0), Color(red: 0, green: 255, blue: 0), Color(red: 0, green: 0, blue: 255)]
        for y in 0..<height { for x in 0..<image.width { image[x, y] = colors[x / bandWidth] } }
        return image
    }

    /// FNV-1a over the frame's raw bytes: the same on every machine and run.
    static func digest(_ frame: Frame) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in frame.rawBytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }

    /// Digests of `StillImage.fit` recorded before `PhotoScaler` existed: `show` is unchanged.
    @Test(arguments: [
        (37, 23, 16, 8, Supersampling.x1, "cba61f0d52f72629"),
        (200, 90, 16, 8, .x4, "bf8f50394522755d"),
        (640, 480, 32, 16, .x4, "856214de851f2431"),  // shrunk by a whole factor first
        (5, 9, 8, 8, .x2, "faef9cb26a6de170"),
        (1000, 20, 64, 32, .x4, "29bfc6a5454f5d68"),
    ])
    func fitGivesTheFramesShowGaveBeforeBitForBit(_ w: Int, _ h: Int, _ pw: Int, _ ph: Int, _ s: Supersampling, _ expected: String) {
        let image = Self.pattern(w, h)
        #expect(Self.digest(PhotoScaler.frame(image, width: pw, height: ph, fit: .fit, supersampling: s)) == expected)
        #expect(Self.digest(StillImage.fit(image, width: pw, height: ph, supersampling: s)) == expected)
    }

    @Test func fitLetterboxesAWidePictureWithBlackAboveAndBelow() {
        let frame = PhotoScaler.frame(Self.bands(bandWidth: 10, height: 10), width: 8, height: 8, fit: .fit)
        #expect(frame[4, 0] == .black && frame[4, 7] == .black)
        #expect(frame[0, 4].red > 60000 && frame[4, 4].green > 60000 && frame[7, 4].blue > 60000)
    }

    @Test func fillCropsAWidePictureToItsCentreAndLeavesNoBlack() {
        // 30×10 on a square panel: only the middle 10×10 (the green band) is shown.
        let frame = PhotoScaler.frame(Self.bands(bandWidth: 10, height: 10), width: 8, height: 8, fit: .fill)
        for y in 0..<8 {
            for x in 0..<8 {
                let led = frame[x, y]
                #expect(led.green > 60000 && led.red == 0 && led.blue == 0, "LED (\(x), \(y)) is \(led)")
            }
        }
    }

    @Test func fillCropsATallPictureTopAndBottom() {
        // 4×12, rows red / green / blue, on an 8×4 panel: the middle 4×2 of the picture, green.
        var image = RGBImage8(width: 4, height: 12)
        for y in 0..<12 { for x in 0..<4 { image[x, y] = y < 4 ? Color(red: 255, green: 0, blue: 0) : y < 8 ? Color(red: 0, green: 255, blue: 0) : Color(red: 0, green: 0, blue: 255) } }
        let frame = PhotoScaler.frame(image, width: 8, height: 4, fit: .fill, supersampling: .x2)
        #expect(frame.pixels.allSatisfy { $0.green > 60000 && $0.red == 0 && $0.blue == 0 })
    }

    @Test func fillOfAHugePictureIsShrunkAndStillCoversThePanel() {
        let frame = PhotoScaler.frame(Self.pattern(3000, 700), width: 64, height: 32, fit: .fill)
        #expect(frame.width == 64 && frame.height == 32)
        // The pattern is nowhere black over a whole LED; bars would be.
        for x in [0, 63] { for y in [0, 31] { #expect(frame[x, y] != .black, "LED (\(x), \(y))") } }
    }

    @Test func stretchScalesEachAxisOnItsOwn() {
        // 30×10 on 6×8: two LED columns per band, every LED lit.
        let frame = PhotoScaler.frame(Self.bands(bandWidth: 10, height: 10), width: 6, height: 8, fit: .stretch)
        for y in 0..<8 {
            #expect(frame[0, y].red > 60000 && frame[1, y].red > 60000)
            #expect(frame[2, y].green > 60000 && frame[3, y].green > 60000)
            #expect(frame[4, y].blue > 60000 && frame[5, y].blue > 60000)
        }
    }

    @Test func stretchLeavesNoBlackEdgeAtAnySize() {
        for (w, h, pw, ph) in [(1000, 37, 128, 64), (7, 300, 8, 8), (333, 333, 128, 16)] {
            let image = RGBImage8(width: w, height: h, fill: Color(red: 200, green: 200, blue: 200))
            for s in Supersampling.allCases {
                let frame = PhotoScaler.frame(image, width: pw, height: ph, fit: .stretch, supersampling: s)
                let level = frame[0, 0].red
                #expect(level > 30000 && frame.pixels.allSatisfy { $0.red == level }, "\(w)x\(h) on \(pw)x\(ph) at \(s)")
            }
        }
    }

    @Test func aPictureOfThePanelsShapeIsTheSameInEveryFit() {
        let image = Self.pattern(32, 16)
        let fit = PhotoScaler.frame(image, width: 16, height: 8, fit: .fit)
        #expect(PhotoScaler.frame(image, width: 16, height: 8, fit: .fill) == fit)
        #expect(PhotoScaler.frame(image, width: 16, height: 8, fit: .stretch) == fit)
    }
}
