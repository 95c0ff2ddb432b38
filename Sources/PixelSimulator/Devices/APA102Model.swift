import PixelBus
import PixelCore
import PixelPanels

/// Something the APA102 model saw on the wire that the chip would not accept.
public enum APA102Problem: Hashable, Sendable, CustomStringConvertible {
    /// An LED word that does not start with `111`.
    case badHeader(led: Int, word: UInt32)
    /// A transfer in an SPI mode whose data changes on the rising clock edge (mode 1 or 2),
    /// where the chips sample: the chain would read garbage, so the model ignored it.
    case wrongMode(SPIMode)

    /// One line naming the problem.
    public var description: String {
        switch self {
        case let .badHeader(led, word):
            return "LED \(led): word \(Hex.word(UInt64(word))) does not start with 0b111"
        case let .wrongMode(mode):
            return "SPI mode \(mode.rawValue): APA102 samples data on the rising clock edge; use mode 0"
        }
    }
}

/// A chain of APA102 or SK9822 LEDs on SPI clock and data.
///
/// The chain is clocked, so it has no notion of transfers: the model treats every byte ever
/// sent as one stream of clock cycles (a pause in the clock just pauses the chain). It
/// decodes the stream as the chips do: 32 zero bits are a start frame, after which the next
/// 32-bit word that begins with a 1 belongs to the first LED, the next to the second, and
/// so on; each LED replaces its own word with zeros and passes everything else on half a
/// clock cycle late, so LED k receives a bit ⌈k/2⌉ clock cycles after the controller sent
/// it — bits that have not yet arrived wait for the next transfer's clocks. An APA102 shows
/// its word once it has arrived; an SK9822 shows it when a following 32-bit zero frame
/// has arrived. Words past the last LED leave the chain.
///
/// `picture` is the board as laid out by `layout`: per channel, linear light
/// `level × 257 × global / 31`, rounded (global is the word's 5-bit brightness).
public final class APA102Model: SPIDeviceModel {
    /// Where each LED of the chain sits.
    public let layout: ChainLayout
    /// APA102 or SK9822.
    public let chip: APA102Chip
    /// The chips' channel order (BGR for both).
    public let order: ChannelOrder
    /// The word each LED shows: `0b111` + 5-bit global, then three levels in wire order.
    public private(set) var shownWords: [UInt32]
    /// Problems seen, oldest first (the first 100).
    public private(set) var problems: [APA102Problem] = []
    /// LED words that went past the end of the chain.
    public private(set) var wordsPastEnd = 0
    /// The first frame whose number of LED words was not the chain's length. Words of all
    /// ones past the chain's length at a frame's end are the end frame some drivers send and
    /// are not counted; the first `layout.count` words are LED words whatever their value
    /// (0xFFFFFFFF is full white at full brightness).
    public private(set) var mismatchedFrameWords: Int?
    private var frameWords = 0
    /// Words of all ones at the end of the frame so far, past the chain's length: an end frame.
    private var trailingOnes = 0

    private enum Event { case word(UInt32, position: Int), latch(position: Int) }
    private var clock = 0
    private var zeroRun = 0
    private var synced = false
    private var nextLED = 0
    private var wordBitsLeft = 0
    private var word: UInt32 = 0
    /// Per LED, what is on its way to it, in stream order.
    private var queues: [[Event]]
    /// Per LED (SK9822), the word received and not yet shown.
    private var held: [UInt32?]

    /// A chain laid out as `layout` of `chip`s taking `order` (BGR by default); all dark.
    public init(layout: ChainLayout, chip: APA102Chip = .apa102, order: ChannelOrder = .bgr) {
        self.layout = layout; self.chip = chip; self.order = order
        shownWords = Array(repeating: 0, count: layout.count)
        queues = Array(repeating: [], count: layout.count)
        held = Array(repeating: nil, count: layout.count)
    }

    /// A straight strip of `length` LEDs.
    public convenience init(stripLength length: Int, chip: APA102Chip = .apa102, order: ChannelOrder = .bgr) {
        self.init(layout: .strip(length: length), chip: chip, order: order)
    }

