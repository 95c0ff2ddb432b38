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
    public var description: String { Hex.byte(rawValue) }
}

