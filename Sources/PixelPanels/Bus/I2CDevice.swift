/// A 7-bit I²C address (0x03...0x77).
public struct I2CAddress: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The 7-bit address.
    public let rawValue: UInt8
    /// Nil outside the 7-bit range that devices may use (0x03...0x77).
    public init?(rawValue: UInt8) {
        guard (0x03...0x77).contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }
    /// "0x70".
    public var description: String {
        let hex = String(rawValue, radix: 16)
        return "0x" + (hex.count < 2 ? "0" + hex : hex)
    }
}

/// One I²C bus: the real one is `/dev/i2c-N` through libi2c, the simulated one routes each
/// message to the device model at its address.
public protocol I2CBus: AnyObject {
    /// A name for messages and traces, e.g. "/dev/i2c-1".
    var name: String { get }
    /// One write message: START, address+W, `bytes`, STOP. Devices with a register pointer
    /// take the first byte as the register (or command) and the rest as data.
    func write(_ bytes: [UInt8], to address: I2CAddress) throws(BusError)
    /// Writes `register` then reads `count` bytes (a repeated-START read).
    func read(_ count: Int, from address: I2CAddress, register: UInt8) throws(BusError) -> [UInt8]
}
