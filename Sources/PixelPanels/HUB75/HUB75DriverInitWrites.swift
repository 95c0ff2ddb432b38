/// The pin writes that initialise a chain of FM6126A or FM6127 driver chips, sent once before
/// the first refresh (with OE high, so nothing lights meanwhile).
///
/// With `on` = every colour line of the chains in use (plus A for FM6126A), `off` = nothing
/// (A for FM6126A) and `mask` = the colour lines, A (FM6126A) and LAT, the sequence is (after rpi-rgb-led-matrix's
/// lib/framebuffer.cc):
/// 1. CLK and LAT low;
/// 2. for each register write of the chip and each column i of the chain (0..<columns × chain):
///    the colour lines `on` for a '1' at `pattern[i mod 16]`, `off` for a '0', with LAT high
///    when i ≥ length − latchedClocks, written over `mask`; then CLK high; then CLK low;
/// 3. after each register, LAT low.
/// So `latchedClocks` rising edges see LAT high, and LAT falls with no clock. Unlike hzeller's
/// FM6127 code, which writes only the first chain's colour lines, every parallel chain in use is
/// initialised; and with `inverse` the colour lines of `on` and `off` swap, so chips behind
/// inverted lines receive the words as written (hzeller sends them uninverted).
public enum HUB75DriverInitWrites {
    /// The writes for `configuration`'s driver chip; empty for plain chips.
    public static func writes(for configuration: HUB75Configuration) -> [HUB75PinWrite] {
        let chip = configuration.driverChip
        guard chip != .plain else { return [] }
        let pins = configuration.pinMap
        func bit(_ gpio: Int) -> UInt64 { UInt64(1) << UInt64(gpio) }
        let colour: UInt64 = pins.chains.prefix(configuration.geometry.parallel).flatMap(\.lines).reduce(UInt64(0)) { $0 | bit($1) }
        let a: UInt64 = chip.holdsAddressA ? bit(pins.address[0]) : 0
        // With `inverse` the chips see every colour line inverted, so a '1' goes out low.
        let one: UInt64 = configuration.inverse ? 0 : colour
        let on: UInt64 = one | a, off: UInt64 = (colour ^ one) | a
        let clock = bit(pins.clock), latch = bit(pins.latch)
        let mask: UInt64 = colour | a | latch
        let length = configuration.geometry.chainLength
        var writes: [HUB75PinWrite] = [HUB75PinWrite(set: 0, clear: clock | latch)]
        for register in chip.registers {
            let pattern = Array(register.pattern)
            for i in 0..<length {
                var value: UInt64 = pattern[i % 16] == "1" ? on : off
                if i >= length - register.latchedClocks { value |= latch }
                writes.append(HUB75PinWrite(set: value, clear: mask ^ value))
                writes.append(HUB75PinWrite(set: clock, clear: 0))
                writes.append(HUB75PinWrite(set: 0, clear: clock))
            }
            writes.append(HUB75PinWrite(set: 0, clear: latch))
        }
        return writes
    }
}
