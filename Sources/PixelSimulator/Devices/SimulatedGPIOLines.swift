import PixelBus
import PixelPanels

/// A device whose inputs are GPIO lines: it sees every change of the line levels and every
/// stretch of time the levels stay as they are.
public protocol GPIODeviceModel: DeviceModel {
    /// The lines went from `old` to `new` in one write (bit n = GPIO n).
    func linesChanged(from old: UInt64, to new: UInt64)
    /// `nanoseconds` passed with the lines at `levels`.
    func timePassed(_ nanoseconds: Int, levels: UInt64)
}

/// A GPIO output port whose lines are wired to device models, with a virtual clock that moves
/// only when the driver holds (or, if `writeNanoseconds` is set, on every write).
///
/// It checks what a real port checks: a line may not be both set and cleared in one write, and
/// only the lines the port was opened with may be driven. All lines start low.
public final class SimulatedGPIOLines: GPIOLines {
    /// The port's name in messages, e.g. "gpiochip0".
    public let name: String
    /// The lines this port may drive.
    public let outputMask: UInt64
    /// How long one write takes, in nanoseconds: the levels before a write are held this long
    /// first (0 = writes are instantaneous; a Pi 4 through /dev/gpiomem takes some tens of ns).
    public let writeNanoseconds: Int
    /// The lines' current levels (bit n = GPIO n).
    public private(set) var levels: UInt64 = 0
    /// Time the lines were held since the port was created, in nanoseconds.
    public private(set) var nanoseconds: Int64 = 0
    /// The simulation's clock, moved on by every hold.
    public let time: VirtualTime
    /// Writes so far.
    public private(set) var writeCount = 0
    private var models: [any GPIODeviceModel]

    /// A port driving `outputMask` (default: GPIO 0…27, the 40-pin header) into `models`.
    public init(name: String = "gpiochip0", outputMask: UInt64 = (1 << 28) - 1,
                models: [any GPIODeviceModel] = [], writeNanoseconds: Int = 0, time: VirtualTime = VirtualTime()) {
        precondition(writeNanoseconds >= 0, "writeNanoseconds must not be negative")
        self.name = name
        self.outputMask = outputMask
        self.models = models
        self.writeNanoseconds = writeNanoseconds
        self.time = time
    }

    /// Wires `model` to the lines.
    public func attach(_ model: any GPIODeviceModel) { models.append(model) }

    /// Drives `set` high and `clear` low; throws for a line in both or a line not opened.
    public func write(set: UInt64, clear: UInt64) throws(BusError) {
        guard set & clear == 0 else {
            throw .invalidRequest(device: name, reason: "GPIO \(Self.lineList(set & clear)) both set and cleared in one write; drive each line one way")
        }
        let foreign = (set | clear) & ~outputMask
        guard foreign == 0 else {
            throw .invalidRequest(device: name, reason: "GPIO \(Self.lineList(foreign)) not requested as output; open the port with those lines")
        }
        if writeNanoseconds > 0 { pass(writeNanoseconds) }
        let old = levels
        levels = (levels | set) & ~clear
        writeCount += 1
        if levels != old {
            for model in models { model.linesChanged(from: old, to: levels) }
        }
    }

    /// Advances the virtual clock by `nanoseconds` with the lines unchanged.
    public func hold(nanoseconds: Int) {
        precondition(nanoseconds >= 0, "hold time must not be negative")
        pass(nanoseconds)
    }

    private func pass(_ duration: Int) {
        guard duration > 0 else { return }
        nanoseconds += Int64(duration)
        time.advance(by: Int64(duration))
        for model in models { model.timePassed(duration, levels: levels) }
    }

    static func lineList(_ mask: UInt64) -> String {
        (0..<64).filter { mask & (1 << UInt64($0)) != 0 }.map(String.init).joined(separator: ", ")
    }
}
