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
    /// Each register's atomic alias that flips the stored bits.
    public static let xorAlias = 0x1000
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

/// HUB75's fast path on a Pi 5: RP1's RIO output register, driven through its atomic XOR, SET
/// and CLR aliases in the window `/dev/gpiomem0` maps (group `gpio`, no root).
///
/// Making it hands each line to RIO: FUNCSEL 5 in its IO_BANK0 CTRL word, its pad setting, and
/// its output enable through OE's SET alias; then a store barrier. After that each `write` is
/// one posted store and never a load: a load would be a round trip over PCIe, while posted
/// stores reach the pins at about 20 M a second. The store goes to OUT's XOR alias and carries
/// the lines that change, worked out against a shadow of the levels this port last stored (a
/// write that changes nothing still stores, a zero, so repeated writes still take time).
/// `raise` and `lower` store to the SET and CLR aliases. Every alias changes only the bits it
/// is given, so a piezo or another program's RIO pin on the same bank keeps its level (hzeller's
/// backend stores the whole OUT word instead, since it owns every RIO pin).
///
/// The shadow is right as long as nothing else writes these lines: they are claimed through
/// libgpiod first, so no other process can request them. A program that writes `/dev/gpiomem0`
/// directly anyway would make the shadow wrong; the HUB75 refresher rewrites every line's
/// absolute level through SET and CLR once a bit plane, which corrects it within a plane.
public final class RP1Lines: PacedGPIOLines {
    public let name: String
    public let outputMask: UInt64
    private let registers: any GPIORegisterFile
    /// The libgpiod request that claims the lines for `pixelwheel` (so `gpioinfo` names the
    /// holder and a busy line is refused with its consumer's name), kept while these lines live.
    private let claim: AnyObject?
    public private(set) var levels: UInt64 = 0

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
        // One store whatever changes: no barrier, since every alias of one register is reached
        // over the same posted path, in order.
        // The shadow moves first, so it already holds the new levels while the store is made.
        let change = ((levels | set) & ~clear) ^ levels
        levels ^= change
        registers.write(UInt32(truncatingIfNeeded: change), at: RP1GPIORegisters.rioOut + RP1GPIORegisters.xorAlias)
    }

    public func raise(_ lines: UInt64) throws(BusError) {
        guard lines & ~outputMask == 0 else { throw .invalidRequest(device: name, reason: "raise outside the requested lines") }
        levels |= lines
        registers.write(UInt32(truncatingIfNeeded: lines), at: RP1GPIORegisters.rioOut + RP1GPIORegisters.setAlias)
    }

    public func lower(_ lines: UInt64) throws(BusError) {
        guard lines & ~outputMask == 0 else { throw .invalidRequest(device: name, reason: "lower outside the requested lines") }
        levels &= ~lines
        registers.write(UInt32(truncatingIfNeeded: lines), at: RP1GPIORegisters.rioOut + RP1GPIORegisters.clearAlias)
    }

    public func hold(nanoseconds: Int) {
        // The plane's on-time must start after its latch has reached the pins.
        registers.orderStores()
        registers.hold(nanoseconds: nanoseconds)
    }
}


extension RP1Lines {
    /// Stores per 11-bit refresh that hzeller's RIO backend (rpi-rgb-led-matrix cf60d08,
    /// `--led-rp1-rio=1`) makes, by panel size: counted by running its code against trapped
    /// registers (`make count-hzeller`), for `bench` to show beside this path's own count.
    public static let hzellerStoresPerRefresh = ["64x32": 23_153, "128x64": 91_329]
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
