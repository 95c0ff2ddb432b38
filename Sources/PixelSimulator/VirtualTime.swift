import PixelCore

/// The one clock of everything simulated: the frame loop, GPIO output holds, the rotary
/// encoder's edges and the bus-trace stamps all read and move this time, the way NIO's
/// `EmbeddedEventLoop.advanceTime` moves every timer of a test together. Nothing moves it
/// but an explicit `advance` or a `sleep(until:)`; it never goes back.
public final class VirtualTime: Clock {
    /// Nanoseconds since the simulation started.
    public private(set) var nanoseconds: Int64 = 0

    /// A clock at 0.
    public init() {}

    /// Moves to `nanoseconds`, or stays where it is if that is in the past.
    public func advance(to nanoseconds: Int64) {
        if nanoseconds > self.nanoseconds { self.nanoseconds = nanoseconds }
    }

    /// Moves on by `duration` nanoseconds (≥ 0).
    public func advance(by duration: Int64) {
        precondition(duration >= 0, "virtual time never goes back")
        nanoseconds += duration
    }

    /// The simulation's time.
    public func now() -> Int64 { nanoseconds }

    /// Sleeping on simulated time is moving it: to `deadline`, unless it is already past.
    public func sleep(until deadline: Int64) { advance(to: deadline) }

    /// Always true: time moves only when told to.
    public var isVirtual: Bool { true }
}
