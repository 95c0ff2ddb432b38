import PixelBus
import PixelCore
import PixelPanels

/// An IS31FL3731 matrix LED driver on an I²C bus, modelled from its datasheet, behind the
/// LEDs of an `IS31FL3731Board`.
///
/// **Registers.** Eight frame pages of 0xB4 registers (on/off bits, blink bits, PWM) and the
/// function page (0x00–0x0C), all 0x00 at power-up, frame page 0 selected. A write is
/// `[register, data…]`: register 0xFD takes a page number (0–7 or 0x0B); any other register
/// is on the selected page and the data go to it and the registers after it. Noted in
/// `anomalies` and otherwise ignored: a page number that does not exist (and every write
/// until a valid page is selected), data running past the page's last register (0xB3, or
/// 0x0C on the function page), writes to the read-only frame-state register, more than one
/// byte after 0xFD, and a display mode other than picture mode (auto play and audio play are
/// not modelled: the picture then shows the start frame).
///
/// **What is shown.** Nothing in software shutdown (function register 0x0A bit 0 = 0, the
/// power-up state). Otherwise the displayed frame (picture display register in picture mode)
/// lights each board LED whose on/off bit is set, white at PWM/255 of full level
/// (PWM × 257); LEDs switched off are black whatever their PWM. With blink enabled the
/// picture is the lit phase.
public final class IS31FL3731Model: I2CDeviceModel {
    /// The chip's address.
    public let address: I2CAddress
    /// The board's LED table.
    public let board: IS31FL3731Board
    /// The eight frame pages, 0xB4 registers each.
    public private(set) var frames: [[UInt8]]
    /// The function page's registers 0x00–0x0C.
    public private(set) var functionRegisters: [UInt8]
    /// The selected page (0–7 or 0x0B), or `nil` after a page number that does not exist.
    public private(set) var page: UInt8? = 0
    /// Traffic the chip would not take as intended, one line each, oldest first.
    public private(set) var anomalies: [String] = []
    /// Write messages received.
    public private(set) var writeCount = 0

    /// A chip at `address` behind `board`, as at power-up.
    public init(address: I2CAddress = I2CAddress(rawValue: 0x74)!, board: IS31FL3731Board = .charlieplex16x9) {
        self.address = address
        self.board = board
        self.frames = Array(repeating: Array(repeating: 0, count: Int(IS31FL3731Register.lastFrameRegister) + 1), count: 8)
        self.functionRegisters = Array(repeating: 0, count: Int(IS31FL3731Register.audioADCRate) + 1)
    }

    /// True in software shutdown (function register 0x0A bit 0 clear).
    public var isShutDown: Bool { functionRegisters[Int(IS31FL3731Register.shutdown)] & 1 == 0 }

    /// The display mode bits D4–D3 of the configuration register (0 = picture mode).
    public var displayMode: Int { Int(functionRegisters[Int(IS31FL3731Register.configuration)] >> 3) & 3 }

    /// The frame on show: the picture display register in picture mode, else the start frame.
    public var displayedFrame: Int {
        displayMode == 0 ? Int(functionRegisters[Int(IS31FL3731Register.pictureDisplay)] & 7)
            : Int(functionRegisters[Int(IS31FL3731Register.configuration)] & 7)
    }

    /// One write message.
    public func receiveWrite(_ bytes: [UInt8]) {
        writeCount += 1
        guard let register = bytes.first else { return }
        let data = Array(bytes.dropFirst())
        if register == IS31FL3731Register.command {
            guard let value = data.first else { return }
            if IS31FL3731Register.framePages.contains(value) || value == IS31FL3731Register.functionPage {
                page = value
            } else {
                page = nil
                anomalies.append("page \(Hex.byte(value)) does not exist (pages are 0x00...0x07 and 0x0B); "
                    + "writes are ignored until a valid page is selected")
            }
            if data.count > 1 { anomalies.append("\(data.count - 1) bytes after the page number were ignored") }
            return
        }
        guard let page else {
            anomalies.append("write to register \(Hex.byte(register)) with no valid page selected (ignored)")
            return
        }
        if page == IS31FL3731Register.functionPage {
            writeFunction(register: Int(register), data: data)
        } else {
            writeFrame(Int(page), register: Int(register), data: data)
        }
    }

