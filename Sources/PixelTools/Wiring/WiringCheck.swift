import PixelBus
import PixelConfig
import PixelPanels
import PixelRuntime
import PixelSystem

/// `pixelwheel wiring`: checks a HUB75 connection line by line. It holds one signal high and
/// every other line of the wiring low, so a multimeter (3.3 V at the Pi, 5 V after a level
/// shifter) or a logic probe shows whether that signal reaches the panel's connector — the
/// usual cause of a HUB75 panel that stays dark or shows the wrong colours.
public struct WiringCheck {
    /// The panel whose wiring is checked (HUB75).
    public let panel: PanelDescription
    /// Its signals and their BCM GPIO lines, in connector order.
    public let signals: [(name: String, gpio: Int)]
    private let driven: UInt64

    /// The check for `panel`; only HUB75 panels are wired to GPIO lines one by one.
    public init(panel: PanelDescription) throws(WiringError) {
        guard case let .hub75(configuration) = panel.kind else {
            throw .notHUB75(panel: panel.text, bus: panel.bus.rawValue)
        }
        self.panel = panel
        signals = configuration.signals
        driven = configuration.drivenLines
    }

    /// One line per signal: its name, BCM GPIO and header pin.
    public var table: [String] {
        signals.map { signal in
            let pin = HeaderPin.physical(gpio: signal.gpio).map { "header pin \($0)" } ?? "not on the header"
            return "\(signal.name.padding(to: 5)) GPIO \(String(signal.gpio).padding(to: 3)) \(pin)"
        }
    }

    /// The GPIO line of `wanted`, or an error listing the panel's signals.
    public func gpio(of wanted: HUB75Signal) throws(WiringError) -> Int { try signal(wanted).gpio }

    /// `wanted` as the wiring spells it, with its line; an error listing the panel's signals
    /// when the panel has no such line (an address line its scan does not use, a chain it lacks).
    func signal(_ wanted: HUB75Signal) throws(WiringError) -> (name: String, gpio: Int) {
        guard let signal = signals.first(where: { $0.name == wanted.description }) else {
            throw .noSignal(name: wanted.description, panel: panel.text, signals: signals.map(\.name))
        }
        return signal
    }

    /// Claims the wiring's lines on `provider` and drives `name` high and all others low. The
    /// lines stay so until the returned port is released.
    public func drive(_ name: HUB75Signal, on provider: any BusProvider) throws -> any GPIOLines {
        let high = UInt64(1) << UInt64(try gpio(of: name))
        let lines = try provider.gpioLines(panel.device, outputMask: driven, for: panel)
        try lines.write(set: high, clear: driven & ~high)
        return lines
    }

    /// The check for the panel `given`, or for the first HUB75 panel of the
    /// configuration file `config`: exactly one of the two.
    public init(panel given: PanelDescription?, config path: String?) throws {
        switch (path, given) {
        case let (nil, panel?):
            try self.init(panel: panel)
        case let (path?, nil):
            guard let hub75 = try Setup.load(path).firstHUB75Panel else {
                throw RuntimeError.unusable("\(path) has no HUB75 panel; wiring checks HUB75 lines, so give one that has")
            }
            try self.init(panel: hub75)
        default:
            throw RuntimeError.unusable("wiring checks one HUB75 panel: give a configuration file or a panel description, one of them")
        }
    }

    /// How long a line may be held, when a time is given.
    public static let holdRange: ClosedRange<Seconds> = "0.1"..."32767"

    /// Holds `name` high and the other lines low (see `drive`) on the buses `provider` opens,
    /// once the name and `seconds` are checked, until SIGINT, SIGTERM or `seconds`, telling
    /// `announce` what to measure; then releases the lines.
    ///
    /// This is not a `Session`: nothing is drawn and no frame is ever due, since the lines keep
    /// one level, so a frame loop would only wake to do nothing. It keeps the session's
    /// rules all the same: the machine's one clock (whose sleep ends early on a signal) and
    /// the stop request of every live command.
    public func hold(_ name: HUB75Signal, on provider: () throws -> any BusProvider, seconds: Seconds?, announce: (String) -> Void) throws {
        let message = try holdingMessage(name)  // a bad name is reported before any line is claimed
        if let seconds, !Self.holdRange.contains(seconds) {
            throw RuntimeError.outOfRange(what: "the time to hold a line", allowed: "0.1...32767 seconds", got: seconds.text)
        }
        let stop = StopRequestSource.onSignals()
        let clock = MonotonicClock()
        let lines = try drive(name, on: try provider())
        announce(message)
        let end = seconds.map { clock.now() + $0.frameTime.nanoseconds } ?? .max
        while !stop.quitRequested && clock.now() < end { clock.sleep(until: end) }
        withExtendedLifetime(lines) {}
    }

    /// What the user sees while `name` is held.
    public func holdingMessage(_ name: HUB75Signal) throws(WiringError) -> String {
        let (signal, gpio) = try signal(name)
        let pin = HeaderPin.physical(gpio: gpio).map { " (header pin \($0))" } ?? ""
        return "\(signal) is high on GPIO \(gpio)\(pin); the other \(signals.count - 1) HUB75 lines are low. "
            + "Measure \(signal) at the panel's input connector against GND: about 3.3 V (5 V after a level shifter) means it is connected"
    }
}

extension String {
    /// The string padded with spaces to at least `width` characters.
    func padding(to width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
