#if os(Linux)
import PixelBus
import PixelCore
import PixelPanels
import PixelSystem

/// The Raspberry Pi's `BusProvider`: spidev, i2c-dev and GPIO through libgpiod, with the
/// `/dev/gpiomem` fast path for HUB75 on a Pi 1–4 when that node is there.
public final class LinuxBusProvider: MachineBusProvider {
    /// Whether HUB75 may use `/dev/gpiomem` when it is there (`false`: always libgpiod).
    public let allowsGPIOMem: Bool
    /// Which path each GPIO port took, for `--show-refresh` and `doctor`.
    public private(set) var gpioPaths: [String] = []
    private var i2cBuses: [String: LinuxI2CBus] = [:]
    private var chips: [String: GPIOChip] = [:]

    /// A provider; `allowsGPIOMem` false forces the libgpiod path.
    public init(allowsGPIOMem: Bool = true) { self.allowsGPIOMem = allowsGPIOMem }

    public func spiDevice(_ path: String, for panel: PanelDescription) throws(BusError) -> any SPIDevice {
        try LinuxSPIDevice(path: path)
    }

    public func i2cBus(_ path: String, for panel: PanelDescription) throws(BusError) -> any I2CBus {
        if let bus = i2cBuses[path] { return bus }
        let bus = try LinuxI2CBus(path: path)
        i2cBuses[path] = bus
        return bus
    }

    /// The chip named `device`, opened once.
    public func chip(_ device: String) throws(BusError) -> GPIOChip {
        if let chip = chips[device] { return chip }
        let chip = try GPIOChip.find(device)
        chips[device] = chip
        return chip
    }

    public func gpioLines(_ chip: String, outputMask: UInt64, for panel: PanelDescription) throws(BusError) -> any GPIOLines {
        let gpio = try self.chip(chip)
        let claimed = try LibgpiodLines(chip: gpio, outputMask: outputMask)
        let bcm = gpio.label == "pinctrl-bcm2835" || gpio.label == "pinctrl-bcm2711"
        if allowsGPIOMem, bcm, outputMask >> 32 == 0, FileSystem.kind(of: GPIOMemRegisters.path) != .missing {
            do {
                let lines = try GPIOMemLines(registers: try GPIOMemRegisters(), outputMask: outputMask, claim: claimed)
                gpioPaths.append("\(GPIOMemRegisters.path) (lines claimed on \(gpio.path))")
                return lines
            } catch {
                gpioPaths.append("libgpiod on \(gpio.path) (\(GPIOMemRegisters.path): \(error))")
                return claimed
            }
        }
        gpioPaths.append("libgpiod on \(gpio.path)")
        return claimed
    }

    public func gpioInputs(_ chip: String, inputMask: UInt64, clock: any Clock) throws(BusError) -> any GPIOInputs {
        try LibgpiodInputs(chip: try self.chip(chip), inputMask: inputMask, clock: clock)
    }

    public func gpioOutputs(_ chip: String, outputMask: UInt64) throws(BusError) -> any GPIOLines {
        try LibgpiodLines(chip: try self.chip(chip), outputMask: outputMask)
    }
}
#endif
