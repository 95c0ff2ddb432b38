import PixelBus
import PixelCore
import PixelPanels

/// A cascade of MAX7219 chips on one chip select, modelled as the datasheet describes it,
/// driving the LEDs of a `MAX7219Board`.
///
/// **Shifting and latching.** Every chip has a 16-bit shift register; DOUT of one feeds DIN
/// of the next, so the chain is one `16 × chips`-bit shift register. Bits move on every
/// clock whatever chip select does, and on the rising edge of chip select (the end of a
/// transfer) *every* chip latches the 16 bits it holds at that moment. The model keeps the
/// chain's bytes and latches them at the end of each transfer, so traffic of the wrong
/// length does what it does on the wire:
///
/// - a transfer of exactly 2 × chips bytes gives each chip one word (the first word sent
///   reaches the last chip);
/// - a shorter transfer moves the words only part of the way: the chips nearest DIN get the
///   new words, the rest latch the stale words left in their shift registers from earlier
///   traffic (and so repeat an old command);
/// - an odd number of bytes leaves the words split across byte boundaries: chips latch a
///   high byte from one word and a low byte from the next;
/// - a longer transfer pushes its first bytes out of the last chip's DOUT, lost;
/// - an empty transfer (chip select pulsed, no clock) makes every chip latch again.
///
/// Each such transfer is also noted in `anomalies`. The shift registers start out holding
/// zeros (no-op words). Data shifted in SPI modes 1 or 2 is
/// sampled on the wrong clock edge; the model notes it and ignores the transfer.
///
/// **What is shown.** Power-up state: shutdown, no decode, scan limit 0, intensity 0,
/// display test off, digit registers `powerOnDigits`. Display test lights every LED of the
/// chip (8 digits, duty 31/32) whatever the other registers say. Otherwise a chip in
/// shutdown is dark; digits beyond the scan limit are dark; a digit with its decode bit set
/// shows the code B font of D3–D0 plus DP from D7; other digits show their bits.
///
/// **Brightness.** A lit LED's level is its average current relative to an eight-digit scan
/// at full duty: 65535 × (2·intensity + 1)/32 × 8/(scan limit + 1), rounded, capped at
/// 65535 (a short scan gives each digit more time, which the datasheet warns makes LEDs
/// brighter). Lit LEDs are white at that level; unlit LEDs are black.
public final class MAX7219Model: SPIDeviceModel {
    /// The registers of one chip.
    public struct Chip: Hashable, Sendable {
        /// Digit registers 0xX1…0xX8.
        public var digits: [UInt8]
        /// Decode-mode register: bit *d* set = digit *d* goes through the code B font.
        public var decodeMode: UInt8 = 0
        /// Intensity, 0…15 (D3–D0 of register 0xXA).
        public var intensity: UInt8 = 0
        /// Last digit scanned, 0…7 (D2–D0 of register 0xXB).
        public var scanLimit: UInt8 = 0
        /// True while in shutdown (D0 of register 0xXC is 0): the display is blank.
        public var shutDown = true
        /// True while display test (D0 of register 0xXF) lights every LED.
        public var displayTest = false
    }

    /// The LEDs the chips drive and how they are laid out.
    public let board: MAX7219Board
    /// Every chip's registers, chip 0 nearest DIN.
    public private(set) var chips: [Chip]
    /// Traffic a real cascade would not take as intended, one line each, oldest first.
    public private(set) var anomalies: [String] = []
    /// Latches seen (transfers that ended with chip select rising, any length).
    public private(set) var latchCount = 0
    /// Transfers whose length was not 2 × chips bytes, by length (empty ones not counted).
    public private(set) var wrongLengths: [Int: Int] = [:]
    /// Words that named a register the chip does not have (0xXD, 0xXE).
    public private(set) var missingRegisterWords = 0
    /// Transfers ignored because they came in SPI mode 1 or 2.
    public private(set) var wrongModeTransfers = 0
    /// The chain's shift register as bytes in the order they were shifted in: the first two
    /// bytes sit in the last chip, the last two in chip 0.
    private var chain: [UInt8]

    /// Chips in the power-up state behind `board`; their digit registers hold
    /// `powerOnDigits` (the datasheet leaves them undefined).
    public init(board: MAX7219Board, powerOnDigits: UInt8 = 0) {
        self.board = board
        self.chips = Array(repeating: Chip(digits: Array(repeating: powerOnDigits, count: 8)), count: board.chips)
        self.chain = Array(repeating: 0, count: 2 * board.chips)
    }

