/// Whether the TPM2.net packets of one frame have all arrived, so a frame split over several
/// packets is shown only whole.
///
/// TPM2.net numbers a frame's packets 1…count but has no frame number, so a lost packet
/// could not be told from the next frame's if packets were taken in any order. Senders send a
/// frame's packets in order, so a frame here is packets 1, 2, … count arriving in that order:
/// a frame is whole when its packet numbered `count` arrives after all the others. A gap (a
/// lost or reordered packet) gives the frame up, and nothing is taken until the next packet
/// 1; such a frame is never shown half, nor mixed with the next. The packets are placed by
/// their number, (number − 1) × the size of packet 1 (TPM2.net sends every packet but the last
/// at one size).
struct TPM2FrameCheck: Sendable {
    /// What became of the frame after a packet.
    enum Outcome: Equatable, Sendable {
        /// Still arriving: this packet's data goes from `firstByte`.
        case open(firstByte: Int)
        /// The frame is whole with this packet's data from `firstByte`: show it.
        case whole(firstByte: Int)
        /// The packet belongs to no frame being assembled: ignore it.
        case outOfOrder
    }

    /// The number the next packet of the frame must have; 0 while waiting for a packet 1.
    private var next = 0
    private var count = 0
    /// The size in bytes of the frame's packet 1.
    private var packetSize = 0
    /// Frames given up because a packet of theirs was lost or came out of order.
    private(set) var incompleteFrames = 0

    /// Takes packet `number` of `count` carrying `size` bytes.
    mutating func arrive(number: UInt8, of count: UInt8, size: Int) -> Outcome {
        let index = Int(number), total = Int(count)
        if index == 1 {
            if next != 0 { incompleteFrames += 1 }
            (next, self.count, packetSize) = (1, total, size)
        }
        guard next != 0, index == next, total == self.count else {
            if next != 0 { incompleteFrames += 1 }
            next = 0
            return .outOfOrder
        }
        let firstByte = (index - 1) * packetSize
        guard index == total else {
            next += 1
            return .open(firstByte: firstByte)
        }
        next = 0
        return .whole(firstByte: firstByte)
    }
}
