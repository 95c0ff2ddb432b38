import PixelCore

/// The picture WLED's live views show (`/json/live` and the `/ws` preview), taken from the
/// frame the main panel was sent and thinned as WLED thins a matrix: every LED up to
/// `maximumLEDs`, every 2nd LED of every 2nd row up to four times that, else every 4th of every
/// 4th row. The sRGB bytes are what the panel was sent, so brightness is already in them.
public struct WLEDLivePicture: Sendable, Equatable {
    /// WLED's cap for `/json/live` (`MAX_LIVE_LEDS`, 256 in WLED 0.15).
    public static let maximumLEDs = 256

    /// Columns and rows kept.
    public let width: Int, height: Int
    /// How many LEDs along each axis one kept LED stands for (1, 2 or 4): WLED's `n`.
    public let step: Int
    /// Red, green and blue bytes of each kept LED, row by row.
    public let rgb: [UInt8]

    /// The thinned picture of `frame`.
    public init(_ frame: Frame) {
        let count = frame.width * frame.height
        step = count > 4 * Self.maximumLEDs ? 4 : (count > Self.maximumLEDs ? 2 : 1)
        width = max(1, frame.width / step)
        height = max(1, frame.height / step)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 3)
        for row in 0..<height {
            for column in 0..<width {
                let led = frame[min(column * step, frame.width - 1), min(row * step, frame.height - 1)]
                bytes += [LinearColor.encode(led.red), LinearColor.encode(led.green), LinearColor.encode(led.blue)]
            }
        }
        rgb = bytes
    }

    /// `/json/live`: `{"leds":["RRGGBB",…],"n":N,"w":W,"h":H}`, as WLED writes it for a matrix.
    public var json: JSONValue {
        let digits = Array("0123456789ABCDEF")
        var leds: [JSONValue] = []
        leds.reserveCapacity(width * height)
        var index = 0
        while index + 2 < rgb.count {
            var text = ""
            for byte in rgb[index..<(index + 3)] {
                text.append(digits[Int(byte >> 4)])
                text.append(digits[Int(byte & 15)])
            }
            leds.append(.string(text))
            index += 3
        }
        let members: [(String, JSONValue)] = [
            ("leds", .array(leds)), ("n", .int(Int64(step))), ("w", .int(Int64(width))), ("h", .int(Int64(height))),
        ]
        return .object(members)
    }

    /// The `/ws` live preview message: `L`, version 2 (a matrix), width, height, then the RGB
    /// bytes (widths and heights above 255 are written as 255, as WLED does).
    public var binaryMessage: [UInt8] {
        [UInt8(ascii: "L"), 2, UInt8(min(width, 255)), UInt8(min(height, 255))] + rgb
    }
}
