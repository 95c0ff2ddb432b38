import PixelBus

extension PanelOptions {
    /// An I²C address option written as hex with `0x` (`0x70`) or as decimal (`112`), within
    /// `range`, or `defaultValue` when the key is absent.
    public mutating func i2cAddress(_ key: String, in range: ClosedRange<UInt8>,
                                    default defaultValue: UInt8) throws(PanelConfigurationError) -> I2CAddress {
        let low = I2CAddress(rawValue: range.lowerBound)!, high = I2CAddress(rawValue: range.upperBound)!
        guard let text = text(key, allowed: "\(low)...\(high)", default: I2CAddress(rawValue: defaultValue)!.description) else {
            return I2CAddress(rawValue: defaultValue)!
        }
        let lower = text.lowercased()
        let hex = lower.hasPrefix("0x")
        let digits = hex ? lower.dropFirst(2) : Substring(lower)
        let valid = !digits.isEmpty && digits.count <= 4
            && digits.allSatisfy { $0.isASCII && (hex ? $0.isHexDigit : $0.isNumber) }
        guard valid, let value = Int(digits, radix: hex ? 16 : 10),
              value >= Int(range.lowerBound), value <= Int(range.upperBound),
              let address = I2CAddress(rawValue: UInt8(value)) else {
            throw .badValue(type: type, key: key, value: text,
                            allowed: "\(low)...\(high) (or \(range.lowerBound)...\(range.upperBound) in decimal)")
        }
        return address
    }
}
