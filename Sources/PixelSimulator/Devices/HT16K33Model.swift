import PixelBus
import PixelCore
import PixelPanels

/// An HT16K33 LED driver on an I²C bus, modelled from its datasheet, behind the LEDs of an
/// `HT16K33Board`.
///
/// **Commands.** The first byte of each write is a command: 0x00–0x0F sets the display RAM
/// address pointer and the bytes after it are stored at auto-incrementing addresses,
/// wrapping from 0x0F to 0x00; 0x20 | S is system setup (S = 1 oscillator on); 0x80 | B1 B0 D
/// is display setup (D = 1 on, B1 B0 blink); 0xE0 | P is dimming (duty (P + 1)/16);
/// 0xA0 | … is ROW/INT set (bit 0 = 1 turns the shared ROW15/INT pin into the interrupt
/// output, so ROW 15 stops driving LEDs); 0x40–0x47 and 0x60 set read pointers for key data.
/// The datasheet defines no data after the other commands: extra bytes are ignored and noted
/// in `anomalies`, as are unknown commands and RAM writes that wrap past 0x0F. An empty write
/// (an address probe such as `i2cdetect` makes) changes nothing.
///
/// **Power-up.** Oscillator off (standby), display off, no blink, dimming 16/16, ROW15 a
/// row driver, RAM `powerOnRAM` (random on the real chip).
///
/// **What is shown.** Nothing unless the oscillator and the display are both on. Then each
/// LED whose RAM bit is set is white at (dimming + 1)/16 of full level, rounded; others are
/// black. On a bicolour board each die is its colour at that level (green on `rows`, red on
/// `redRows`), so both lit show yellow. With blink on the picture is the lit phase (`blink` says the rate).
public final class HT16K33Model: I2CDeviceModel {
    /// The chip's address.
    public let address: I2CAddress
    /// The LEDs and how they are wired.
    public let board: HT16K33Board
    /// The 16 display RAM bytes.
    public private(set) var ram: [UInt8]
    /// The RAM address the next data byte goes to.
    public private(set) var addressPointer = 0
    /// System setup S bit: true when the internal oscillator runs.
    public private(set) var oscillatorOn = false
    /// Display setup D bit.
    public private(set) var displayOn = false
    /// Display setup blink bits.
    public private(set) var blink = HT16K33Blink.off
    /// Dimming level P, 0…15.
    public private(set) var dimming = 15
    /// ROW/INT set bit 0: true when the ROW15/INT pin is the interrupt output.
    public private(set) var row15IsInterrupt = false
    /// Traffic the chip would not take as intended, one line each, oldest first.
    public private(set) var anomalies: [String] = []
    /// Write messages received.
    public private(set) var writeCount = 0
    /// The first display RAM write that ran past address 0x0F: its start and length.
    public private(set) var ramOverrun: (start: Int, count: Int)?
    /// The first byte that is no HT16K33 command.
    public private(set) var unknownCommand: UInt8?

    /// A chip at `address` behind `board`, in its power-up state with `powerOnRAM` in
    /// display RAM.
    public init(address: I2CAddress = I2CAddress(rawValue: 0x70)!, board: HT16K33Board = .adafruit8x8,
                powerOnRAM: [UInt8] = Array(repeating: 0, count: 16)) {
        precondition(powerOnRAM.count == 16, "HT16K33 display RAM is 16 bytes")
        self.address = address
        self.board = board
        self.ram = powerOnRAM
    }

