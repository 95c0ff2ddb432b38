/// The one clock of a run: every part that needs the time — the frame clock, the inputs, the
/// outputs, the HUB75 refresh — is handed the same `Clock` and never reads a global one.
///
/// Two kinds conform, as NIO has one `EventLoop` protocol with a real loop and an embedded one
/// that moves only when told: `MonotonicClock` (PixelSystem) reads and sleeps on the machine's
/// monotonic clock; `VirtualTime` (PixelSimulator) moves only when something sleeps on it or
/// advances it, so simulated runs are exactly repeatable.
///
/// Times are nanoseconds on the clock's own timeline, which starts at 0 when the clock is made:
/// a frame's `FrameTime`, an encoder edge and a key press are all read on it, so they compare
/// directly.
///
/// (Named `Clock` in PixelCore; it shadows the standard library's generic `Clock` protocol in
/// modules that import PixelCore, which PixelWheel does not use.)
public protocol Clock {
    /// Nanoseconds since the clock's origin (never decreasing).
    func now() -> Int64
    /// Returns once `now() >= deadline` — at once if that is already so. A real clock may
    /// return early when the process is asked to stop, so callers check what they wait for.
    func sleep(until deadline: Int64)
    /// True for a simulation's clock, on which time passes only when told to; measured rates
    /// and durations mean nothing there.
    var isVirtual: Bool { get }
}
