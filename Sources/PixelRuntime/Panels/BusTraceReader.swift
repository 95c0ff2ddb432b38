import Foundation
import PixelPanels
import PixelSimulator

/// Reads `--trace-bus` files (one JSON object per line; see `BusTransaction`) and plays them
/// into a panel's device model: `pixelwheel decode`.
public enum BusTraceReader {
    /// Parses trace text; a line that is not a valid transaction is an error naming its number.
    public static func parse(_ text: String, name: String = "trace") throws -> [BusTransaction] {
        var result: [BusTransaction] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            func fail(_ reason: String) -> RuntimeError { .badOption("\(name) line \(index + 1): \(reason)") }
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw fail("not a JSON object")
            }
            let device = object["device"] as? String ?? ""
            switch object["bus"] as? String {
            case "spi":
                let bytes = try bytesField(object, fail)
                result.append(.spi(device: device, speedHz: (object["speed_hz"] as? Int) ?? 1_000_000, bytes: bytes))
            case "i2c":
                let bytes = try bytesField(object, fail)
                guard let text = object["address"] as? String, text.hasPrefix("0x"), let address = UInt8(text.dropFirst(2), radix: 16) else {
                    throw fail("'address' must be written like \"0x70\"")
                }
                result.append(.i2c(device: device, address: address, bytes: bytes))
            case "gpio":
                if let hold = object["hold_ns"] as? Int {
                    guard (0...60_000_000_000).contains(hold) else { throw fail("'hold_ns' must be 0...60000000000 (one minute)") }
                    result.append(.gpioHold(device: device, nanoseconds: hold))
                } else {
                    guard let set = hexWord(object["set"]), let clear = hexWord(object["clear"]) else {
                        throw fail("a gpio line needs \"set\" and \"clear\" masks like \"0x800\", or \"hold_ns\"")
                    }
                    result.append(.gpioWrite(device: device, set: set, clear: clear))
                }
            default:
                throw fail("'bus' must be \"spi\", \"i2c\" or \"gpio\"")
            }
        }
        return result
    }

    /// Plays `transactions` into `target`; the first transaction the panel's bus cannot take
    /// (wrong bus, nothing at that I²C address) is an error naming its position.
    public static func play(_ transactions: [BusTransaction], into target: SimulatedPanel.Target, name: String = "trace") throws {
        for (index, t) in transactions.enumerated() {
            func fail(_ reason: String) -> RuntimeError { .badOption("\(name) transaction \(index + 1): \(reason)") }
            switch t {
            case let .spi(_, speedHz, bytes):
                guard let spi = target.spi else { throw fail("an SPI transfer, but this panel is not on SPI") }
                if speedHz != spi.speedHz { try spi.configure(mode: spi.mode, speedHz: speedHz) }
                try spi.transfer(bytes)
            case let .i2c(_, address, bytes):
                guard let bus = target.i2c else { throw fail("an I²C write, but this panel is not on I²C") }
                guard let a = I2CAddress(rawValue: address) else { throw fail("0x\(String(address, radix: 16)) is not a 7-bit device address") }
                try bus.write(bytes, to: a)
            case let .gpioWrite(_, set, clear):
                guard let gpio = target.gpio else { throw fail("a GPIO write, but this panel is not on GPIO") }
                try gpio.write(set: set, clear: clear)
            case let .gpioHold(_, ns):
                guard let gpio = target.gpio else { throw fail("a GPIO hold, but this panel is not on GPIO") }
                gpio.hold(nanoseconds: ns)
            }
        }
    }

    /// The "bytes" field as bytes; `fail` turns a reason into the line's error.
    static func bytesField(_ object: [String: Any], _ fail: (String) -> RuntimeError) throws -> [UInt8] {
        guard let value = object["bytes"] else { throw fail("'bytes' is missing") }
        guard let bytes = hexBytes(value) else { throw fail("'bytes' must be an even number of hex digits") }
        return bytes
    }

    static func hexBytes(_ value: Any?) -> [UInt8]? {
        guard let text = value as? String, text.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            guard let b = UInt8(text[index..<next], radix: 16) else { return nil }
            bytes.append(b)
            index = next
        }
        return bytes
    }

    static func hexWord(_ value: Any?) -> UInt64? {
        guard let text = value as? String, text.hasPrefix("0x") else { return nil }
        return UInt64(text.dropFirst(2), radix: 16)
    }
}
