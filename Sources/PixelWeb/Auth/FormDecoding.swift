import PixelCore

/// `application/x-www-form-urlencoded` values, as a login form posts them.
public enum FormDecoding {
    /// `bytes` with `+` as a space and `%XX` as the byte XX, read as UTF-8; nil when a `%` is
    /// not followed by two hex digits or the bytes are not UTF-8.
    public static func decode(_ bytes: [UInt8]) -> String? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                output.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else { return nil }
                output.append(high << 4 | low)
                index += 2
            } else {
                output.append(byte)
            }
            index += 1
        }
        return String(validating: output, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// The body of a `POST /login`: the password, from a form or from JSON.
public enum LoginBody {
    /// The `password` field of `body`: a JSON object's string member when `isJSON`, else the
    /// form field; nil when there is none, it cannot be read, or the body is not UTF-8 (checked
    /// before anything is read, so a password is never made of replacement characters).
    public static func password(in body: [UInt8], isJSON: Bool) -> String? {
        guard isUTF8(body) else { return nil }
        return isJSON ? jsonPassword(body) : formPassword(body)
    }

    /// Whether `body` is valid UTF-8 (a form's `%XX` escapes are checked when decoded).
    public static func isUTF8(_ body: [UInt8]) -> Bool {
        String(validating: body, as: UTF8.self) != nil
    }

    static func formPassword(_ body: [UInt8]) -> String? {
        for pair in body.split(separator: UInt8(ascii: "&")) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, Array(parts[0]) == Array("password".utf8) else { continue }
            return FormDecoding.decode(Array(parts[1]))
        }
        return nil
    }

    static func jsonPassword(_ body: [UInt8]) -> String? {
        guard let value = try? JSONParser.parse(body, limits: JSONLimits(maximumBytes: 4096, maximumDepth: 4)),
              case let .object(members) = value else { return nil }
        for (key, member) in members where key == "password" {
            if case let .string(text) = member { return text }
        }
        return nil
    }
}
