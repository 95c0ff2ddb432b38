import PixelBus

/// Where panels get their buses: the boundary between a panel description and the hardware.
///
/// The simulator's provider returns simulated buses wired to device models of the described
/// chips; the Linux provider returns spidev, i2c-dev and GPIO (libgpiod or `/dev/gpiomem`).
/// The panel drivers built on either are the same code.
public protocol BusProvider: AnyObject {
    /// The SPI device at `path` (e.g. `/dev/spidev0.0`) for `panel`.
    func spiDevice(_ path: String, for panel: PanelDescription) throws(BusError) -> any SPIDevice
    /// The I²C bus at `path` (e.g. `/dev/i2c-1`) for `panel`.
    func i2cBus(_ path: String, for panel: PanelDescription) throws(BusError) -> any I2CBus
    /// GPIO output lines `outputMask` on `chip` (a path, a label, or `auto`) for `panel`.
    func gpioLines(_ chip: String, outputMask: UInt64, for panel: PanelDescription) throws(BusError) -> any GPIOLines
}
