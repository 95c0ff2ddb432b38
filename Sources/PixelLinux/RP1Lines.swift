import PixelBus

/// RP1's GPIO window as `/dev/gpiomem0` maps it on a Pi 5: the register facts the HUB75 fast
/// path needs, from Raspberry Pi's "RP1 Peripherals" datasheet (docs/raspberry-pi.md, "HUB75
/// on a Pi 5", says how they are used).
public enum RP1GPIORegisters {
    /// The device node that maps the window (group `gpio`, no root).
    public static let devicePath = "/dev/gpiomem0"
    /// Bytes to map: IO_BANK0, SYS_RIO0 and PADS_BANK0, 0x10000 apart.
    public static let windowLength = 0x30000
    /// IO_BANK0: each GPIO's STATUS and CTRL words.
    public static let ioBank0 = 0x0_0000
    /// SYS_RIO0: the software-driven outputs.
    public static let rio = 0x1_0000
    /// PADS_BANK0: word 0 is the bank's voltage select, then one word per pad.
    public static let padsBank0 = 0x2_0000
    /// Each register's atomic alias that ORs the stored bits in.
    public static let setAlias = 0x2000
    /// Each register's atomic alias that clears the stored bits.
    public static let clearAlias = 0x3000
    /// RIO's output levels (bit n = GPIO n).
    public static let rioOut = rio + 0x0
    /// RIO's output enables.
    public static let rioOutputEnable = rio + 0x4
    /// GPIO `n`'s CTRL word in IO_BANK0 (bits 4:0 select its function).
    public static func control(_ gpio: Int) -> Int { ioBank0 + 8 * gpio + 4 }
    /// GPIO `n`'s pad control word in PADS_BANK0.
    public static func pad(_ gpio: Int) -> Int { padsBank0 + 4 + 4 * gpio }
    /// FUNCSEL 5: the pin follows SYS_RIO (software-driven). Writing the whole CTRL word also
    /// clears its output and interrupt overrides, which is what a plain output wants.
    public static let functionSysRIO: UInt32 = 5
    /// Pad setting for data and address lines: output enabled, input off, drive 8 mA (bits 5:4
    /// = 01), fast slew (bit 0) and Schmitt trigger off.
    public static let padFast: UInt32 = 0x15
    /// Pad setting for CLK and LAT, the sharpest edges: drive 2 mA (bits 5:4 = 00), fast slew.
    /// hzeller's RIO backend chose these two values; the drive and slew fields follow the
    /// RP2040 pad layout, which RP1's documentation does not confirm.
    public static let padGentle: UInt32 = 0x01
    /// The GPIOs RIO bank 0 drives: the header's GPIO 0…27.
    public static let bankLines: UInt64 = (1 << 28) - 1
}

/// HUB75's fast path on a Pi 5: RP1's RIO output register, driven through its atomic SET and
/// CLR aliases in the window `/dev/gpiomem0` maps (group `gpio`, no root).
///
/// Making it hands each line to RIO: FUNCSEL 5 in its IO_BANK0 CTRL word, its pad setting, and
/// its output enable through OE's SET alias; then a store barrier. After that each `write` is
/// at most two posted stores and never a load: a load would be a round trip over PCIe, while
/// posted stores reach the pins at about 20 M a second. The aliases change only this port's
/// bits, so a piezo or another program's RIO pin on the same bank keeps its level (hzeller's
/// backend stores the whole OUT word instead, since it owns every RIO pin).
public final class RP1Lines: PacedGPIOLines {
    public let name: String
    public let outputMask: UInt64
    private let registers: any GPIORegisterFile
    /// The libgpiod request that claims the lines for `pixelwheel` (so `gpioinfo` names the
    /// holder and a busy line is refused with its consumer's name), kept while these lines live.
    private let claim: AnyObject?

    /// Lines `outputMask` (GPIO 0…27) driven through `registers`; `clockAndLatch` get the gentler
    /// pad drive. Configures every line before returning.
    public init(name: String = "/dev/gpiomem0", registers: any GPIORegisterFile, outputMask: UInt64,
                clockAndLatch: UInt64 = 0, nanosecondsPerStore: Int = 50, claim: AnyObject? = nil) throws(BusError) {
        guard outputMask & ~RP1GPIORegisters.bankLines == 0 else {
            throw .invalidRequest(device: name, reason: "RP1's RIO fast path drives GPIO 0…27 only (bank 0)")
        }
        self.name = name; self.registers = registers; self.outputMask = outputMask; self.claim = claim
        self.nanosecondsPerStore = nanosecondsPerStore
        // Start with every line low, then hand each to RIO and enable its output.
        registers.write(UInt32(truncatingIfNeeded: outputMask), at: RP1GPIORegisters.rioOut + RP1GPIORegisters.clearAlias)
        for gpio in 0..<28 where outputMask >> UInt64(gpio) & 1 == 1 {
            let gentle = clockAndLatch >> UInt64(gpio) & 1 == 1
            registers.write(RP1GPIORegisters.functionSysRIO, at: RP1GPIORegisters.control(gpio))
            registers.write(gentle ? RP1GPIORegisters.padGentle : RP1GPIORegisters.padFast, at: RP1GPIORegisters.pad(gpio))
        }
        registers.write(UInt32(truncatingIfNeeded: outputMask), at: RP1GPIORegisters.rioOutputEnable + RP1GPIORegisters.setAlias)
        // The function, pad and enable stores must land before the first level change: without
        // the barrier a posted OUT store may overtake them and the first edge be lost.
        registers.orderStores()
    }

    /// How long a store takes, in nanoseconds: 50 by default, the roughly 20 M posted stores a
    /// second reported for RP1. An estimate, not measured here: it sets how long
    /// a plane stays lit while the next shifts in.
    public let nanosecondsPerStore: Int

    public func write(set: UInt64, clear: UInt64) throws(BusError) {
        guard set & clear == 0, (set | clear) & ~outputMask == 0 else {
            throw .invalidRequest(device: name, reason: "write outside the requested lines or both set and cleared")
        }
        // SET before CLR: the pair is one HUB75 edge, and the panel samples only on CLK's rise,
        // which this port's caller raises in a write of its own. No barrier: both aliases of one
        // register are reached over the same posted path, in order.
        if set != 0 { registers.write(UInt32(truncatingIfNeeded: set), at: RP1GPIORegisters.rioOut + RP1GPIORegisters.setAlias) }
        if clear != 0 { registers.write(UInt32(truncatingIfNeeded: clear), at: RP1GPIORegisters.rioOut + RP1GPIORegisters.clearAlias) }
    }

    public func hold(nanoseconds: Int) {
        // The plane's on-time must start after its latch has reached the pins.
        registers.orderStores()
        registers.hold(nanoseconds: nanoseconds)
    }
}


#if os(Linux)
extension RP1Lines {
    /// Lines `outputMask` through the RP1 code path into registers in memory, and a count of the
    /// register stores made so far (`pixelwheel bench`'s RP1 refresh row). The count includes
    /// the stores that hand the lines to RIO.
    public static func countingStores(outputMask: UInt64) throws(BusError) -> (lines: any GPIOLines, stores: () -> Int) {
        let registers = CountingRegisterFile()
        return (try RP1Lines(registers: registers, outputMask: outputMask), { registers.stores })
    }
}
#endif
