import PixelBus
import PixelCore

/// Where the click wheel is wired: BCM GPIO numbers of the encoder's A and B contacts and
/// its push switch (all active low with pull-ups).
public struct EncoderWiring: Hashable, Sendable {
    /// GPIO of contact A.
    public var a: Int
    /// GPIO of contact B.
    public var b: Int
    /// GPIO of the push switch.
    public var button: Int
    /// Half-step encoders rest at 00 as well as 11.
    public var halfStep: Bool
    /// Swap the direction (A and B wired the other way round).
    public var reversed: Bool

    /// Wiring on GPIO `a`, `b` and `button`.
    public init(a: Int, b: Int, button: Int, halfStep: Bool = false, reversed: Bool = false) {
        self.a = a; self.b = b; self.button = button; self.halfStep = halfStep; self.reversed = reversed
    }

    /// The default wiring in `hardware/encoder.tsv` (strips, MAX7219, I²C panels):
    /// A = GPIO 5, B = GPIO 6, switch = GPIO 13.
    public static let standard = EncoderWiring(a: 5, b: 6, button: 13)
    /// The wiring beside a HUB75 panel (regular wiring, one chain, or the Adafruit HAT), which
    /// leaves only GPIO 2, 3, 14 and 19 free: A = GPIO 19, B = GPIO 14, switch = GPIO 3.
    public static let withHUB75 = EncoderWiring(a: 19, b: 14, button: 3)
}

/// The click wheel on GPIO: reads edges from any `GPIOInputs` (libgpiod on a Pi, a rotary
/// encoder model in the simulator), decodes the quadrature contacts into detents and
/// debounces the push switch into select, long press and release — `InputEvent`s on the
/// frame clock's timeline. Detents become steps through a `ClickWheel`.
public final class EncoderInputSource: InputSource {
    private let inputs: any GPIOInputs
    /// Where the encoder is wired.
    public let wiring: EncoderWiring
    /// Monotonic nanoseconds that map to `FrameTime.zero`.
    public let origin: Int64
    private var levels: UInt64
    private var decoder: QuadratureDecoder
    private var debouncer: ButtonDebouncer
    private var wheel: ClickWheel
    /// The other buttons (MENU, play/pause, next, previous): GPIO → its debouncer.
    private var buttons: [Int: ButtonDebouncer]

    /// Watches `inputs` with `wiring`; edge times become frame times relative to `origin`.
    /// `buttons` maps the GPIO of each extra button (active low) to the button it is.
    public init(inputs: any GPIOInputs, wiring: EncoderWiring = .standard, origin: Int64 = 0,
                wheel: ClickWheel = ClickWheel(), buttons: [Int: InputAction.Button] = [:]) throws(BusError) {
        for line in [wiring.a, wiring.b, wiring.button] + buttons.keys.sorted() where inputs.inputMask & (UInt64(1) << UInt64(line)) == 0 {
            throw .invalidRequest(device: inputs.name, reason: "GPIO \(line) of the encoder is not one of the watched input lines")
        }
        self.inputs = inputs
        self.wiring = wiring
        self.origin = origin
        levels = try inputs.read()
        decoder = QuadratureDecoder(resolution: wiring.halfStep ? .halfStep : .fullStep, reversed: wiring.reversed,
                                    a: levels & (1 << UInt64(wiring.a)) != 0, b: levels & (1 << UInt64(wiring.b)) != 0)
        debouncer = ButtonDebouncer(button: .select, activeLow: true)
        self.wheel = wheel
        self.buttons = buttons.mapValues { ButtonDebouncer(button: $0, activeLow: true) }
    }

    private func isHigh(_ line: Int) -> Bool { levels & (UInt64(1) << UInt64(line)) != 0 }

    /// The events completed by the edges that arrived (waiting up to `timeoutNanoseconds`
    /// for the first), in time order.
    public func poll(timeoutNanoseconds: Int64 = 0) throws(BusError) -> [InputEvent] {
        var events: [InputEvent] = []
        for edge in try inputs.waitForEdges(timeoutNanoseconds: timeoutNanoseconds) {
            let bit = UInt64(1) << UInt64(edge.line)
            levels = edge.rising ? levels | bit : levels & ~bit
            let time = FrameTime(nanoseconds: edge.nanoseconds - origin)
            events += debouncer.advance(to: time)
            for gpio in buttons.keys.sorted() { events += buttons[gpio]!.advance(to: time) }
            if buttons[edge.line] != nil {
                events += buttons[edge.line]!.feed(level: edge.rising, at: time)
            } else if edge.line == wiring.a || edge.line == wiring.b {
                events += wheel.translate(decoder.feed(a: isHigh(wiring.a), b: isHigh(wiring.b), at: time))
            } else if edge.line == wiring.button {
                events += debouncer.feed(level: edge.rising, at: time)
            }
        }
        return events
    }

    /// `InputSource`: the edges that arrived, then what is due by `time` without a new edge.
    public func events(upTo time: FrameTime) throws -> [InputEvent] {
        try poll() + advance(to: origin + time.nanoseconds)
    }

    /// The encoder never asks to quit.
    public var quitRequested: Bool { false }

    /// Events due by `nanoseconds` without a new edge: a press settling, a long press
    /// crossing its threshold. Call it every frame.
    public func advance(to nanoseconds: Int64) -> [InputEvent] {
        let time = FrameTime(nanoseconds: nanoseconds - origin)
        var events = debouncer.advance(to: time)
        for gpio in buttons.keys.sorted() { events += buttons[gpio]!.advance(to: time) }
        return events.sorted { $0.time < $1.time }
    }
}
