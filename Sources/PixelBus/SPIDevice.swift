/// SPI clock polarity and phase (CPOL, CPHA).
public struct SPIMode: RawRepresentable, Hashable, Sendable {
    /// The mode number 0…3: CPOL in bit 1, CPHA in bit 0.
    public var rawValue: UInt8
    /// The mode numbered `rawValue`; only its low two bits count.
    public init(rawValue: UInt8) { self.rawValue = rawValue & 3 }
    /// CPOL 0, CPHA 0: the mode WS2812-over-SPI, APA102 and MAX7219 use. The C constant is `SPI_MODE_0`.
    public static let mode0 = SPIMode(rawValue: 0)
    /// CPOL 0, CPHA 1. The C constant is `SPI_MODE_1`.
    public static let mode1 = SPIMode(rawValue: 1)
    /// CPOL 1, CPHA 0. The C constant is `SPI_MODE_2`.
    public static let mode2 = SPIMode(rawValue: 2)
    /// CPOL 1, CPHA 1. The C constant is `SPI_MODE_3`.
    public static let mode3 = SPIMode(rawValue: 3)
}

/// One SPI device (a chip select on a bus): the real one is `/dev/spidevB.C`, the simulated
/// one feeds a device model.
///
/// A transfer is one chip-select assertion: chip select goes active, the bytes go out MSB
/// first on MOSI, chip select goes inactive. Latching devices (MAX7219) latch on that last
/// edge; self-clocked devices (WS2812 through MOSI) see the bytes as one unbroken bit stream.
public protocol SPIDevice: AnyObject {
    /// A name for messages and traces, e.g. "/dev/spidev0.0".
    var name: String { get }
    /// The largest single transfer, in bytes (spidev: the `bufsiz` module parameter).
    var maxTransferSize: Int { get }
    /// The clock in Hz that transfers run at.
    var speedHz: Int { get }
    /// Sets mode and clock for later transfers.
    func configure(mode: SPIMode, speedHz: Int) throws(BusError)
    /// Sends `bytes` in one transfer (one chip-select assertion).
    func transfer(_ bytes: [UInt8]) throws(BusError)
}
