import Testing
@testable import PixelCore

/// SHA-256 against the FIPS 180-4 example vectors and messages around the padding boundaries.
struct SHA256Tests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func hashesTheEmptyMessage() {
        #expect(SHA256.hex(of: []) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func hashesABC() {
        #expect(SHA256.hex(of: Self.bytes("abc")) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.digest(of: Self.bytes("abc")).prefix(4) == [0xba, 0x78, 0x16, 0xbf])
        #expect(SHA256.digest(of: Self.bytes("abc")).count == 32)
    }

    @Test func hashesThe448BitMessage() {
        let message = Self.bytes("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        #expect(message.count * 8 == 448)
        #expect(SHA256.hex(of: message) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func hashesThe896BitMessage() {
        let message = Self.bytes("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu")
        #expect(message.count * 8 == 896)
        #expect(SHA256.hex(of: message) == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    @Test func hashesOneMillionLetterA() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hex(of: message) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Bytes 0, 1, 2, … (mod 256) of every length where the padding changes shape; digests from
    /// Python's hashlib.
    @Test(arguments: [
        (55, "463eb28e72f82e0a96c0a4cc53690c571281131f672aa229e0d45ae59b598b59"),
        (56, "da2ae4d6b36748f2a318f23e7ab1dfdf45acdc9d049bd80e59de82a60895f562"),
        (57, "2fe741af801cc238602ac0ec6a7b0c3a8a87c7fc7d7f02a3fe03d1c12eac4d8f"),
        (63, "29af2686fd53374a36b0846694cc342177e428d1647515f078784d69cdb9e488"),
        (64, "fdeab9acf3710362bd2658cdc9a29e8f9c757fcf9811603a8c447cd1d9151108"),
        (65, "4bfd2c8b6f1eec7a2afeb48b934ee4b2694182027e6d0fc075074f2fabb31781"),
        (119, "da18797ed7c3a777f0847f429724a2d8cd5138e6ed2895c3fa1a6d39d18f7ec6"),
        (120, "f52b23db1fbb6ded89ef42a23ce0c8922c45f25c50b568a93bf1c075420bbb7c"),
        (127, "92ca0fa6651ee2f97b884b7246a562fa71250fedefe5ebf270d31c546bfea976"),
        (128, "471fb943aa23c511f6f72f8d1652d9c880cfa392ad80503120547703e56a2be5"),
        (129, "5099c6a56203f9687f7d33f4bfdf576d31dc91f6b695ecea38b2770c87631135"),
        (256, "40aff2e9d2d8922e47afd4648e6967497158785fbd1da870e7110266bf944880"),
        (1000, "a8af099bf2e878609558dbf69d8f88f4a31040a8cf84b549a0cfa912f12ffc3f"),
    ])
    func hashesMessagesAroundThePaddingBoundaries(length: Int, expected: String) {
        let message = (0..<length).map { UInt8(truncatingIfNeeded: $0) }
        #expect(SHA256.hex(of: message) == expected)
    }

    @Test func frameDigestIsTheHashOfItsRawBytes() {
        var frame = Frame(width: 2, height: 1)
        frame[1, 0] = LinearColor(red: 0x0102, green: 0x0304, blue: 0xFFFF)
        #expect(frame.rawBytes == [0, 0, 0, 0, 0, 0, 0x02, 0x01, 0x04, 0x03, 0xFF, 0xFF])
        #expect(frame.digest == SHA256.hex(of: frame.rawBytes))
        #expect(frame.digest.count == 64)
        #expect(frame.digest.allSatisfy { "0123456789abcdef".contains($0) })
    }
}
