#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's peak resident memory, for benchmarks (Linux `/proc`; nil elsewhere).
public enum ProcessMemory {
    /// Resets the kernel's peak-RSS mark (Linux: write 5 to /proc/self/clear_refs), so the
    /// next reading is the peak from now on. Harmless where unsupported.
    public static func resetPeak() {
        let fd = SystemCalls.open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        SystemCalls.writeAll(fd, [UInt8(ascii: "5")])
        SystemCalls.close(fd)
    }

    /// VmHWM from /proc/self/status, in KiB.
    public static func peakResidentKiB() -> Int? {
        guard let bytes = try? FileBytes.read("/proc/self/status", limit: 1 << 16) else { return nil }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.dropFirst(6).filter { $0.isNumber })
        }
        return nil
    }
}
