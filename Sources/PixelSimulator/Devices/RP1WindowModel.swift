import PixelBus

/// A model of RP1's GPIO window as `/dev/gpiomem0` maps it on a Pi 5: it decodes the stores a
/// driver makes — function select in IO_BANK0, pad settings, and RIO's OUT and OE through their
/// plain, XOR, SET and CLR aliases — into the levels on the header's pins, and drives those into
/// `pins`, a simulated port wired to device models (a HUB75 panel).
///
/// A pin follows RIO's OUT bit only once its FUNCSEL is 5 (SYS_RIO) and its output is enabled;
/// until then it stays low, as a floating HUB75 input reads. Its offsets are written here from
/// the "RP1 Peripherals" datasheet on their own, not shared with the driver, so a wrong offset in either shows. A
/// store anywhere else is recorded in `strayStores`.
public final class RP1WindowModel: GPIORegisterFile {
    /// The port the driven levels go to.
    public let pins: SimulatedGPIOLines
    /// Each GPIO's FUNCSEL (bits 4:0 of its CTRL word); 0x1F, "none", until written.
    public private(set) var functions = [UInt32](repeating: 0x1F, count: 28)
    /// Each GPIO's pad word; nil until written.
    public private(set) var pads = [UInt32?](repeating: nil, count: 28)
    /// RIO's OUT and OE registers.
    public private(set) var out: UInt32 = 0, outputEnable: UInt32 = 0
    /// Stores to offsets this model does not know, as (offset, value).
    public private(set) var strayStores: [(offset: Int, value: UInt32)] = []
    /// Stores so far, and store barriers so far.
    public private(set) var stores = 0, barriers = 0

    /// How long each store takes to reach the pins, in nanoseconds: the clock moves on by it
    /// before the store takes effect (50 ns: the roughly 20 M posted stores a second reported
    /// for RP1, which `RP1Lines`' write time assumes).
    public let storeNanoseconds: Int

    /// A window whose pins drive `pins`, each store taking `storeNanoseconds`.
    public init(pins: SimulatedGPIOLines, storeNanoseconds: Int = 50) {
        self.pins = pins
        self.storeNanoseconds = storeNanoseconds
    }

    public func write(_ value: UInt32, at offset: Int) {
        stores += 1
        if storeNanoseconds > 0 { pins.hold(nanoseconds: storeNanoseconds) }
        let bank = offset >> 16, inBank = offset & 0xFFFF
        let alias = inBank >> 12, register = inBank & 0xFFF
        guard alias < 4 else {
            strayStores.append((offset, value))
            return
        }
        switch bank {
        case 0 where register % 8 == 4 && register / 8 < 28 && alias == 0:
            functions[register / 8] = value & 0x1F
        case 1 where register == 0:
            out = apply(value, alias: alias, to: out)
        case 1 where register == 4:
            outputEnable = apply(value, alias: alias, to: outputEnable)
        case 2 where register >= 4 && register < 4 + 4 * 28 && register % 4 == 0 && alias == 0:
            pads[register / 4 - 1] = value
        default:
            strayStores.append((offset, value))
        }
        drive()
    }

    public func orderStores() { barriers += 1 }

    public func hold(nanoseconds: Int) { pins.hold(nanoseconds: nanoseconds) }

    /// The lines RIO drives now: FUNCSEL 5 and output enabled.
    public var rioLines: UInt64 {
        var mask: UInt64 = 0
        for gpio in 0..<28 where functions[gpio] == 5 { mask |= 1 << UInt64(gpio) }
        return mask & UInt64(outputEnable)
    }

    private func apply(_ value: UInt32, alias: Int, to register: UInt32) -> UInt32 {
        switch alias {
        case 0: return value
        case 1: return register ^ value
        case 2: return register | value
        default: return register & ~value
        }
    }

    /// Moves the port's lines to what RIO drives, low where it drives nothing.
    private func drive() {
        let levels = UInt64(out) & rioLines & pins.outputMask
        let rise = levels & ~pins.levels, fall = pins.levels & ~levels
        guard rise | fall != 0 else { return }
        try? pins.write(set: rise, clear: fall)
    }
}
