#if os(Linux)
import PixelBus
import CPixelLinux
import PixelPanels
import PixelSystem

/// GPIO output lines through libgpiod: requested once, in bulk, for the consumer
/// `pixelwheel`, all low; every `write` sets the whole word in one call.
public final class LibgpiodLines: GPIOLines {
    public var name: String { request.chip.path }
    public let outputMask: UInt64
    private let request: GPIORequest
    private var levels: UInt64 = 0
    private var values: [Int32]

    /// Requests the lines in `outputMask` on `chip` as outputs.
    public init(chip: GPIOChip, outputMask: UInt64) throws(BusError) {
        let offsets = (0..<64).filter { outputMask & (UInt64(1) << UInt64($0)) != 0 }
        guard let last = offsets.last, last < chip.lineCount || chip.lineCount == 0 else {
            throw .invalidRequest(device: chip.path, reason: "GPIO \(offsets.last ?? 0) is beyond the chip's \(chip.lineCount) lines")
        }
        let handle = chip.handle
        let raw = offsets.map { UInt32($0) }
        guard let request = SystemCalls.libraryHandle(.library(name: "gpiod_request_outputs", fd: 0, arguments: offsets, bytes: [],
                                                               text: GPIOChip.consumer), {
            raw.withUnsafeBufferPointer { pw_gpio_request_outputs(handle, $0.baseAddress, UInt32(raw.count), GPIOChip.consumer) }
        }) else {
            throw chip.requestError(offsets, code: SystemCalls.lastError)
        }
        self.request = GPIORequest(chip: chip, offsets: offsets, handle: request)
        self.outputMask = outputMask
        values = [Int32](repeating: 0, count: offsets.count)
    }

    public func write(set: UInt64, clear: UInt64) throws(BusError) {
        guard set & clear == 0 else { throw .invalidRequest(device: name, reason: "a line both set and cleared in one write") }
        guard (set | clear) & ~outputMask == 0 else {
            throw .invalidRequest(device: name, reason: "GPIO not requested as output: mask \(Hex.word((set | clear) & ~outputMask))")
        }
        levels = (levels | set) & ~clear
        for (i, offset) in request.offsets.enumerated() { values[i] = levels & (UInt64(1) << UInt64(offset)) != 0 ? 1 : 0 }
        let handle = request.handle
        let result = values.withUnsafeBufferPointer { buffer in
            SystemCalls.library(.library(name: "gpiod_set_values", fd: 0, arguments: buffer.map(Int.init), bytes: [], text: name)) {
                pw_gpio_set_values(handle, buffer.baseAddress)
            }
        }
        if result < 0 { throw .linux(.gpio, device: name, operation: "set values", code: SystemCalls.lastError) }
    }

    /// Waits `nanoseconds` on the monotonic clock: spins for short holds (bit-plane times are
    /// micro- to nanoseconds, below a sleep's resolution), sleeps for long ones.
    public func hold(nanoseconds: Int) {
        let deadline = MonotonicClock.machineNanoseconds() + Int64(nanoseconds)
        if nanoseconds > 200_000 { SystemCalls.sleep(untilMonotonic: deadline); return }
        spin(until: deadline)
    }
}
#endif
