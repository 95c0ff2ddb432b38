import PixelPanels

/// A mechanical rotary encoder with a push switch (EC11, KY-040): two contacts A and B that
/// pass through the Gray-code sequence 11 → 01 → 00 → 10 → 11 per detent clockwise (reversed
/// anticlockwise), resting at 11 with pull-ups, and a switch that shorts to ground. Contacts
/// bounce: each change can chatter for a while before it settles, as the real part's do.
public final class RotaryEncoderModel {
    /// BCM GPIO numbers of contact A, contact B and the push switch.
    public let a: Int, b: Int, button: Int
    private let inputs: SimulatedGPIOInputs
    private var state = 0  // index into the Gray sequence, 0 = rest (A=1, B=1)
    private static let sequence: [(a: Bool, b: Bool)] = [(true, true), (false, true), (false, false), (true, false)]

    /// An encoder wired to `inputs` on lines `a`, `b` and `button`.
    public init(inputs: SimulatedGPIOInputs, a: Int, b: Int, button: Int) {
        self.inputs = inputs; self.a = a; self.b = b; self.button = button
    }

    /// Turns `detents` detents (positive clockwise) starting at `nanoseconds`, one every
    /// `interval` ns, each contact change followed by `bounces` chatters `bounceGap` ns apart.
    /// Returns the time the last contact settled.
    @discardableResult
    public func turn(_ detents: Int, at nanoseconds: Int64, interval: Int64 = 40_000_000,
                     bounces: Int = 0, bounceGap: Int64 = 150_000) -> Int64 {
        var t = nanoseconds
        let step = detents >= 0 ? 1 : 3  // +1 or −1 modulo 4
        for _ in 0..<abs(detents) {
            for _ in 0..<4 {
                let old = Self.sequence[state]
                state = (state + step) % 4
                let new = Self.sequence[state]
                let line = old.a != new.a ? a : b
                let level = old.a != new.a ? new.a : new.b
                t += interval / 4
                // Chatter: the contact flips back and forth before settling on the new level.
                for k in 0..<bounces {
                    inputs.drive(line: line, high: k % 2 == 0 ? level : !level, at: t + Int64(k) * bounceGap)
                }
                inputs.drive(line: line, high: level, at: t + Int64(bounces) * bounceGap)
            }
        }
        return t + Int64(bounces) * bounceGap
    }

    /// Presses the switch at `nanoseconds` for `duration` ns, with contact bounce on both edges.
    public func press(at nanoseconds: Int64, duration: Int64, bounces: Int = 0, bounceGap: Int64 = 300_000) {
        for k in 0..<bounces { inputs.drive(line: button, high: k % 2 == 1, at: nanoseconds + Int64(k) * bounceGap) }
        inputs.drive(line: button, high: false, at: nanoseconds + Int64(bounces) * bounceGap)
        let release = nanoseconds + duration
        for k in 0..<bounces { inputs.drive(line: button, high: k % 2 == 0, at: release + Int64(k) * bounceGap) }
        inputs.drive(line: button, high: true, at: release + Int64(bounces) * bounceGap)
    }
}
