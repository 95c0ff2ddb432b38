/// Blink setting of the HT16K33's display-setup command (bits B1 B0).
public enum HT16K33Blink: UInt8, CaseIterable, Sendable {
    /// Steady.
    case off = 0
    /// Blinks at 2 Hz.
    case twoHertz = 1
    /// Blinks at 1 Hz.
    case oneHertz = 2
    /// Blinks at 0.5 Hz.
    case halfHertz = 3
}

/// The HT16K33's command bytes. Each I²C write begins with one; only the display-address
/// command is followed by data (display RAM bytes, auto-incrementing, wrapping 0x0F → 0x00).
public enum HT16K33Command {
    /// System setup, 0x20 | S: S = 1 starts the internal oscillator (normal operation),
    /// S = 0 is standby (the power-on state; nothing is shown).
    public static func systemSetup(oscillatorOn: Bool) -> UInt8 { 0x20 | (oscillatorOn ? 1 : 0) }

    /// Display setup, 0x80 | B1 B0 D: D = 1 turns the display on; B1 B0 set the blink.
    /// 0x81 is on without blink.
    public static func displaySetup(on: Bool, blink: HT16K33Blink = .off) -> UInt8 {
        0x80 | blink.rawValue << 1 | (on ? 1 : 0)
    }

    /// Dimming, 0xE0 | P: row duty (P + 1)/16 for `level` P = 0…15.
    public static func dimming(_ level: Int) -> UInt8 {
        precondition((0...15).contains(level), "HT16K33 dimming is 0...15")
        return 0xE0 | UInt8(level)
    }

    /// Display-data address pointer, 0x00…0x0F: the RAM byte the following data goes to.
    public static func displayAddress(_ address: Int) -> UInt8 {
        precondition((0...15).contains(address), "HT16K33 display RAM is 16 bytes")
        return UInt8(address)
    }

    /// ROW/INT set, 0xA0 | act << 1 | R/I: R/I = 0 keeps the shared ROW15/INT pin a row
    /// driver (the power-on state); 1 makes it the key-scan interrupt output.
    public static func rowIntSet(interruptOutput: Bool, activeHigh: Bool = false) -> UInt8 {
        0xA0 | (activeHigh ? 2 : 0) | (interruptOutput ? 1 : 0)
    }
}
