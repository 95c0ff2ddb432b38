import PixelBus

/// A bus provider whose buses are traced into `sink`: what `--trace-bus FILE` wraps around the
/// simulated or the real provider.
public final class TracingBusProvider: BusProvider {
    private let inner: any BusProvider
    private let sink: any BusTraceSink
    private let clock: () -> Int64

    /// Traces every bus `inner` gives, stamping transactions with `clock()` nanoseconds.
    public init(_ inner: any BusProvider, sink: any BusTraceSink, clock: @escaping () -> Int64) {
        self.inner = inner; self.sink = sink; self.clock = clock
    }

    public func spiDevice(_ path: String, for panel: PanelDescription) throws(BusError) -> any SPIDevice {
        TracingSPIDevice(try inner.spiDevice(path, for: panel), sink: sink, clock: clock)
    }
    public func i2cBus(_ path: String, for panel: PanelDescription) throws(BusError) -> any I2CBus {
        TracingI2CBus(try inner.i2cBus(path, for: panel), sink: sink, clock: clock)
    }
    public func gpioLines(_ chip: String, outputMask: UInt64, for panel: PanelDescription) throws(BusError) -> any GPIOLines {
        TracingGPIOLines(try inner.gpioLines(chip, outputMask: outputMask, for: panel), sink: sink, clock: clock)
    }
    /// Datagrams are not bus traffic: the inner provider's link, untraced.
    public func datagramLinks(to destinations: [(host: UInt32, port: UInt16)], for panel: PanelDescription) throws(BusError) -> [any DatagramLink] {
        try inner.datagramLinks(to: destinations, for: panel)
    }
}
