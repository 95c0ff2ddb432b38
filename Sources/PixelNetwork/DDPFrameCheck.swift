/// Whether the DDP packets of a pushing stream make one whole frame, so a push never shows a
/// frame mixed with an older one, while the packets of one frame, its push included, may
/// arrive in any order.
///
/// A frame is whole when:
/// - the bytes written since the last frame run unbroken from the frame's first byte to the
///   push packet's end (`PixelCoverage`, counted in twelfths of a pixel, so a packet may end
///   inside a pixel and the next begin there; a packet over bytes already written starts the
///   frame again);
/// - and, when packets are numbered (DDP's 4-bit numbers run 1–15), as many packets arrived as
///   the numbers from the last push to this one count: a lost push leaves its packets in the
///   count, and the frame after it is dropped whole.
///
/// A numbered push that arrives before the rest of its frame waits for them: packets numbered
/// before it complete the frame, and one numbered after it (the next frame) gives it up. A
/// packet numbered at or up to 4 behind the last push is a straggler of a frame already shown
/// or given up, and is ignored, until the frame arriving has 10 packets (its numbers then reach
/// that zone themselves). Frames of 15 packets or more wrap the numbers: for them only the
/// coverage counts, and a push must come last.
struct DDPFrameCheck: Sendable {
    /// What became of the frame after a packet.
    enum Outcome: Equatable, Sendable {
        /// Still arriving.
        case open
        /// Whole: show it.
        case whole
        /// Given up: part of it never arrived.
        case incomplete
    }

    /// Packets counted at most; from this many the numbers have wrapped.
    static let countedPackets = 15
    /// How far behind a push a number still marks a straggler.
    static let stragglerSteps = 4
    private(set) var coverage = PixelCoverage()
    private var lastPush: UInt8?
    private var packets = 0
    private var waiting: (sequence: UInt8, end: Int)?

    /// What a packet numbered `sequence` (0: unnumbered) is: a straggler to ignore (true), or
    /// part of the frame that arrives. A packet after a waiting push gives that frame up
    /// (`gaveUp`), and starts the next.
    mutating func arrive(_ sequence: UInt8) -> (straggler: Bool, gaveUp: Bool) {
        guard sequence != 0 else { return (false, false) }
        if let push = waiting?.sequence {
            let frameSteps = lastPush.map { Self.steps(from: $0, to: push) } ?? Self.stragglerSteps + 1
            let behind = Self.steps(from: sequence, to: push)
            if behind >= 1 && behind < frameSteps { return (false, false) }
            if isStraggler(sequence) { return (true, false) }
            startNextFrame(after: push)
            return (false, true)
        }
        return (isStraggler(sequence), false)
    }

    /// Notes the part of the frame a packet covers (`StreamFrameAssembler.channelUnit`s); when
    /// it is the push (numbered `sequence`, its data ending at unit `end`), the frame ends there. Returns what became of the frame.
    mutating func add(_ pixels: Range<Int>, push: Bool, sequence: UInt8, end: Int) -> Outcome {
        coverage.add(pixels)
        packets += 1
        if push { waiting = (sequence, end) }
        guard let frame = waiting else { return .open }
        if isWhole(push: frame.sequence, end: frame.end) {
            startNextFrame(after: frame.sequence)
            return .whole
        }
        // Only a numbered push in a short frame can wait for the rest.
        guard frame.sequence == 0 || packets >= Self.countedPackets else { return .open }
        startNextFrame(after: frame.sequence)
        return .incomplete
    }

    private func isWhole(push: UInt8, end: Int) -> Bool {
        guard coverage.coversFromStart(to: end) else { return false }
        guard push != 0, let lastPush, packets < Self.countedPackets else { return true }
        return packets == Self.steps(from: lastPush, to: push)
    }

    /// A number up to `stragglerSteps` behind the last push, while the frame arriving is too
    /// short for its own numbers to have come round to there: from the 11th packet of a frame
    /// on (frames of 11 to 18 packets and more, 128×64 is 18), the next numbers are that frame's.
    private func isStraggler(_ sequence: UInt8) -> Bool {
        guard let lastPush, packets < Self.countedPackets - Self.stragglerSteps - 1 else { return false }
        return Self.steps(from: sequence, to: lastPush) <= Self.stragglerSteps
    }

    private mutating func startNextFrame(after push: UInt8) {
        if push != 0 { lastPush = push }
        coverage.reset()
        packets = 0
        waiting = nil
    }

    /// Steps from `a` forward to `b` on DDP's cycle 1…15 (0 when equal).
    static func steps(from a: UInt8, to b: UInt8) -> Int {
        (Int(b) - Int(a) + 15) % 15
    }
}
