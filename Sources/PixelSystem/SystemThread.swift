import Foundation

/// Starts work on a thread of its own (input readers, refresh loops, benchmark posters).
public enum SystemThread {
    /// Runs `body` on a new thread named `name`.
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = name
        thread.start()
    }

    /// Sleeps the calling thread for `nanoseconds`.
    public static func sleep(nanoseconds: Int64) {
        SystemCalls.sleep(untilMonotonic: SystemCalls.monotonicNanoseconds() + nanoseconds)
    }
}
