#if os(Linux)
#if canImport(Glibc)
import Glibc
#endif
import PixelBus
import CPixelLinux
import PixelPanels
import PixelSystem

/// The GPIO register block of a Pi 1–4 (BCM2835/6/7, BCM2711): the facts the fast path needs.
public enum BCMGPIORegisters {
    /// GPSET0: writing 1 to bit n drives GPIO n high (n < 32); 0 bits change nothing.
    public static let set0 = 0x1C
    /// GPCLR0: writing 1 to bit n drives GPIO n low.
    public static let clear0 = 0x28
    /// The GPIO block's offset from the peripheral base (what /dev/mem needs; /dev/gpiomem maps
    /// the block itself, at offset 0).
    public static let blockOffset: UInt64 = 0x20_0000
    /// Bytes to map: the block is 0xB4 bytes; one page.
    public static let mapLength = 4096
    /// The device node that maps the block (group `gpio`, no root).
    public static let devicePath = "/dev/gpiomem"

    /// The ARM physical peripheral base from `/proc/device-tree/soc/ranges` (big-endian cells:
    /// child address, parent address, size). The parent address is one cell on Pi 1–3
    /// (0x20000000, 0x3F000000) and two on Pi 4 (0x0_FE000000); nil when the bytes are not
    /// such a table.
    public static func peripheralBase(ranges: [UInt8]) -> UInt64? {
        func cell(_ at: Int) -> UInt64? {
            guard at + 4 <= ranges.count else { return nil }
            return ranges[at..<(at + 4)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        }
        guard let first = cell(4) else { return nil }
        if first != 0 { return first }  // one parent cell (Pi 1–3)
        return cell(8)                    // two parent cells, high word 0 (Pi 4)
    }
}

/// HUB75's fast path on a Pi 1–4: the GPIO set and clear registers written through
/// `/dev/gpiomem`, which needs no root (the `gpio` group). Two stores per `write`.
public final class GPIOMemLines: GPIOLines {
    public let name: String
    public let outputMask: UInt64
    private let registers: any GPIORegisterFile
    /// The libgpiod request that claims the lines as outputs for `pixelwheel` (so the kernel sets
    /// their direction and `gpioinfo` shows who holds them), kept for as long as these lines live.
    private let claim: AnyObject?

    /// Lines `outputMask` (GPIO 0…31) driven through `registers`, claimed by `claim`.
    public init(name: String = "/dev/gpiomem", registers: any GPIORegisterFile, outputMask: UInt64, claim: AnyObject? = nil) throws(BusError) {
        guard outputMask >> 32 == 0 else {
            throw .invalidRequest(device: name, reason: "the fast path drives GPIO 0…31 only (bank 0)")
        }
        self.name = name; self.registers = registers; self.outputMask = outputMask; self.claim = claim
    }

    public func write(set: UInt64, clear: UInt64) throws(BusError) {
        guard set & clear == 0, (set | clear) & ~outputMask == 0 else {
            throw .invalidRequest(device: name, reason: "write outside the requested lines or both set and cleared")
        }
        if set != 0 { registers.write(UInt32(truncatingIfNeeded: set), at: BCMGPIORegisters.set0) }
        if clear != 0 { registers.write(UInt32(truncatingIfNeeded: clear), at: BCMGPIORegisters.clear0) }
    }

    public func hold(nanoseconds: Int) { registers.hold(nanoseconds: nanoseconds) }
}

/// Busy-waits until the monotonic clock reads `deadline`: for bit-plane times, which are far
/// below a sleep's resolution.
func spin(until deadline: Int64) {
    while MonotonicClock.machineNanoseconds() < deadline {}
}

/// A GPIO register window mapped into memory from a device node: `/dev/gpiomem` on a Pi 1–4
/// (`BCMGPIORegisters`), `/dev/gpiomem0` on a Pi 5 (`RP1GPIORegisters`). The real register file.
public final class MappedGPIORegisters: GPIORegisterFile {
    /// The device node.
    public let path: String
    private let length: Int
    private let base: UnsafeMutableRawPointer
    private let fd: Int32

    /// Maps `length` bytes of `path` from offset 0; errors name the node and the fix (the
    /// `gpio` group).
    public init(path: String, length: Int) throws(BusError) {
        let fd = SystemCalls.open(path, O_RDWR | O_SYNC | O_CLOEXEC)
        guard fd >= 0 else { throw .linux(.gpiomem, device: path, operation: "open", code: SystemCalls.lastError) }
        guard let base = SystemCalls.mmap(fd, length: length, offset: 0) else {
            let code = SystemCalls.lastError
            SystemCalls.close(fd)
            throw .linux(.gpiomem, device: path, operation: "mmap", code: code)
        }
        self.path = path
        self.length = length
        self.fd = fd
        self.base = base
    }

    deinit {
        SystemCalls.munmap(base, length: length)
        SystemCalls.close(fd)
    }

    public func write(_ value: UInt32, at offset: Int) { pw_mmio_write32(base, UInt(offset), value) }
    public func orderStores() { pw_store_barrier() }
    public func hold(nanoseconds: Int) { spin(until: MonotonicClock.machineNanoseconds() + Int64(nanoseconds)) }
}
#endif

#if os(Linux)
/// GPIO registers in memory that count the stores: the `/dev/gpiomem` code path with no SoC
/// behind it, for `pixelwheel bench`.
final class CountingRegisterFile: GPIORegisterFile {
    private(set) var stores = 0
    private var words = [UInt32](repeating: 0, count: 64)
    func write(_ value: UInt32, at offset: Int) {
        stores &+= 1
        words[(offset / 4) % words.count] = value
    }
    func orderStores() {}
    func hold(nanoseconds: Int) { spin(until: MonotonicClock.machineNanoseconds() + Int64(nanoseconds)) }
}

extension GPIOMemLines {
    /// Lines `outputMask` through the gpiomem code path into registers in memory, and a count
    /// of the register stores made so far (`pixelwheel bench`'s gpiomem refresh row).
    public static func countingStores(outputMask: UInt64) throws(BusError) -> (lines: any GPIOLines, stores: () -> Int) {
        let registers = CountingRegisterFile()
        return (try GPIOMemLines(registers: registers, outputMask: outputMask), { registers.stores })
    }
}
#endif
