#if os(Linux)
import PixelBus
import PixelCore
import PixelPanels
import PixelSystem

/// The Raspberry Pi's `BusProvider`: spidev, i2c-dev and GPIO through libgpiod, with HUB75's
/// register fast paths: `/dev/gpiomem` on a Pi 1–4, RP1's `/dev/gpiomem0` on a Pi 5.
public final class LinuxBusProvider: MachineBusProvider {
    /// How HUB75's lines are driven (`auto`: the fastest the machine has).
    public let gpioBackend: GPIOBackend
    /// Which path each GPIO port took, for `--show-refresh` and `doctor`.
    public private(set) var gpioPaths: [String] = []
    private var i2cBuses: [String: LinuxI2CBus] = [:]
    private var chips: [String: GPIOChip] = [:]

    /// The machine's sockets.
    public let network: any NetworkTransport = SocketTransport()

    /// A provider whose HUB75 ports go through `gpioBackend`.
    public init(gpioBackend: GPIOBackend = .auto) { self.gpioBackend = gpioBackend }

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
        // Claimed through libgpiod first on every path: the kernel sets the lines' direction,
        // `gpioinfo` names pixelwheel, and a busy line is refused with its holder's name.
        let claimed = try LibgpiodLines(chip: gpio, outputMask: outputMask)
        let choice = gpioBackend.choose(chipLabel: gpio.label,
                                        gpiomemExists: FileSystem.kind(of: BCMGPIORegisters.devicePath) != .missing,
                                        gpiomem0Exists: FileSystem.kind(of: RP1GPIORegisters.devicePath) != .missing)
        let path: GPIOBackend
        switch choice {
        case let .success(chosen): path = chosen
        case let .failure(mismatch): throw .invalidRequest(device: gpio.path, reason: mismatch.description)
        }
        let forced = gpioBackend != .auto
        do {
            switch path {
            case .gpiomem:
                let registers = try MappedGPIORegisters(path: BCMGPIORegisters.devicePath, length: BCMGPIORegisters.mapLength)
                let lines = try GPIOMemLines(registers: registers, outputMask: outputMask, claim: claimed)
                gpioPaths.append("\(registers.path) (lines claimed on \(gpio.path))")
                return lines
            case .rp1:
                let registers = try MappedGPIORegisters(path: RP1GPIORegisters.devicePath, length: RP1GPIORegisters.windowLength)
                let lines = try RP1Lines(registers: registers, outputMask: outputMask,
                                         clockAndLatch: panel.hub75ClockAndLatch, claim: claimed)
                gpioPaths.append("\(registers.path) RIO (lines claimed on \(gpio.path))")
                return lines
            case .auto, .libgpiod:
                gpioPaths.append("libgpiod on \(gpio.path)")
                return claimed
            }
        } catch {
            // A forced path fails loudly; the automatic choice falls back to libgpiod.
            if forced { throw error }
            gpioPaths.append("libgpiod on \(gpio.path) (\(path.rawValue): \(error))")
            return claimed
        }
    }

    public func gpioInputs(_ chip: String, inputMask: UInt64, clock: any Clock) throws(BusError) -> any GPIOInputs {
        try LibgpiodInputs(chip: try self.chip(chip), inputMask: inputMask, clock: clock)
    }

    public func gpioOutputs(_ chip: String, outputMask: UInt64) throws(BusError) -> any GPIOLines {
        try LibgpiodLines(chip: try self.chip(chip), outputMask: outputMask)
    }
}
#endif

#if os(Linux)
extension PanelDescription {
    /// A HUB75 panel's CLK and LAT lines (the sharpest edges, given a gentler pad drive on RP1);
    /// none for other panels.
    fileprivate var hub75ClockAndLatch: UInt64 {
        guard case let .hub75(configuration) = kind else { return 0 }
        return 1 << UInt64(configuration.pinMap.clock) | 1 << UInt64(configuration.pinMap.latch)
    }
}
#endif
