import Testing
import PixelCore
@testable import PixelImages

struct EXIFOrientationTests {
    /// An APP1 body: "Exif\0\0", a TIFF header in either byte order, and IFD0 holding
    /// `before` other entries, then the Orientation entry (type SHORT) with `value`.
    static func exif(_ value: Int, littleEndian: Bool = true, before: Int = 1, type: Int = 3) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { littleEndian ? u16(v & 0xFFFF) + u16(v >> 16) : u16(v >> 16) + u16(v & 0xFFFF) }
        var tiff: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        tiff += u16(42) + u32(8) + u16(before + 1)
        for i in 0..<before { tiff += u16(0x011A + i) + u16(5) + u32(1) + u32(0) }  // XResolution-like entries
        tiff += u16(0x0112) + u16(type) + u32(1) + u16(value) + u16(0)
        tiff += u32(0)  // no next IFD
        return Array("Exif".utf8) + [0, 0] + tiff
    }

    /// `jpeg` with an APP1 segment holding `body` right after its SOI marker.
    static func withAPP1(_ jpeg: [UInt8], _ body: [UInt8]) -> [UInt8] {
        let length = body.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body + jpeg.dropFirst(2)
    }

    /// A 3 × 2 picture with a different colour per pixel: a b c on top, d e f below.
    static let labels: [Character: Color] = [
        "a": Color(red: 255, green: 0, blue: 0), "b": Color(red: 0, green: 255, blue: 0), "c": Color(red: 0, green: 0, blue: 255),
        "d": Color(red: 255, green: 255, blue: 0), "e": Color(red: 0, green: 255, blue: 255), "f": Color(red: 255, green: 0, blue: 255),
    ]

    static func picture(_ rows: [String]) -> RGBImage8 {
        var image = RGBImage8(width: rows[0].count, height: rows.count)
        for (y, row) in rows.enumerated() { for (x, label) in row.enumerated() { image[x, y] = labels[label] ?? .black } }
        return image
    }

    /// How a camera stores the upright `abc/def` for each orientation (the EXIF "F" diagrams).
    @Test(arguments: [
        (1, ["abc", "def"]), (2, ["cba", "fed"]), (3, ["fed", "cba"]), (4, ["def", "abc"]),
        (5, ["ad", "be", "cf"]), (6, ["cf", "be", "ad"]), (7, ["fc", "eb", "da"]), (8, ["da", "eb", "fc"]),
    ])
    func eachOrientationTurnsTheStoredPictureUpright(_ value: Int, _ stored: [String]) throws {
        let orientation = try #require(EXIFOrientation(rawValue: value))
        #expect(Self.picture(stored).oriented(orientation) == Self.picture(["abc", "def"]))
        #expect(orientation.swapsSides == (value >= 5))
    }

    @Test(arguments: 1...8)
    func theTagIsReadInBothByteOrdersAmongOtherEntries(_ value: Int) throws {
        let jpeg = try JPEGFile.encode(RGBImage8(width: 8, height: 8))
        for littleEndian in [true, false] {
            for before in [0, 3] {
                let bytes = Self.withAPP1(jpeg, Self.exif(value, littleEndian: littleEndian, before: before))
                #expect(EXIFOrientation.inJPEG(bytes)?.rawValue == value, "little-endian \(littleEndian), \(before) entries before")
            }
        }
    }

    @Test func aJPEGWithoutEXIFOrWithAValueOutOfRangeHasNoOrientation() throws {
        let jpeg = try JPEGFile.encode(RGBImage8(width: 8, height: 8))
        #expect(EXIFOrientation.inJPEG(jpeg) == nil)
        for value in [0, 9, 0xFFFF] { #expect(EXIFOrientation.inJPEG(Self.withAPP1(jpeg, Self.exif(value))) == nil) }
        #expect(EXIFOrientation.inJPEG(Self.withAPP1(jpeg, Self.exif(6, type: 4))) == nil)  // LONG is not the tag's type
    }

    @Test func hostileSegmentsGiveNilNeverATrap() throws {
        let jpeg = try JPEGFile.encode(RGBImage8(width: 8, height: 8))
        let good = Self.withAPP1(jpeg, Self.exif(6, before: 2))
        // Every truncation, and every byte of the segment set to 0xFF or 0x00.
        for length in 0..<good.count { _ = EXIFOrientation.inJPEG(Array(good.prefix(length))) }
        for i in 2..<(6 + Self.exif(6, before: 2).count) {
            for v: UInt8 in [0x00, 0xFF, 0x7F] {
                var bad = good
                bad[i] = v
                _ = EXIFOrientation.inJPEG(bad)
            }
        }
        // An IFD count far beyond the segment: the entries that are there are read, and the
        // walk stops at the segment's end.
        var body = Self.exif(6)
        body[14] = 0xFF; body[15] = 0xFF
        #expect(EXIFOrientation.inJPEG(Self.withAPP1(jpeg, body)) == .turnClockwise)
        body[28] = 0x13  // the Orientation entry is now tag 0x0113
        #expect(EXIFOrientation.inJPEG(Self.withAPP1(jpeg, body)) == nil)
        // An IFD offset past the segment's end.
        body = Self.exif(6)
        body[10] = 0xF0
        #expect(EXIFOrientation.inJPEG(Self.withAPP1(jpeg, body)) == nil)
        #expect(EXIFOrientation.inJPEG(Self.withAPP1(jpeg, Array(Self.exif(6).prefix(20)))) == nil)
    }

    @Test func aPortraitPhotoTakenSidewaysDecodesUpright() throws {
        // Stored 16 × 8, left half red and right half blue; orientation 6 turns it clockwise:
        // 8 × 16, red on top, blue below.
        var stored = RGBImage8(width: 16, height: 8)
        for y in 0..<8 { for x in 0..<16 { stored[x, y] = x < 8 ? Color(red: 255, green: 0, blue: 0) : Color(red: 0, green: 0, blue: 255) } }
        let bytes = Self.withAPP1(try JPEGFile.encode(stored, quality: 95), Self.exif(6, littleEndian: false))
        let orientation = try #require(EXIFOrientation.inJPEG(bytes))
        let upright = try JPEGFile.decode(bytes).oriented(orientation)
        #expect(upright.width == 8 && upright.height == 16)
        #expect(upright[4, 2].red > 200 && upright[4, 2].blue < 60)
        #expect(upright[4, 13].blue > 200 && upright[4, 13].red < 60)
    }
}
