#if os(Linux)
#if canImport(Glibc)
import Glibc
#endif
import PixelBus
import CPixelLinux
import PixelPanels
import PixelSystem

/// An SPI device through spidev (`/dev/spidevB.C`): mode, clock and 8 bits per word set by
/// ioctl, and each transfer one `SPI_IOC_MESSAGE(1)` — one chip-select assertion per frame.
public final class LinuxSPIDevice: SPIDevice {
    public let name: String
    public let maxTransferSize: Int
    public private(set) var speedHz: Int = 1_000_000
    private let fd: Int32

    /// Where the kernel says how large one transfer may be.
    public static let bufferSizeParameter = "/sys/module/spidev/parameters/bufsiz"

    /// Opens `path`. The largest transfer is spidev's `bufsiz` parameter (4096 when unreadable).
    public init(path: String) throws(BusError) {
        let fd = SystemCalls.open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw .linux(.spi, device: path, operation: "open", code: SystemCalls.lastError) }
        self.fd = fd
        name = path
        maxTransferSize = Self.bufferSize()
    }

    deinit { SystemCalls.close(fd) }

    /// spidev's `bufsiz` module parameter, or 4096 (its default) when it cannot be read.
    static func bufferSize() -> Int {
        guard let text = try? FileBytes.readText(bufferSizeParameter, limit: 64),
              let value = Int(text.filter(\.isNumber)), value > 0 else { return 4096 }
        return value
    }

    public func configure(mode: SPIMode, speedHz: Int) throws(BusError) {
        guard speedHz > 0, speedHz <= 125_000_000 else {
            throw .invalidRequest(device: name, reason: "SPI clock \(speedHz) Hz is outside 1...125000000")
        }
        var modeByte = mode.rawValue
        var bits: UInt8 = 8
        var speed = UInt32(speedHz)
        try check(SystemCalls.ioctl(fd, pw_spi_ioc_wr_mode(), &modeByte), "SPI_IOC_WR_MODE")
        try check(SystemCalls.ioctl(fd, pw_spi_ioc_wr_bits_per_word(), &bits), "SPI_IOC_WR_BITS_PER_WORD")
        try check(SystemCalls.ioctl(fd, pw_spi_ioc_wr_max_speed_hz(), &speed), "SPI_IOC_WR_MAX_SPEED_HZ")
        self.speedHz = speedHz
    }

    public func transfer(_ bytes: [UInt8]) throws(BusError) {
        guard bytes.count <= maxTransferSize else {
            throw .transferTooLarge(device: name, bytes: bytes.count, limit: maxTransferSize)
        }
        guard !bytes.isEmpty else { return }
        let result = bytes.withUnsafeBufferPointer { buffer in
            var message = Self.message(for: buffer, speedHz: speedHz)
            return SystemCalls.ioctl(fd, pw_spi_ioc_message(1), &message)
        }
        try check(result, "SPI_IOC_MESSAGE(1)")
    }

    /// The one `spi_ioc_transfer` of a frame: `buffer` sent, nothing read, 8-bit words.
    static func message(for buffer: UnsafeBufferPointer<UInt8>, speedHz: Int) -> pw_spi_transfer {
        var message = pw_spi_transfer()
        message.tx_buf = UInt64(UInt(bitPattern: buffer.baseAddress))
        message.len = UInt32(buffer.count)
        message.speed_hz = UInt32(speedHz)
        message.bits_per_word = 8
        return message
    }

    private func check(_ result: Int32, _ operation: String) throws(BusError) {
        if result < 0 { throw .linux(.spi, device: name, operation: operation, code: SystemCalls.lastError) }
    }
}
#endif