    /// The light of every LED, on the board.
    public var picture: Frame {
        var frame = Frame(width: layout.width, height: layout.height)
        let positions = order.wirePositions
        for led in 0..<layout.count {
            let w = shownWords[led]
            let global = Int(w >> 24 & 0x1F)
            func light(_ colour: Int) -> UInt16 {
                let level = Int(w >> UInt32(16 - 8 * positions[colour]) & 0xFF)
                return UInt16((2 * level * 257 * global + 31) / 62)
            }
            let p = layout.position(ofLED: led)
            frame[p.x, p.y] = LinearColor(red: light(0), green: light(1), blue: light(2))
        }
        return frame
    }

    /// Forgets the problems seen so far.
    public func clearProblems() { problems = [] }

    /// The clock ran for `bytes.count × 8` cycles with `bytes` on the data line.
    public func receive(_ bytes: [UInt8], mode: SPIMode, speedHz: Int) {
        guard mode == .mode0 || mode == .mode3 else {
            note(.wrongMode(mode))
            return
        }
        for byte in bytes {
            for shift in stride(from: 7, through: 0, by: -1) {
                shiftIn((byte >> UInt8(shift)) & 1)
            }
        }
        settle()
    }

    private func shiftIn(_ bit: UInt8) {
        clock += 1
        if wordBitsLeft > 0 {
            word = word << 1 | UInt32(bit)
            wordBitsLeft -= 1
            if wordBitsLeft == 0 { finishWord() }
            return
        }
        if bit == 0 {
            zeroRun += 1
            if zeroRun == 32 {
                noteFrameLength()
                synced = true
                nextLED = 0
                if chip == .sk9822 {
                    for led in 0..<layout.count { queues[led].append(.latch(position: clock)) }
                }
            }
        } else {
            zeroRun = 0
            if synced {
                word = 1
                wordBitsLeft = 31
            }
        }
    }

    private func finishWord() {
        let led = nextLED
        nextLED += 1
        frameWords += 1
        trailingOnes = word == 0xFFFF_FFFF && led >= layout.count ? trailingOnes + 1 : 0
        guard led < layout.count else {
            wordsPastEnd += 1
            return
        }
        if word >> 29 != 0b111 { note(.badHeader(led: led, word: word)) }
        queues[led].append(.word(word, position: clock))
    }

    /// Delivers to each LED whatever has reached it by now.
    private func settle() {
        for led in 0..<layout.count where !queues[led].isEmpty {
            let delay = (led + 1) / 2
            var delivered = 0
            for event in queues[led] {
                let position: Int
                switch event {
                case let .word(_, p): position = p
                case let .latch(p): position = p
                }
                if position + delay > clock { break }  // not here yet; nor is anything after it
                switch event {
                case let .word(w, _):
                    if chip == .apa102 { shownWords[led] = w } else { held[led] = w }
                case .latch:
                    if let w = held[led] { shownWords[led] = w; held[led] = nil }
                }
                delivered += 1
            }
            queues[led].removeFirst(delivered)
        }
    }

    /// A start frame arrived: the frame before it, if any, is complete.
    private func noteFrameLength() {
        let words = frameWords - trailingOnes
        if frameWords > 0, words != layout.count, mismatchedFrameWords == nil { mismatchedFrameWords = words }
        frameWords = 0
        trailingOnes = 0
    }

    /// One line when the traffic does not fit this chain: frames of another number of LEDs
    /// (the last frame, not yet followed by a start frame, included), LED words without their
    /// `111` header, or the wrong SPI mode; nil when every frame fitted.
    public var misfit: String? {
        let pending = frameWords - trailingOnes
        if let words = mismatchedFrameWords ?? (frameWords > 0 && pending != layout.count ? pending : nil) {
            return "frames carry \(words) LED words, but the chain has \(layout.count) LEDs: length=\(words) (or width × height)?"
        }
        if let problem = problems.first {
            switch problem {
            case .badHeader: return "\(problem): not APA102 traffic, or bytes were lost?"
            case .wrongMode: return "\(problem)"
            }
        }
        return nil
    }

    private func note(_ problem: APA102Problem) {
        if problems.count < 100 { problems.append(problem) }
    }
}
