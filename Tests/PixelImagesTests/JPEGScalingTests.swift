import Testing
import PixelCore
import PixelSystem
import PixelTestSupport
@testable import PixelImages

struct JPEGScalingTests {
    /// A `width × height` JPEG, blue on the left fading to red on the right (rows repeat, so
    /// even a 12-megapixel picture needs only an 8-row buffer to make).
    static func gradientJPEG(_ width: Int, _ height: Int) throws -> [UInt8] {
        var rows = RGBImage8(width: width, height: min(8, height))
        for y in 0..<rows.height {
            for x in 0..<width {
                let red = UInt8(x * 255 / max(1, width - 1))
                rows[x, y] = Color(red: red, green: 40, blue: 255 - red)
            }
        }
        return try JPEGFile.encode(rows, height: height)
    }

    /// libjpeg holds every coefficient of a progressive JPEG whatever the scale, so Photos takes
    /// them up to 8 megapixels (one line says how to convert a larger one); `show` still reads it.
    @Test func aProgressiveJPEGOver8MegapixelsIsRefusedByThePhotoDecodeOnly() throws {
        let bytes = try FileBytes.read(RepositoryPaths.root() + "/Tests/Fixtures/images/progressive-4000x2500.jpg")
        #expect(throws: ImageFileError.progressiveTooLarge(path: nil, pixels: 10_000_000, maximumPixels: 8_000_000)) {
            _ = try JPEGFile.decode(bytes, atLeast: 256, 128)
        }
        #expect(throws: ImageFileError.self) { _ = try PhotoDecoder.decode(bytes, name: "big.jpg", width: 64, height: 32) }
        let message = ImageFileError.progressiveTooLarge(path: "big.jpg", pixels: 10_000_000, maximumPixels: 8_000_000).description
        #expect(message == "'big.jpg' is a progressive JPEG of 10.0 megapixels; photos read progressive JPEGs of up to 8.0: save it as baseline, e.g. jpegtran -copy all IN.jpg > OUT.jpg")
        let small = try FileBytes.read(RepositoryPaths.root() + "/Tests/Fixtures/images/grey-progressive-16x8.jpg")
        #expect(try JPEGFile.decode(small, atLeast: 8, 4).width >= 8, "a small progressive one decodes")
    }

    @Test func aTwelveMegapixelPhotoForA64x32PanelAt4SamplesDecodesAt500x375() throws {
        let jpeg = try Self.gradientJPEG(4000, 3000)
        #expect(try JPEGFile.scaledSize(jpeg, atLeast: 256, 128) == (500, 375))
        let image = try JPEGFile.decode(jpeg, atLeast: 64 * 4, 32 * 4)
        #expect(image.width == 500 && image.height == 375)
        #expect(image[0, 200].blue > 230 && image[499, 200].red > 230)
    }

    @Test(arguments: [
        (100, 75, 100, 75), (0, 0, 100, 75), (101, 75, 200, 150), (100, 76, 200, 150),
        (300, 10, 300, 225), (301, 10, 400, 300), (700, 525, 700, 525), (701, 1, 800, 600),
        (801, 1, 800, 600), (5000, 5000, 800, 600),
    ])
    func theScaleIsTheSmallestEighthThatCoversTheTarget(_ tw: Int, _ th: Int, _ ew: Int, _ eh: Int) throws {
        let jpeg = try Self.gradientJPEG(800, 600)
        let image = try JPEGFile.decode(jpeg, atLeast: tw, th)
        #expect(image.width == ew && image.height == eh, "target \(tw)x\(th) gave \(image.width)x\(image.height)")
    }

    @Test func oddSizesRoundUpSoTheTargetIsStillCovered() throws {
        // 1001 × 333: eighths give ⌈1001·n/8⌉ × ⌈333·n/8⌉.
        let jpeg = try Self.gradientJPEG(1001, 333)
        for (tw, th) in [(126, 42), (127, 42), (126, 43), (250, 84), (1000, 1)] {
            let size = try JPEGFile.scaledSize(jpeg, atLeast: tw, th)
            func side(_ length: Int, _ n: Int) -> Int { (length * n + 7) / 8 }
            let n = (1...8).first { (n: Int) -> Bool in side(1001, n) >= tw && side(333, n) >= th } ?? 8
            #expect(size.width == side(1001, n) && size.height == side(333, n), "target \(tw)x\(th)")
            #expect(size.width >= tw && size.height >= th)
        }
    }

    @Test func aPictureSmallerThanTheTargetDecodesWholeAndMatchesThePlainDecode() throws {
        let jpeg = try Self.gradientJPEG(40, 24)
        let scaled = try JPEGFile.decode(jpeg, atLeast: 256, 128)
        let whole = try JPEGFile.decode(jpeg)
        #expect(scaled == whole)
        #expect(scaled.width == 40 && scaled.height == 24)
    }

    @Test func aDamagedJPEGIsADamagedJPEGErrorWhenScaledToo() throws {
        let jpeg = try Self.gradientJPEG(64, 64)
        expectError({
            _ = try JPEGFile.decode(Array(jpeg.prefix(40)), atLeast: 8, 8)
        }, { error in
            guard case ImageFileError.damagedJPEG(nil, _) = error else { return false }
            return "\(error)".contains("JPEG") && !"\(error)".contains("\n")
        })
    }
}
