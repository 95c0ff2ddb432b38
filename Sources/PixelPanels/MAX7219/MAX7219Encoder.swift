import PixelBus
import PixelCore

/// Turns frames into MAX7219 cascade traffic: the `RegisterChip` that `MAX7219Panel` drives.
/// It holds no bus, so the same frame always gives the same bytes; its only state is the
/// intensity in force, which `setBrightness` sets.
///
/// **Monochrome.** An LED is on when the mean of its three linear channels is at least
/// a quarter of full drive (`OnOffThreshold`) and off otherwise; there is no per-LED dimming,
/// only the chip-wide intensity register.
///
/// **Cascade order.** A latch is one transfer of 2 × `chips` bytes (chip select low, the
/// words, chip select high). The chips form one long shift register from DIN onwards, so the
/// first word shifted out travels furthest: it ends up in the *last* chip of the chain, and
/// the last word sent stays in the chip on DIN. The datasheet says the same: to write the
/// fourth of four chips, send its word followed by three no-ops. In the arrays here chip 0
/// is the one on DIN; `latch` writes chip `chips − 1`'s word first.
///
/// **Layout.** Chip *k* drives block `chips − 1 − k` counted from the left (the chain runs
/// right to left, as on FC-16 and generic modules), or block *k* when `reversed`. Within a
/// block, the module's row of the table says where each digit register's bits land
/// (`MAX7219Module`).
public struct MAX7219Encoder: Hashable, Sendable {
    /// The cascade this encoder writes for (its intensity is the 100 % level).
    public let configuration: MAX7219Configuration
    /// The intensity register value in force: `configuration.intensity` until `setBrightness`.
    public private(set) var intensity: Int

    /// An encoder for `configuration`.
    public init(configuration: MAX7219Configuration) {
        self.configuration = configuration
        intensity = configuration.intensity
    }

    /// Whether an LED showing `color` is on: its mean channel level is at least a quarter
    /// of full drive in linear light (see `OnOffThreshold`).
    @inlinable public static func isLit(_ color: LinearColor) -> Bool {
        OnOffThreshold.isLit(color)
    }

    /// The eight digit registers of every chip for `frame`: `chips × 8` bytes, chip-major in
    /// chain order (byte `8·k + d` is digit register *d* of chip *k*, chip 0 on DIN). The
    /// frame must be the panel's size.
    public func digitRegisters(for frame: Frame) -> [UInt8] {
        let chips = configuration.chips
        precondition(frame.width == configuration.width && frame.height == configuration.height,
                     "MAX7219 frame must be \(configuration.width)x\(configuration.height) LEDs")
        var registers = [UInt8](repeating: 0, count: chips * 8)
        for chip in 0..<chips {
            let block = configuration.reversed ? chip : chips - 1 - chip
            for digit in 0..<8 {
                var value: UInt8 = 0
                for bit in 0..<8 {
                    let p = configuration.module.position(digit: digit, bit: bit)
                    if Self.isLit(frame[block * 8 + p.x, p.y]) { value |= 1 << UInt8(bit) }
                }
                registers[chip * 8 + digit] = value
            }
        }
        return registers
    }

    /// The bytes of one latch that gives chip *k* the word `words[k]` (chain order, chip 0
    /// on DIN; `nil` is a no-op). The last chip's word goes first.
    public func latch(_ words: [(register: MAX7219Register, data: UInt8)?]) -> [UInt8] {
        precondition(words.count == configuration.chips, "one word per chip")
        var bytes = [UInt8]()
        bytes.reserveCapacity(2 * words.count)
        for chip in stride(from: words.count - 1, through: 0, by: -1) {
            if let word = words[chip] {
                bytes.append(word.register.rawValue); bytes.append(word.data)
            } else {
                bytes.append(MAX7219Register.noOp.rawValue); bytes.append(0)
            }
        }
        return bytes
    }

    /// One latch that writes `data` to `register` in every chip.
    public func broadcast(_ register: MAX7219Register, _ data: UInt8) -> [UInt8] {
        latch(Array(repeating: (register, data), count: configuration.chips))
    }

