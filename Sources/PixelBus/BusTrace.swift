import PixelCore

/// One recorded bus transaction, as written to `--trace-bus FILE`: one JSON object per line.
///
/// - SPI: `{"t_ns":1200,"bus":"spi","device":"/dev/spidev0.0","speed_hz":2400000,"bytes":"0a0f"}`
/// - I²C: `{"t_ns":1200,"bus":"i2c","device":"/dev/i2c-1","address":"0x70","bytes":"2100"}`
/// - GPIO: `{"t_ns":1200,"bus":"gpio","device":"gpiochip0","set":"0x800","clear":"0x400"}` and
///   `{"t_ns":1300,"bus":"gpio","device":"gpiochip0","hold_ns":2000}`
public enum BusTransaction: Hashable, Sendable {
    case spi(device: String, speedHz: Int, bytes: [UInt8])
    case i2c(device: String, address: UInt8, bytes: [UInt8])
    case gpioWrite(device: String, set: UInt64, clear: UInt64)
    case gpioHold(device: String, nanoseconds: Int)
}

/// Where traced transactions go (a file, a list in a test).
public protocol BusTraceSink: AnyObject {
    /// Records `transaction` at `nanoseconds` since the trace began.
    func record(_ transaction: BusTransaction, at nanoseconds: Int64)
}

/// Collects transactions in memory, with their times: for tests and for `decode`.
public final class BusTraceRecorder: BusTraceSink {
    /// Every transaction recorded, with its time in nanoseconds since the trace began.
    public private(set) var entries: [(nanoseconds: Int64, transaction: BusTransaction)] = []
    /// An empty recorder.
    public init() {}
    public func record(_ transaction: BusTransaction, at nanoseconds: Int64) {
        entries.append((nanoseconds, transaction))
    }
    /// Just the transactions.
    public var transactions: [BusTransaction] { entries.map(\.transaction) }
}

extension BusTransaction {
    /// The transaction as one line of JSON (no trailing newline), in the format above.
    public func jsonLine(at nanoseconds: Int64) -> String {
        let bus: String, device: String, fields: [(String, JSONValue)]
        switch self {
        case let .spi(name, speedHz, bytes):
            (bus, device, fields) = ("spi", name, [("speed_hz", .int(Int64(speedHz))), ("bytes", .string(Hex.bytes(bytes)))])
        case let .i2c(name, address, bytes):
            (bus, device, fields) = ("i2c", name, [("address", .string(Hex.byte(address))), ("bytes", .string(Hex.bytes(bytes)))])
        case let .gpioWrite(name, set, clear):
            (bus, device, fields) = ("gpio", name, [("set", .string(Hex.word(set))), ("clear", .string(Hex.word(clear)))])
        case let .gpioHold(name, ns):
            (bus, device, fields) = ("gpio", name, [("hold_ns", .int(Int64(ns)))])
        }
        return JSONValue.object([("t_ns", .int(nanoseconds)), ("bus", .string(bus)), ("device", .string(device))] + fields).text
    }
}