    /// One write message.
    public func receiveWrite(_ bytes: [UInt8]) {
        writeCount += 1
        guard let command = bytes.first else { return }
        let data = bytes.dropFirst()
        switch command {
        case 0x00...0x0F:
            addressPointer = Int(command)
            if Int(command) + data.count > 16, ramOverrun == nil { ramOverrun = (Int(command), data.count) }
            if data.count > 16 {
                anomalies.append("display RAM write of \(data.count) bytes wrapped past 0x0F and overwrote its own start; "
                    + "send at most 16 bytes")
            }
            for byte in data {
                ram[addressPointer] = byte
                addressPointer = (addressPointer + 1) & 0x0F
            }
            return
        case 0x20...0x2F:
            oscillatorOn = command & 1 == 1
        case 0x80...0x8F:
            displayOn = command & 1 == 1
            blink = HT16K33Blink(rawValue: (command >> 1) & 3)!
        case 0xE0...0xEF:
            dimming = Int(command & 0x0F)
        case 0xA0...0xAF:
            row15IsInterrupt = command & 1 == 1
        case 0x40...0x47, 0x60...0x6F:
            break
        default:
            if unknownCommand == nil { unknownCommand = command }
            anomalies.append("command \(Hex.byte(command)) is not an HT16K33 command (ignored)")
            return
        }
        if !data.isEmpty {
            anomalies.append("command \(Hex.byte(command)) was followed by \(data.count) data bytes, which the chip ignores; "
                + "send each command in its own write")
        }
    }

    /// A register read: display RAM from address `register` (0x00–0x0F, auto-incrementing),
    /// key data (0x40–0x45, no keys pressed) or the interrupt flag (0x60, clear).
    public func read(_ count: Int, register: UInt8) -> [UInt8] {
        switch register {
        case 0x00...0x0F:
            return (0..<count).map { ram[(Int(register) + $0) & 0x0F] }
        case 0x40...0x45, 0x60:
            return Array(repeating: 0, count: count)
        default:
            anomalies.append("read from \(Hex.byte(register)), which the HT16K33 does not have")
            return Array(repeating: 0, count: count)
        }
    }

    /// One line when the traffic does not fit this chip and board: a display RAM write past
    /// 0x0F, a byte that is no command, or RAM bits set for LEDs the board does not have
    /// (naming a `layout` that has them); nil when everything fitted.
    public var misfit: String? {
        if let overrun = ramOverrun {
            return "a display RAM write of \(overrun.count) bytes from \(Hex.byte(UInt8(overrun.start))) runs past 0x0F, "
                + "the end of the HT16K33's 16-byte RAM: not HT16K33 traffic, or several chips' data in one write?"
        }
        if let command = unknownCommand {
            return "\(Hex.byte(command)) is not an HT16K33 command: not HT16K33 traffic?"
        }
        return unwiredLEDs(Self.bits(ram), doing: "display RAM lights", board: (board.name, board.wiredRAMBits),
                           key: "layout", boards: HT16K33Board.all.map { ($0.name, $0.wiredRAMBits) })
    }

    /// The (byte, bit) places set in `ram`, as `byte × 8 + bit`.
    static func bits(_ ram: [UInt8]) -> Set<Int> {
        var set = Set<Int>()
        for (byte, value) in ram.enumerated() {
            for bit in 0..<8 where value & (1 << UInt8(bit)) != 0 { set.insert(byte * 8 + bit) }
        }
        return set
    }

    /// The level (0…65535) of a lit LED at the current dimming.
    public var litLevel: UInt16 { UInt16((65535 * (dimming + 1) + 8) / 16) }

    /// What the board shows (see the type's notes).
    public var picture: Frame {
        var frame = Frame(width: board.width, height: board.height)
        guard oscillatorOn, displayOn else { return frame }
        let level = litLevel
        let color = LinearColor(red: level, green: level, blue: level)
        func lit(_ location: (byte: Int, bit: Int)) -> Bool {
            // With ROW15/INT set to the interrupt output, ROW 15 (byte 2c + 1, bit 7) drives nothing.
            !(row15IsInterrupt && location.byte % 2 == 1 && location.bit == 7)
                && ram[location.byte] & (1 << UInt8(location.bit)) != 0
        }
        for y in 0..<board.height {
            for x in 0..<board.width {
                let first = lit(board.ramLocation(x: x, y: y))
                if let red = board.redRAMLocation(x: x, y: y) {
                    frame[x, y] = LinearColor(red: lit(red) ? level : 0, green: first ? level : 0, blue: 0)
                } else if first {
                    frame[x, y] = color
                }
            }
        }
        return frame
    }

}