    /// The start-up transfers, one latch each, every chip alike: display test off, no
    /// decode, scan all eight digits, the intensity in force, all digit registers cleared,
    /// and only then shutdown off (normal operation). The chip powers up in shutdown with
    /// undefined digit registers, so clearing them before leaving shutdown means nothing
    /// stray is ever lit; afterwards the panel knows every digit register is 0.
    public func initialization() -> [[UInt8]] {
        var transfers: [[UInt8]] = [
            broadcast(.displayTest, 0),
            broadcast(.decodeMode, 0),
            broadcast(.scanLimit, 7),
            broadcast(.intensity, UInt8(intensity)),
        ]
        for digit in 0..<8 { transfers.append(broadcast(.digit(digit), 0)) }
        transfers.append(broadcast(.shutdown, 1))
        return transfers
    }

    /// The latches that take the chips from `previous` digit registers (as from
    /// `digitRegisters`; `nil` when unknown) to `registers`, sending only rows that change.
    ///
    /// Each chip's changed rows are queued in digit order; latch *i* carries every chip's
    /// *i*-th change and a no-op for chips with fewer changes. So the number of latches is the
    /// largest number of rows any one chip changes, a frame with no change sends nothing,
    /// and one changed row sends one latch.
    public func transfers(from previous: [UInt8]?, to registers: [UInt8]) -> [[UInt8]] {
        let chips = configuration.chips
        precondition(registers.count == chips * 8 && (previous?.count ?? chips * 8) == chips * 8,
                     "MAX7219 digit registers are 8 bytes per chip")
        var changes = [[(register: MAX7219Register, data: UInt8)]](repeating: [], count: chips)
        var deepest = 0
        for chip in 0..<chips {
            for digit in 0..<8 {
                let value = registers[chip * 8 + digit]
                if let previous, previous[chip * 8 + digit] == value { continue }
                changes[chip].append((.digit(digit), value))
            }
            deepest = max(deepest, changes[chip].count)
        }
        var transfers = [[UInt8]]()
        transfers.reserveCapacity(deepest)
        for step in 0..<deepest {
            transfers.append(latch(changes.map { step < $0.count ? $0[step] : nil }))
        }
        return transfers
    }

    /// Every transfer that shows `frame` on chips whose contents are unknown: eight latches,
    /// one per digit register. The encode step `pixelwheel bench` times (frame → bytes, no bus).
    public func transactions(for frame: Frame) -> [[UInt8]] {
        transfers(from: nil, to: digitRegisters(for: frame))
    }
}

extension MAX7219Encoder: RegisterChip {
    public static var typeName: String { "max7219" }
    public var location: String { "" }
    public var sizeHint: String { "render at the panel's size (8 LEDs wide per chip)" }
    public var powerUpImage: [UInt8] { [UInt8](repeating: 0, count: configuration.chips * 8) }
    public func image(for frame: Frame) -> [UInt8] { digitRegisters(for: frame) }
    public func messages(from held: [UInt8]?, to target: [UInt8]) -> [[UInt8]] { transfers(from: held, to: target) }

    /// Scales the intensity register to `percent` of the configured value; the one latch that sets it.
    public mutating func setBrightness(percent: Int) -> [[UInt8]] {
        intensity = Self.scaled(configuration.intensity, percent: percent)
        return [broadcast(.intensity, UInt8(intensity))]
    }
}

/// A row of MAX7219 8×8 blocks on one SPI chip select (mode 0, the configured clock).
public typealias MAX7219Panel = RegisterChipPanel<MAX7219Encoder>

extension RegisterChipPanel where Chip == MAX7219Encoder {
    /// Takes `device`, sets it to mode 0 at `configuration.speedHz`, and starts the chips.
    public convenience init(device: any SPIDevice, configuration: MAX7219Configuration) throws(BusError) {
        try device.configure(mode: .mode0, speedHz: configuration.speedHz)
        try self.init(chip: MAX7219Encoder(configuration: configuration), link: .spi(device))
    }
}
