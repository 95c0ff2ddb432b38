import PixelRuntime
import PixelTools
#if os(Linux)
import PixelLinux

// The one place the command line reaches the system's own implementations (spidev, i2c-dev,
// libgpiod and `/dev/gpiomem`); everything else is handed what these return.

/// The machine's buses for a run, HUB75's lines driven through `gpioBackend`.
func machineBuses(gpioBackend: GPIOBackend = .auto) throws -> any MachineBusProvider {
    LinuxBusProvider(gpioBackend: gpioBackend)
}

/// The libgpiod the tool was built against, for `doctor`.
func gpioLibraryVersion() -> String? { "\(GPIOChip.libraryVersion) (API \(GPIOChip.apiVersion))" }

/// The Pi's GPIO chip and who holds its header lines (0…27) now — a running pixelwheel, another
/// LED program, a driver — for `doctor`; nil without a GPIO chip.
func gpioLinesInUse() -> (chip: String, held: [String])? {
    guard let chip = try? GPIOChip.find("auto") else { return nil }
    let held = (0..<min(chip.lineCount, 28)).compactMap { line -> String? in
        let consumer = chip.consumer(of: line)
        return consumer.isEmpty ? nil : "GPIO \(line): \(consumer)"
    }
    return ("\(chip.path) (\(chip.label))", held)
}

/// `error` with the advice for a machine without GPIO put in `run`'s words.
func runAdvice(_ error: any Error) -> any Error {
    GPIOChip.replacingDesktopAdvice(in: error, with: runDesktopAdvice)
}

/// `error` with the advice for a machine without GPIO put in what `wiring` can do there.
func wiringAdvice(_ error: any Error) -> any Error {
    GPIOChip.replacingDesktopAdvice(in: error, with: wiringDesktopAdvice)
}

/// The HUB75 refresh through the register code paths (`/dev/gpiomem`'s and RP1's) into
/// registers in memory, for `bench`.
func registerBenchmarks() -> [EncodeBenchmark.RegisterPath] {
    [EncodeBenchmark.RegisterPath(name: "gpiomem registers, Pi 1–4") { outputMask in try GPIOMemLines.countingStores(outputMask: outputMask) },
     EncodeBenchmark.RegisterPath(
        name: "RP1 RIO registers, Pi 5", reference: RP1Lines.hzellerStoresPerRefresh,
        overRP1Window: { outputMask, window in try RP1Lines(registers: window, outputMask: outputMask) }
     ) { outputMask in try RP1Lines.countingStores(outputMask: outputMask) }]
}
#else
func machineBuses(gpioBackend: GPIOBackend = .auto) throws -> any MachineBusProvider {
    throw OptionError.unavailable("the Pi's buses exist only on Linux; run with --simulate")
}
func gpioLibraryVersion() -> String? { nil }
func gpioLinesInUse() -> (chip: String, held: [String])? { nil }
func registerBenchmarks() -> [EncodeBenchmark.RegisterPath] { [] }
func wiringAdvice(_ error: any Error) -> any Error { error }
func runAdvice(_ error: any Error) -> any Error { error }
#endif

/// What `run` can do on a machine without GPIO.
let runDesktopAdvice = "on a desktop run with --simulate"

/// What `wiring` can do on a machine without GPIO: it has no simulator to offer.
let wiringDesktopAdvice = "wiring --line holds real GPIO lines, so run it on the Raspberry Pi the panel is wired to; "
    + "on this machine, wiring without --line lists the signals with their GPIO lines and header pins"