    /// One transfer: the bytes shift into the chain, then every chip latches its word.
    public func receive(_ bytes: [UInt8], mode: SPIMode, speedHz: Int) {
        if mode == .mode1 || mode == .mode2 {
            wrongModeTransfers += 1
            anomalies.append("transfer in SPI mode \(mode.rawValue): the MAX7219 reads DIN on the rising clock edge, "
                + "so the data is unreliable; use mode 0 (transfer ignored)")
            return
        }
        if speedHz > MAX7219Configuration.maximumSpeedHz {
            anomalies.append("SPI clock \(speedHz) Hz is above the MAX7219's 10 MHz; lower the clock")
        }
        let wordBytes = 2 * board.chips
        if !bytes.isEmpty && bytes.count != wordBytes { wrongLengths[bytes.count, default: 0] += 1 }
        if bytes.isEmpty {
            anomalies.append("empty transfer: chip select pulsed with no data, so every chip latched its old word again")
        } else if bytes.count % 2 != 0 {
            anomalies.append("transfer of \(bytes.count) bytes is not whole 16-bit words: chips latched words split across bytes")
        } else if bytes.count < wordBytes {
            anomalies.append("transfer of \(bytes.count) bytes is short of the \(wordBytes) a \(board.chips)-chip cascade needs: "
                + "chips \(bytes.count / 2)...\(board.chips - 1) latched stale words")
        } else if bytes.count > wordBytes {
            anomalies.append("transfer of \(bytes.count) bytes is longer than the \(wordBytes) a \(board.chips)-chip cascade holds: "
                + "the first \(bytes.count - wordBytes) bytes were shifted out of the last chip and lost")
        }
        chain.append(contentsOf: bytes)
        chain.removeFirst(chain.count - wordBytes)
        latchCount += 1
        for chip in 0..<board.chips {
            let offset = 2 * (board.chips - 1 - chip)
            execute(register: chain[offset] & 0x0F, data: chain[offset + 1], chip: chip)
        }
    }

    private func execute(register: UInt8, data: UInt8, chip index: Int) {
        switch register {
        case 0x00:
            break
        case 0x01...0x08:
            chips[index].digits[Int(register) - 1] = data
        case 0x09:
            chips[index].decodeMode = data
        case 0x0A:
            chips[index].intensity = data & 0x0F
        case 0x0B:
            chips[index].scanLimit = data & 0x07
        case 0x0C:
            chips[index].shutDown = data & 1 == 0
        case 0x0F:
            chips[index].displayTest = data & 1 == 1
        default:
            missingRegisterWords += 1
            anomalies.append("chip \(index): register \(Hex.byte(register)) does not exist "
                + "(word ignored); registers are 0x0...0xC and 0xF")
        }
    }

    /// One line when the traffic does not fit this cascade: transfers of another length than
    /// 2 × chips bytes (naming the chip count they fit), transfers in the wrong SPI mode, or
    /// words for registers the chip does not have; nil when every transfer fitted.
    public var misfit: String? {
        let expected = 2 * board.chips
        if let (length, count) = wrongLengths.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) {
            let some = count == latchCount ? "the trace's transfers are" : "\(count) of the trace's \(latchCount) transfers are"
            if length % 2 != 0 {
                return "\(some) \(length) bytes, not whole 16-bit words: not MAX7219 traffic, or bytes were lost"
            }
            if length / 2 > MAX7219Configuration.maximumChips {
                return "\(some) \(length) bytes, \(length / 2) words, more than a cascade of \(MAX7219Configuration.maximumChips) chips takes: not MAX7219 traffic?"
            }
            return "\(some) \(length) bytes, but chips=\(board.chips) takes \(expected) per transfer: chips=\(length / 2)?"
        }
        if wrongModeTransfers > 0 {
            return "\(wrongModeTransfers) transfers in SPI mode 1 or 2, which the MAX7219 cannot read: record the trace in mode 0"
        }
        if missingRegisterWords > 0 {
            return "\(missingRegisterWords) words name registers 0xD or 0xE, which the MAX7219 does not have: not MAX7219 traffic?"
        }
        return nil
    }

    /// The code B font (datasheet table 5): segments lit for D3–D0 = 0…15, as data bits
    /// (6 = A … 0 = G): 0–9, "-", E, H, L, P, blank.
    public static let codeBFont: [UInt8] = [0x7E, 0x30, 0x6D, 0x79, 0x33, 0x5B, 0x5F, 0x70,
                                            0x7F, 0x7B, 0x01, 0x4F, 0x37, 0x0E, 0x67, 0x00]

    /// The segment lines lit on digit `digit` of chip `chip` now, as data bits.
    public func litSegments(chip: Int, digit: Int) -> UInt8 {
        let state = chips[chip]
        if state.displayTest { return 0xFF }
        if state.shutDown || digit > Int(state.scanLimit) { return 0 }
        let data = state.digits[digit]
        if state.decodeMode & (1 << UInt8(digit)) != 0 {
            return Self.codeBFont[Int(data & 0x0F)] | (data & 0x80)
        }
        return data
    }

    /// The level (0…65535) of a lit LED of chip `chip` now (see the type's notes).
    public func litLevel(chip: Int) -> UInt16 {
        let state = chips[chip]
        let duty = state.displayTest ? 31 : 2 * Int(state.intensity) + 1
        let digitsScanned = state.displayTest ? 8 : Int(state.scanLimit) + 1
        let divisor = 32 * digitsScanned
        return UInt16(min(65535, (65535 * duty * 8 + divisor / 2) / divisor))
    }

    /// What the row of modules shows: lit LEDs white at their chip's level, others black.
    public var picture: Frame {
        var frame = Frame(width: board.width, height: board.height)
        for chip in 0..<board.chips {
            let level = litLevel(chip: chip)
            let color = LinearColor(red: level, green: level, blue: level)
            for digit in 0..<8 {
                let segments = litSegments(chip: chip, digit: digit)
                for bit in 0..<8 where segments & (1 << UInt8(bit)) != 0 {
                    let p = board.position(chip: chip, digit: digit, bit: bit)
                    frame[p.x, p.y] = color
                }
            }
        }
        return frame
    }
}
