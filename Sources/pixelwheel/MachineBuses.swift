import PixelPanels
import PixelRuntime
#if os(Linux)
import PixelLinux
#endif

/// The machine's buses for a run: the one place the command line picks the system's
/// provider (spidev, i2c-dev, libgpiod and `/dev/gpiomem` on Linux).
func machineBuses(allowsGPIOMem: Bool = true) throws -> any MachineBusProvider {
    #if os(Linux)
    return LinuxBusProvider(allowsGPIOMem: allowsGPIOMem)
    #else
    throw RuntimeError.badOption("the Pi's buses exist only on Linux; run with --simulate")
    #endif
}
