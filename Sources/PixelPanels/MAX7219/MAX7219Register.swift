/// The MAX7219's registers, as the address nibble (D11–D8) of a 16-bit serial word.
///
/// A word is sent most significant bit first: D15–D12 are ignored, D11–D8 select the
/// register, D7–D0 are the data. On a matrix module each digit register holds one line of
/// eight LEDs; which line, and in which bit order, depends on how the board is wired.
public enum MAX7219Register: UInt8, CaseIterable, Sendable {
    /// No-op (0xX0): shifts through a cascade without changing anything; what a chip that
    /// has nothing to change receives.
    case noOp = 0x00
    /// Digit 0 (0xX1): the first line of eight LEDs.
    case digit0 = 0x01
    /// Digit 1 (0xX2).
    case digit1 = 0x02
    /// Digit 2 (0xX3).
    case digit2 = 0x03
    /// Digit 3 (0xX4).
    case digit3 = 0x04
    /// Digit 4 (0xX5).
    case digit4 = 0x05
    /// Digit 5 (0xX6).
    case digit5 = 0x06
    /// Digit 6 (0xX7).
    case digit6 = 0x07
    /// Digit 7 (0xX8): the last line of eight LEDs.
    case digit7 = 0x08
    /// Decode mode (0xX9): one bit per digit; a set bit runs that digit through the code B
    /// font. Matrices need 0 (no decode).
    case decodeMode = 0x09
    /// Intensity (0xXA): D3–D0 set the PWM duty to (2·n + 1)/32 of the peak segment current.
    case intensity = 0x0A
    /// Scan limit (0xXB): D2–D0 = the last digit scanned (7 = all eight).
    case scanLimit = 0x0B
    /// Shutdown (0xXC): D0 = 0 blanks the display (registers kept), D0 = 1 is normal operation.
    case shutdown = 0x0C
    /// Display test (0xXF): D0 = 1 lights every LED at 31/32 duty, overriding (not
    /// changing) every other register, shutdown included.
    case displayTest = 0x0F

    /// The digit register for line `index` (0...7).
    public static func digit(_ index: Int) -> MAX7219Register {
        precondition((0...7).contains(index), "MAX7219 digits are 0...7")
        return MAX7219Register(rawValue: UInt8(index + 1))!
    }
}
