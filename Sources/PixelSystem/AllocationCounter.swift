#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The allocation counter exported by the preload library of `scripts/bench/count-allocations.sh`,
/// looked up in the process's global scope (preloaded libraries included); nil when the
/// program runs without it.
public enum AllocationCounter {
    /// Allocations so far, or nil without the preload library.
    public static func count() -> UInt64? { function?() }

    private static let function: (@convention(c) () -> UInt64)? = {
        guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "pixelwheel_allocation_count") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) () -> UInt64).self)
    }()
}
