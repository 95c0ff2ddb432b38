/// Drops packets that arrive late, by their wrapping sequence numbers.
///
/// A packet is late when its number is at most `window − 1` steps behind the last one accepted
/// (counted in the protocol's wrapping arithmetic); anything else is accepted and becomes the
/// new reference, so a sender that restarts, or jumps ahead after a loss, is followed at once.
///
/// - E1.31 (ANSI E1.31-2018, 6.7.2): with signed 8-bit arithmetic, a packet is out of sequence
///   when −20 < new − last ≤ 0; a repeat of the last number is out of sequence too.
/// - Art-Net 4: 0 means the sender does not number its packets; 1–255 then wrap to 1. The
///   specification sets no window; this one drops a packet up to 19 behind.
/// - DDP: 4 bits, 0 means unnumbered. A few late packets of the previous frame are dropped
///   (WLED drops up to 4). Some senders number frames rather than packets, so a repeat of the
///   last number is accepted, as it is for Art-Net.
public struct SequenceWindow: Sendable, Hashable {
    /// The number of bits that count (8 or 4).
    public let bits: Int
    /// A packet this many steps behind, or fewer, is late (the repeat counts as 0 steps).
    public let window: Int
    /// True when sequence 0 means "not numbered": such packets are always accepted.
    public let zeroMeansUnnumbered: Bool
    /// True when a repeat of the last number is late.
    public let repeatIsLate: Bool
    /// The last number accepted, nil before the first packet.
    public private(set) var last: UInt8?

    /// E1.31's rule: −20 < new − last ≤ 0 is out of sequence.
    public static let e131 = SequenceWindow(bits: 8, window: 20, zeroMeansUnnumbered: false, repeatIsLate: true)
    /// Art-Net's: 0 is unnumbered; a number 1 to 19 behind is late.
    public static let artNet = SequenceWindow(bits: 8, window: 20, zeroMeansUnnumbered: true, repeatIsLate: false)
    /// DDP's: 4 bits, 0 is unnumbered; a number 1 to 4 behind is late.
    public static let ddp = SequenceWindow(bits: 4, window: 5, zeroMeansUnnumbered: true, repeatIsLate: false)

    /// A window for numbers of `bits` bits (1–8).
    public init(bits: Int, window: Int, zeroMeansUnnumbered: Bool, repeatIsLate: Bool) {
        self.bits = max(1, min(8, bits))
        self.window = window
        self.zeroMeansUnnumbered = zeroMeansUnnumbered
        self.repeatIsLate = repeatIsLate
    }

    /// Whether a packet numbered `sequence` is in sequence; if so, it becomes the reference.
    public mutating func accept(_ sequence: UInt8) -> Bool {
        let modulus: Int = 1 << bits
        let number: Int = Int(sequence) & (modulus - 1)
        if zeroMeansUnnumbered && number == 0 { return true }
        guard let last else {
            self.last = UInt8(number)
            return true
        }
        let forward: Int = (number - Int(last) + modulus) % modulus
        let signed: Int = forward >= modulus / 2 ? forward - modulus : forward
        let isRepeat = signed == 0
        let isBehind = signed < 0 && signed > -window
        if isBehind || (isRepeat && repeatIsLate) { return false }
        self.last = UInt8(number)
        return true
    }

    /// Forgets the reference: the next packet is accepted whatever its number.
    public mutating func reset() { last = nil }
}
