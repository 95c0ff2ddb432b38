/// Hexadecimal spellings used in messages and bus traces: the one place they are made.
public enum Hex {
    /// A byte as `0x70`: two lowercase digits after `0x`.
    public static func byte(_ value: UInt8) -> String {
        let digits = String(value, radix: 16)
        return "0x" + (digits.count < 2 ? "0" + digits : digits)
    }

    /// A bit mask as `0x800`: lowercase digits after `0x`, no padding.
    public static func word(_ value: UInt64) -> String { "0x" + String(value, radix: 16) }

    /// Bytes as lowercase hex, two digits per byte, no separators (`0a0f`).
    public static func bytes(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        var s = ""
        s.reserveCapacity(bytes.count * 2)
        for b in bytes { s.append(digits[Int(b >> 4)]); s.append(digits[Int(b & 15)]) }
        return s
    }

    /// Bytes from `text` written as `bytes(_:)` writes them; nil for an odd length or a
    /// character that is not a hex digit.
    public static func parseBytes(_ text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count / 2)
        for i in stride(from: 0, to: utf8.count, by: 2) {
            guard let high = digit(utf8[i]), let low = digit(utf8[i + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// A mask written as `word(_:)` writes it (`0x` then 1...16 hex digits); nil otherwise.
    public static func parseWord(_ text: String) -> UInt64? {
        guard text.hasPrefix("0x"), text.count > 2, text.count <= 18 else { return nil }
        return UInt64(text.dropFirst(2), radix: 16)
    }

    /// The value of one hex digit's ASCII byte (either case); nil for any other byte.
    public static func digit(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
