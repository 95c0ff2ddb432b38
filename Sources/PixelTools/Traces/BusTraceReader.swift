import PixelCore
import PixelBus
import PixelImages
import PixelPanels
import PixelRuntime
import PixelSimulator
import PixelSystem

/// Reads `--trace-bus` files (one JSON object per line; see `BusTransaction`) and plays them
/// into a panel's device model: `pixelwheel decode`.
public enum BusTraceReader {
    /// `pixelwheel decode`: plays the trace file `trace` into the device model of `panel` and
    /// writes what it shows to `out` (round dots `scale` pixels apart, or `raw`, one pixel per
    /// LED); returns the line that says what was decoded. Traffic that does not fit the model
    /// is an error naming the likely fix, thrown after the picture is written (it helps to see
    /// the garbage), so a wrong geometry never passes for a picture.
    public static func decode(trace: String, panel: PanelDescription, out: String, scale: Int, raw: Bool) throws -> String {
        try RuntimeError.checkScale(scale)
        try OfflineRender.checkWritable(out, extensions: [".png"])
        let target = try SimulatedTarget(panel)
        let transactions = try parse(try FileBytes.readText(trace), name: trace)
        guard !transactions.isEmpty else { throw TraceFileError.empty(file: trace) }
        try play(transactions, into: target, name: trace)
        let shown = target.model.picture
        try PNGFile.write(raw ? PanelPreview.raw(shown) : PanelPreview.dots(shown, scale: scale), to: out)
        if let misfit = target.model.misfit {
            throw TraceFileError.misfit(file: trace, panel: panel.text, misfit: misfit, picture: out)
        }
        return "decoded \(transactions.count) transactions for \(panel.text) into \(out)"
    }

    /// What one line of a trace may be: a flat JSON object (a little nesting is read and
    /// ignored) as long as the file it came from.
    static let lineLimits = JSONLimits(maximumBytes: Int(Int32.max), maximumDepth: 4)

    /// Parses trace text; a line that is not a valid transaction is an error naming its number.
    public static func parse(_ text: String, name: String = "trace") throws -> [BusTransaction] {
        var result: [BusTransaction] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
            if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
            func fail(_ reason: String) -> TraceFileError { .badLine(file: name, line: index + 1, reason: reason) }
            guard let object = try? JSONParser.parse(String(line), limits: Self.lineLimits), object.members != nil else {
                throw fail("not a JSON object")
            }
            func string(_ key: String) -> String? { object[key]?.string }
            func integer(_ key: String) -> Int? { object[key]?.integer }
            let device = string("device") ?? ""
            switch string("bus") {
            case "spi":
                let bytes = try bytesField(string("bytes"), fail)
                result.append(.spi(device: device, speedHz: integer("speed_hz") ?? 1_000_000, bytes: bytes))
            case "i2c":
                let bytes = try bytesField(string("bytes"), fail)
                guard let text = string("address"), text.hasPrefix("0x"), text.count <= 4,
                      let address = UInt8(text.dropFirst(2), radix: 16) else {
                    throw fail("'address' must be written like \"0x70\"")
                }
                result.append(.i2c(device: device, address: address, bytes: bytes))
            case "gpio":
                if let hold = integer("hold_ns") {
                    guard (0...60_000_000_000).contains(hold) else { throw fail("'hold_ns' must be 0...60000000000 (one minute)") }
                    result.append(.gpioHold(device: device, nanoseconds: hold))
                } else {
                    guard let set = string("set").flatMap(Hex.parseWord), let clear = string("clear").flatMap(Hex.parseWord) else {
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
    public static func play(_ transactions: [BusTransaction], into target: SimulatedTarget, name: String = "trace") throws {
        for (index, t) in transactions.enumerated() {
            func fail(_ reason: String) -> TraceFileError { .badTransaction(file: name, index: index + 1, reason: reason) }
            switch t {
            case let .spi(_, speedHz, bytes):
                guard let spi = target.spi else { throw fail("an SPI transfer, but this panel is not on SPI") }
                if speedHz != spi.speedHz { try spi.configure(mode: spi.mode, speedHz: speedHz) }
                try spi.transfer(bytes)
            case let .i2c(_, address, bytes):
                guard let bus = target.i2c else { throw fail("an I²C write, but this panel is not on I²C") }
                guard let a = I2CAddress(rawValue: address) else { throw fail("\(Hex.byte(address)) is not a 7-bit device address") }
                if let chip = target.model as? any I2CDeviceModel, chip.address != a {
                    throw fail("a write to \(Hex.byte(address)), but the panel's chip is at \(Hex.byte(chip.address.rawValue)): address=\(Hex.byte(address))?")
                }
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
    static func bytesField(_ value: String?, _ fail: (String) -> TraceFileError) throws -> [UInt8] {
        guard let value else { throw fail("'bytes' is missing") }
        guard let bytes = Hex.parseBytes(value) else { throw fail("'bytes' must be an even number of hex digits") }
        return bytes
    }
}
