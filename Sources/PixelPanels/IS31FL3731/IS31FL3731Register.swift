/// The IS31FL3731's register map (datasheet tables 2–3 and the register sections).
///
/// Every I²C write starts with a register address; data bytes after it go to that register
/// and the ones after it (the address auto-increments). Writing a page number to the command
/// register selects which page the other addresses mean: frame pages 0–7 or the function
/// page. All registers power up as 0x00, so the chip starts in software shutdown.
public enum IS31FL3731Register {
    /// The command register (0xFD): write a page number to it to select that page.
    public static let command: UInt8 = 0xFD
    /// The function page's number (0x0B; "page nine" in Adafruit's drivers).
    public static let functionPage: UInt8 = 0x0B
    /// Frame pages 0…7 hold one picture each.
    public static let framePages: ClosedRange<UInt8> = 0...7

    /// Frame page: LED on/off bits, 0x00–0x11, 18 bytes; LED *n* is bit n % 8 of byte n / 8.
    public static let ledControl: UInt8 = 0x00
    /// Frame page: blink bits, 0x12–0x23, laid out as the on/off bits.
    public static let blinkControl: UInt8 = 0x12
    /// Frame page: 8-bit PWM duty of LED *n* at 0x24 + n, 0x24–0xB3.
    public static let pwm: UInt8 = 0x24
    /// Frame page: the last register (the PWM of LED 143).
    public static let lastFrameRegister: UInt8 = 0xB3

    /// Function page: configuration; D4–D3 display mode (00 picture, 01 auto frame play,
    /// 1x audio frame play), D2–D0 the start frame of auto play.
    public static let configuration: UInt8 = 0x00
    /// Function page: picture display; D2–D0 the frame shown in picture mode.
    public static let pictureDisplay: UInt8 = 0x01
    /// Function page: auto play control 1 (loops, frames).
    public static let autoPlayControl1: UInt8 = 0x02
    /// Function page: auto play control 2 (frame delay).
    public static let autoPlayControl2: UInt8 = 0x03
    /// Function page: display option; D5 intensity control, D3 blink enable, D2–D0 blink period.
    public static let displayOption: UInt8 = 0x05
    /// Function page: audio synchronisation; D0 = 1 modulates the LEDs with the audio input.
    public static let audioSynchronization: UInt8 = 0x06
    /// Function page: frame state (read only).
    public static let frameState: UInt8 = 0x07
    /// Function page: breath control 1.
    public static let breathControl1: UInt8 = 0x08
    /// Function page: breath control 2.
    public static let breathControl2: UInt8 = 0x09
    /// Function page: shutdown; D0 = 0 software shutdown, 1 normal operation.
    public static let shutdown: UInt8 = 0x0A
    /// Function page: audio gain control.
    public static let gainControl: UInt8 = 0x0B
    /// Function page: audio ADC rate (the last function register).
    public static let audioADCRate: UInt8 = 0x0C

    /// LEDs the chip drives: two 72-LED matrices, as 144 PWM and on/off entries.
    public static let ledCount = 144
}