    private func writeFrame(_ frame: Int, register: Int, data: [UInt8]) {
        let last = Int(IS31FL3731Register.lastFrameRegister)
        var r = register
        for byte in data {
            guard r <= last else {
                anomalies.append("frame \(frame): write ran past register 0xB3; \(data.count - (r - register)) bytes ignored")
                return
            }
            frames[frame][r] = byte
            r += 1
        }
        if register > last, data.isEmpty {
            anomalies.append("frame \(frame): register \(Hex.byte(UInt8(register))) does not exist")
        }
    }

    private func writeFunction(register: Int, data: [UInt8]) {
        let last = Int(IS31FL3731Register.audioADCRate)
        var r = register
        for byte in data {
            guard r <= last else {
                anomalies.append("function page: write ran past register 0x0C; \(data.count - (r - register)) bytes ignored")
                return
            }
            if r == Int(IS31FL3731Register.frameState) {
                anomalies.append("function page: the frame state register 0x07 is read-only (byte ignored)")
            } else {
                functionRegisters[r] = byte
                if r == Int(IS31FL3731Register.configuration), (byte >> 3) & 3 != 0 {
                    anomalies.append("configuration \(Hex.byte(byte)) selects \((byte >> 4) & 1 == 1 ? "audio" : "auto") "
                        + "frame play, which the model does not animate: the picture shows frame \(byte & 7)")
                }
            }
            r += 1
        }
    }

    /// One line when the traffic does not fit this chip and board: a page or register that
    /// does not exist, a write past the end of a page, or LEDs lit that the board does not have
    /// (naming a `board` that has them); nil when everything fitted.
    ///
    /// An LED counts as lit when the displayed frame both switches it on and gives it a PWM
    /// above 0. LEDs switched on but dark are normal traffic: Adafruit's CircuitPython driver
    /// switches on all 144 at start, whatever the board.
    public var misfit: String? {
        if let first = anomalies.first(where: { $0.contains("does not exist") || $0.contains("ran past") || $0.contains("no valid page") }) {
            return first + ": not IS31FL3731 traffic?"
        }
        return unwiredLEDs(litLEDs, doing: "the trace lights", board: (board.name, Set(board.ledNumbers)),
                           key: "board", boards: IS31FL3731Board.all.map { ($0.name, Set($0.ledNumbers)) })
    }

    /// The chip's LED numbers (0–143) that the displayed frame switches on with a PWM above 0,
    /// whether or not the board has them.
    public var litLEDs: Set<Int> {
        let registers = frames[displayedFrame]
        return Set((0..<144).filter { led in
            registers[led / 8] & (1 << UInt8(led % 8)) != 0 && registers[Int(IS31FL3731Register.pwm) + led] != 0
        })
    }

    /// Reads `count` registers of the selected page from `register` (0xFD reads the page
    /// number). Registers that do not exist read 0.
    public func read(_ count: Int, register: UInt8) -> [UInt8] {
        if register == IS31FL3731Register.command { return Array(repeating: page ?? 0, count: count) }
        guard let page else { return Array(repeating: 0, count: count) }
        let registers = page == IS31FL3731Register.functionPage ? functionRegisters : frames[Int(page)]
        return (0..<count).map { i in
            let r = Int(register) + i
            return r < registers.count ? registers[r] : 0
        }
    }

    /// What the board shows (see the type's notes).
    public var picture: Frame {
        var frame = Frame(width: board.width, height: board.height)
        guard !isShutDown else { return frame }
        let registers = frames[displayedFrame]
        for (i, led) in board.ledNumbers.enumerated() {
            guard registers[led / 8] & (1 << UInt8(led % 8)) != 0 else { continue }
            let level = UInt16(registers[Int(IS31FL3731Register.pwm) + led]) * 257
            frame.pixels[i] = LinearColor(red: level, green: level, blue: level)
        }
        return frame
    }

}
