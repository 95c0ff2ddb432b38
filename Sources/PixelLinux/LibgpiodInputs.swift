#if os(Linux)
import PixelBus
import CPixelLinux
import PixelCore
import PixelPanels
import PixelSystem
import Synchronization

/// GPIO input lines through libgpiod: requested for both-edge events on the monotonic clock
/// with the pull-up bias (and, with libgpiod 2.x, a kernel debounce period), read on a thread
/// of their own with the kernel's timestamps and queued for `waitForEdges`.
public final class LibgpiodInputs: GPIOInputs, @unchecked Sendable {
    public var name: String { request.chip.path }
    public let inputMask: UInt64
    private let request: GPIORequest
    private let queue = Mutex<(edges: [GPIOEdge], levels: UInt64, failure: BusError?)>(([], 0, nil))
    private let stopping = Atomic<Bool>(false)
    private let fds: [Int32]
    /// The kernel's monotonic time at the run clock's 0: edges are stamped on the run's timeline.
    private let origin: Int64

    /// Requests the lines in `inputMask` on `chip` and starts the reader thread. Edges are
    /// stamped on `clock`'s timeline (a real clock on the machine's monotonic time); without
    /// one, with the kernel's own timestamps.
    public init(chip: GPIOChip, inputMask: UInt64, debounceMicroseconds: Int = 1000, clock: (any Clock)? = nil) throws(BusError) {
        origin = clock.map { MonotonicClock.machineNanoseconds() - $0.now() } ?? 0
        let offsets = (0..<64).filter { inputMask & (UInt64(1) << UInt64($0)) != 0 }
        let handle = chip.handle
        let raw = offsets.map { UInt32($0) }
        guard let request = SystemCalls.libraryHandle(.library(name: "gpiod_request_inputs", fd: 0, arguments: offsets + [1, debounceMicroseconds],
                                                               bytes: [], text: GPIOChip.consumer), {
            raw.withUnsafeBufferPointer {
                pw_gpio_request_inputs(handle, $0.baseAddress, UInt32(raw.count), GPIOChip.consumer, 1, UInt(debounceMicroseconds))
            }
        }) else {
            throw chip.requestError(offsets, code: SystemCalls.lastError)
        }
        self.request = GPIORequest(chip: chip, offsets: offsets, handle: request)
        self.inputMask = inputMask
        // The levels now, then the descriptors to watch.
        var values = [Int32](repeating: 0, count: offsets.count)
        let got = SystemCalls.library(.library(name: "gpiod_get_values", fd: 0, arguments: offsets, bytes: [], text: chip.path)) {
            pw_gpio_get_values(request, &values)
        }
        if got < 0 { throw .linux(.gpio, device: chip.path, operation: "read levels", code: SystemCalls.lastError) }
        var levels: UInt64 = 0
        for (i, offset) in offsets.enumerated() where values[i] != 0 { levels |= UInt64(1) << UInt64(offset) }
        var fds = [Int32](repeating: -1, count: offsets.count)
        let count = Int(SystemCalls.library(.library(name: "gpiod_event_fds", fd: 0, arguments: offsets, bytes: [], text: chip.path)) {
            pw_gpio_event_fds(request, &fds, UInt32(fds.count))
        })
        self.fds = Array(fds.prefix(max(0, count)))
        queue.withLock { $0.levels = levels }
        let reader = UnsafeSendable(self)
        SystemThread.start(name: "pixelwheel gpio input") { reader.value.readLoop() }
    }

    deinit { stopping.store(true, ordering: .releasing) }

    /// Stops the reader thread (it notices within 100 ms).
    public func stop() { stopping.store(true, ordering: .releasing) }

    private func readLoop() {
        var events = [pw_gpio_event](repeating: pw_gpio_event(), count: 16)
        while !stopping.load(ordering: .acquiring) {
            guard let ready = SystemCalls.pollReadable(fds, timeoutMilliseconds: 100) else {
                queue.withLock { $0.failure = .linux(.gpio, device: name, operation: "poll", code: SystemCalls.lastError) }
                return
            }
            for fd in ready {
                let handle = request.handle
                let n = Int(SystemCalls.library(.library(name: "gpiod_read_events", fd: fd, arguments: [], bytes: [], text: name)) {
                    pw_gpio_read_events(handle, fd, &events, UInt32(events.count))
                })
                guard n > 0 else { continue }
                queue.withLock { state in
                    for event in events.prefix(n) {
                        let bit = UInt64(1) << UInt64(event.offset)
                        state.levels = event.rising != 0 ? state.levels | bit : state.levels & ~bit
                        state.edges.append(GPIOEdge(line: Int(event.offset), rising: event.rising != 0, at: Int64(event.timestamp_ns) - origin))
                    }
                }
            }
        }
    }

    public func read() throws(BusError) -> UInt64 {
        try queue.withLock { state throws(BusError) in
            if let failure = state.failure { throw failure }
            return state.levels
        }
    }

    public func waitForEdges(timeoutNanoseconds: Int64) throws(BusError) -> [GPIOEdge] {
        let deadline = MonotonicClock.machineNanoseconds() + max(0, timeoutNanoseconds)
        while true {
            let taken: [GPIOEdge] = try queue.withLock { state throws(BusError) in
                if let failure = state.failure { throw failure }
                defer { state.edges.removeAll() }
                return state.edges.sorted { $0.nanoseconds < $1.nanoseconds }
            }
            if !taken.isEmpty || MonotonicClock.machineNanoseconds() >= deadline { return taken }
            SystemThread.sleep(nanoseconds: min(1_000_000, deadline - MonotonicClock.machineNanoseconds()))
        }
    }
}

/// Hands a value that is safe by construction to another thread.
struct UnsafeSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
#endif
