/// Wrappers that pass every transaction through to a real or simulated bus and record it
/// in a trace: what `--trace-bus FILE` uses to show exactly what would be sent.
public final class TracingSPIDevice: SPIDevice {
    private let inner: any SPIDevice
    private let sink: any BusTraceSink
    private let clock: () -> Int64

    /// Traces `inner` into `sink`, stamping each transaction with `clock()` nanoseconds.
    public init(_ inner: any SPIDevice, sink: any BusTraceSink, clock: @escaping () -> Int64) {
        self.inner = inner; self.sink = sink; self.clock = clock
    }

    public var name: String { inner.name }
    public var maxTransferSize: Int { inner.maxTransferSize }
    public var speedHz: Int { inner.speedHz }
    public func configure(mode: SPIMode, speedHz: Int) throws(BusError) { try inner.configure(mode: mode, speedHz: speedHz) }
    public func transfer(_ bytes: [UInt8]) throws(BusError) {
        sink.record(.spi(device: name, speedHz: speedHz, bytes: bytes), at: clock())
        try inner.transfer(bytes)
    }
}

/// Traces an I²C bus (see `TracingSPIDevice`).
public final class TracingI2CBus: I2CBus {
    private let inner: any I2CBus
    private let sink: any BusTraceSink
    private let clock: () -> Int64

    /// Traces writes on `inner` into `sink`, stamped with `clock()` nanoseconds; reads pass through.
    public init(_ inner: any I2CBus, sink: any BusTraceSink, clock: @escaping () -> Int64) {
        self.inner = inner; self.sink = sink; self.clock = clock
    }

    public var name: String { inner.name }
    public func write(_ bytes: [UInt8], to address: I2CAddress) throws(BusError) {
        sink.record(.i2c(device: name, address: address.rawValue, bytes: bytes), at: clock())
        try inner.write(bytes, to: address)
    }
    public func read(_ count: Int, from address: I2CAddress, register: UInt8) throws(BusError) -> [UInt8] {
        try inner.read(count, from: address, register: register)
    }
    public func release() { inner.release() }
}

/// Traces a GPIO port (see `TracingSPIDevice`).
public final class TracingGPIOLines: GPIOLines {
    private let inner: any GPIOLines
    private let sink: any BusTraceSink
    private let clock: () -> Int64

    /// Traces `inner` into `sink`, stamping each transaction with `clock()` nanoseconds.
    public init(_ inner: any GPIOLines, sink: any BusTraceSink, clock: @escaping () -> Int64) {
        self.inner = inner; self.sink = sink; self.clock = clock
    }

    public var name: String { inner.name }
    public var outputMask: UInt64 { inner.outputMask }
    public func write(set: UInt64, clear: UInt64) throws(BusError) {
        sink.record(.gpioWrite(device: name, set: set, clear: clear), at: clock())
        try inner.write(set: set, clear: clear)
    }
    public func hold(nanoseconds: Int) {
        sink.record(.gpioHold(device: name, nanoseconds: nanoseconds), at: clock())
        inner.hold(nanoseconds: nanoseconds)
    }
}
