import PixelBus
import PixelCore

/// Turns frames into HT16K33 I²C messages: the `RegisterChip` that `HT16K33Panel` drives.
/// Pure: no bus, no state (brightness is a chip-wide command, sent as it changes).
///
/// **Monochrome.** An LED is on when the mean of its three linear channels is at least
/// a quarter of full drive (`OnOffThreshold`); brightness is chip-wide (the dimming command).
/// On a bicolour board the red die is on when the red channel reaches a quarter of full drive
/// and the green die when the green channel does (white shows yellow; blue does not show).
///
/// **Messages.** Each message is one I²C write to the chip's address: a command byte, and
/// for display RAM the start address followed by data bytes, which the chip stores at
/// auto-incrementing addresses. Updates send only the bytes that change: each run of
/// consecutive changed RAM bytes is one message, `[start address, bytes…]`.
public struct HT16K33Encoder: Hashable, Sendable {
    /// The backpack this encoder writes for.
    public let configuration: HT16K33Configuration

    /// An encoder for `configuration`.
    public init(configuration: HT16K33Configuration) {
        self.configuration = configuration
    }

    /// Whether an LED showing `color` is on: mean channel level at least a quarter of full drive (see `OnOffThreshold`).
    @inlinable public static func isLit(_ color: LinearColor) -> Bool {
        OnOffThreshold.isLit(color)
    }

    /// The 16 display RAM bytes that show `frame` (which must be the board's size).
    public func displayRAM(for frame: Frame) -> [UInt8] {
        let board = configuration.board
        precondition(frame.width == board.width && frame.height == board.height,
                     "HT16K33 frame must be \(board.width)x\(board.height) LEDs")
        var ram = [UInt8](repeating: 0, count: 16)
        // The old half turn is the mounting stage's: its own inverse, so it also says which
        // frame pixel each board LED shows.
        let turn = Mounting(rotation: configuration.rotated180 ? .clockwise180 : .upright)
        for y in 0..<board.height {
            for x in 0..<board.width {
                let p = turn.boardPosition(x: x, y: y, width: board.width, height: board.height)
                let source = frame[p.x, p.y]
                if let red = board.redRAMLocation(x: x, y: y) {
                    // Bicolour: each die on when its own channel reaches the on/off level.
                    if Int(source.red) >= OnOffThreshold.meanLevel { ram[red.byte] |= 1 << UInt8(red.bit) }
                    guard Int(source.green) >= OnOffThreshold.meanLevel else { continue }
                } else {
                    guard Self.isLit(source) else { continue }
                }
                let location = board.ramLocation(x: x, y: y)
                ram[location.byte] |= 1 << UInt8(location.bit)
            }
        }
        return ram
    }

    /// Start-up messages: oscillator on (0x21); display RAM cleared (the chip powers up with
    /// random RAM, so it is cleared while the display is still off); dimming (0xE0 | level);
    /// display on, no blink (0x81). Afterwards the RAM is known to be all zero.
    public func initialization() -> [[UInt8]] {
        [
            [HT16K33Command.systemSetup(oscillatorOn: true)],
            [HT16K33Command.displayAddress(0)] + [UInt8](repeating: 0, count: 16),
            [HT16K33Command.dimming(configuration.brightness)],
            [HT16K33Command.displaySetup(on: true, blink: .off)],
        ]
    }

    /// The messages that take display RAM from `previous` (`nil` when unknown: everything is
    /// written) to `ram`: one `[address, bytes…]` message per run of changed bytes.
    public func messages(from previous: [UInt8]?, to ram: [UInt8]) -> [[UInt8]] {
        precondition(ram.count == 16 && (previous?.count ?? 16) == 16, "HT16K33 display RAM is 16 bytes")
        var messages = [[UInt8]]()
        var index = 0
        while index < 16 {
            if let previous, previous[index] == ram[index] { index += 1; continue }
            var message = [HT16K33Command.displayAddress(index)]
            while index < 16, previous == nil || previous![index] != ram[index] {
                message.append(ram[index]); index += 1
            }
            messages.append(message)
        }
        return messages
    }

    /// Every message that shows `frame` on a chip whose RAM is unknown: one 17-byte write.
    /// The encode step `pixelwheel bench` times (frame → bytes, no bus).
    public func transactions(for frame: Frame) -> [[UInt8]] {
        messages(from: nil, to: displayRAM(for: frame))
    }
}

extension HT16K33Encoder: RegisterChip {
    public static var typeName: String { "ht16k33" }
    public var location: String { "at \(configuration.address)" }
    public var sizeHint: String { "render at the panel's size or set layout=" }
    public var powerUpImage: [UInt8] { [UInt8](repeating: 0, count: 16) }
    public func image(for frame: Frame) -> [UInt8] { displayRAM(for: frame) }

    /// The dimming command at `percent` of the configured level.
    public mutating func setBrightness(percent: Int) -> [[UInt8]] {
        [[HT16K33Command.dimming(Self.scaled(configuration.brightness, percent: percent))]]
    }
}

/// An HT16K33 LED matrix backpack on an I²C bus.
public typealias HT16K33Panel = RegisterChipPanel<HT16K33Encoder>

extension RegisterChipPanel where Chip == HT16K33Encoder {
    /// Takes `bus` and starts the chip at `configuration.address`.
    public convenience init(bus: any I2CBus, configuration: HT16K33Configuration) throws(BusError) {
        try self.init(chip: HT16K33Encoder(configuration: configuration), link: .i2c(bus, address: configuration.address))
    }
}
