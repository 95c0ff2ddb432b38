import CPixelSystem
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starts work on a thread of its own (input readers, refresh loops, benchmark posters).
public enum SystemThread {
    /// Runs `body` on a new thread named `name`.
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = name
        thread.start()
    }

    /// Runs `body` on a new thread that asks for real-time scheduling (`SCHED_FIFO`, priority
    /// 50) and to run on the last core — what a HUB75 refresh needs to keep its bit-plane times.
    /// `report` hears, from the new thread, what was granted: both, one, or neither with the fix.
    public static func startRealtime(name: String, report: @escaping @Sendable (String) -> Void, _ body: @escaping @Sendable () -> Void) {
        start(name: name) {
            var notes: [String] = []
            #if os(Linux)
            let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
            if cores > 1 {
                var parameters = sched_param(sched_priority: 50)
                let fifo = pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameters) == 0
                notes.append(fifo ? "SCHED_FIFO priority 50" : "normal priority (SCHED_FIFO not permitted: run as root or grant CAP_SYS_NICE, e.g. AmbientCapabilities=CAP_SYS_NICE in the unit)")
                let core = cores - 1
                let pinned = pw_pin_thread_to_core(Int32(core)) == 0
                notes.append(pinned ? "pinned to core \(core) (add isolcpus=\(core) to cmdline.txt to keep other work off it)" : "not pinned to a core")
            } else {
                // A busy real-time thread on the only core would starve everything else.
                notes.append("normal priority (one core: a real-time refresh would starve the rest of the program)")
            }
            #else
            notes.append("normal priority (real-time scheduling is set up on Linux only)")
            #endif
            report(notes.joined(separator: ", "))
            body()
        }
    }

    /// Sleeps the calling thread for `nanoseconds`.
    public static func sleep(nanoseconds: Int64) {
        SystemCalls.sleep(untilMonotonic: SystemCalls.monotonicNanoseconds() + nanoseconds)
    }
}
