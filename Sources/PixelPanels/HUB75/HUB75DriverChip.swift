/// The column driver chips of a HUB75 panel, the `--panel hub75:driver=` key (hzeller's
/// `--led-panel-type`). Plain shift-register chips need nothing; FM6126A and FM6127 stay dark
/// (or white) until their configuration registers are written, which the refresher does once,
/// before its first refresh (`HUB75DriverInitWrites`).
public enum HUB75DriverChip: String, Hashable, Sendable, CaseIterable {
    /// Plain shift registers with latches (the default): no initialisation.
    case plain
    /// FM6126A: two configuration registers.
    case fm6126a
    /// FM6127: three configuration registers (the third suppresses bad pixels).
    case fm6127

    /// One configuration register write: the 16-bit word, as the bit for column i is the
    /// character at i mod 16 (first shifted first), and how many rising clock edges see LAT high
    /// at the end of the write, which is how the chip tells its registers apart.
    public struct RegisterWrite: Hashable, Sendable {
        /// 16 characters of '0' and '1'.
        public let pattern: String
        /// Rising CLK edges with LAT high, ending the write.
        public let latchedClocks: Int
    }

    /// The register writes, in the order sent: the words rpi-rgb-led-matrix sends (its
    /// lib/framebuffer.cc, `InitFM6126` and `InitFM6127`).
    public var registers: [RegisterWrite] {
        switch self {
        case .plain:
            return []
        case .fm6126a:
            return [
                RegisterWrite(pattern: "0111111111111111", latchedClocks: 11),  // register 1: full brightness
                RegisterWrite(pattern: "0000000001000000", latchedClocks: 12),  // register 2: panel on
            ]
        case .fm6127:
            return [
                RegisterWrite(pattern: "1111111111001110", latchedClocks: 11),  // register 1
                RegisterWrite(pattern: "1110000001100010", latchedClocks: 12),  // register 2
                RegisterWrite(pattern: "0101111100000000", latchedClocks: 10),  // register 3: bad-pixel suppression
            ]
        }
    }

    /// Whether address line A is held high through the writes (FM6126A; FM6127 leaves it alone).
    public var holdsAddressA: Bool { self == .fm6126a }
}
