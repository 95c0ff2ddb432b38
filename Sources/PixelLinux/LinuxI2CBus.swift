#if os(Linux)
#if canImport(Glibc)
import Glibc
#endif
import PixelBus
import CPixelLinux
import PixelPanels
import PixelSystem

/// An I²C bus through i2c-dev (`/dev/i2c-N`) and libi2c.
///
/// A write goes out as one plain I²C message (`I2C_RDWR`) when the adapter can do plain
/// transfers, and otherwise as the SMBus call that carries it — byte, byte-data or I²C block
/// (at most 32 data bytes) — so SMBus-only adapters (i2c-stub, some USB bridges) work too.
/// A message that is not acknowledged is tried `attempts` times before it is reported.
///
/// The node is opened when the bus is made (so a missing or forbidden node is reported at
/// start) and closed by `release()` after each burst of messages; the next message opens it
/// again. While a program holds `/dev/i2c-N` open the kernel cannot remove the adapter
/// (i2c-dev pins its driver), so holding it only for a burst lets an adapter go away and come
/// back — a USB bridge unplugged, an overlay or module reloaded — while PixelWheel runs on.
public final class LinuxI2CBus: I2CBus {
    public let name: String
    private var fd: Int32?
    private var selected: UInt8?
    /// Whether the adapter takes plain I²C messages (`I2C_FUNC_I2C`); otherwise SMBus only.
    /// Asked again each time the node is opened: another adapter may have taken its place.
    public private(set) var plainTransfers = false
    /// How often a write is tried before a missing acknowledge is reported.
    public let attempts: Int

    /// Opens `path` and asks the adapter what it can do.
    public init(path: String, attempts: Int = 3) throws(BusError) {
        name = path
        self.attempts = max(1, attempts)
        _ = try opened()
    }

    deinit { release() }

    /// The open node: opened (and its adapter asked what it can do) if it was released.
    private func opened() throws(BusError) -> Int32 {
        if let fd { return fd }
        let fd = SystemCalls.open(name, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw .linux(.i2c, device: name, operation: "open", code: SystemCalls.lastError) }
        var functions: UInt = 0
        if SystemCalls.ioctl(fd, pw_i2c_funcs(), &functions) < 0 {
            let code = SystemCalls.lastError
            SystemCalls.close(fd)
            throw .linux(.i2c, device: name, operation: "I2C_FUNCS", code: code)
        }
        plainTransfers = functions & pw_i2c_func_i2c() != 0
        self.fd = fd
        return fd
    }

    /// Closes the node until the next message.
    public func release() {
        guard let fd else { return }
        SystemCalls.close(fd)
        self.fd = nil
        selected = nil
    }

    /// The open node with `address` selected.
    private func select(_ address: I2CAddress) throws(BusError) -> Int32 {
        let fd = try opened()
        guard selected != address.rawValue else { return fd }
        if SystemCalls.ioctl(fd, pw_i2c_slave(), value: Int32(address.rawValue)) < 0 {
            throw .linux(.i2c, device: name, operation: "I2C_SLAVE \(address)", code: SystemCalls.lastError)
        }
        selected = address.rawValue
        return fd
    }

    public func write(_ bytes: [UInt8], to address: I2CAddress) throws(BusError) {
        guard !bytes.isEmpty else { return }
        guard plainTransfers || bytes.count <= 33 else {
            throw .invalidRequest(device: name, reason: "a \(bytes.count)-byte write does not fit one SMBus block (32 data bytes) on this adapter")
        }
        let fd = try select(address)
        var code: Int32 = 0
        for _ in 0..<attempts {
            let result = plainTransfers ? plainWrite(bytes, to: address, fd: fd) : smbusWrite(bytes, fd: fd)
            if result >= 0 { return }
            code = SystemCalls.lastError
            guard Self.isUnanswered(code) else { break }
        }
        if Self.isUnanswered(code) {
            throw .noAcknowledge(device: name, address: address.rawValue)
        }
        throw .linux(.i2c, device: name, operation: "write to \(address)", code: code)
    }

    /// Whether a write failed with `code` because no chip answered (worth trying again),
    /// rather than because of the adapter or the request. ENODEV is what SMBus-only adapters
    /// such as i2c-stub return for an address with no chip, and USB bridges for a lost device.
    static func isUnanswered(_ code: Int32) -> Bool {
        code == EREMOTEIO || code == ENXIO || code == EIO || code == ETIMEDOUT || code == ENODEV
    }

    /// One I2C_RDWR message.
    private func plainWrite(_ bytes: [UInt8], to address: I2CAddress, fd: Int32) -> Int32 {
        var data = bytes
        return data.withUnsafeMutableBufferPointer { buffer in
            var message = pw_i2c_msg(addr: UInt16(address.rawValue), flags: 0, len: UInt16(buffer.count), buf: buffer.baseAddress)
            return withUnsafeMutablePointer(to: &message) { pointer in
                var request = pw_i2c_rdwr(msgs: pointer, nmsgs: 1)
                return SystemCalls.ioctl(fd, pw_i2c_rdwr(), &request)
            }
        }
    }

    /// The SMBus call that carries `bytes`: the first byte is the command (register).
    private func smbusWrite(_ bytes: [UInt8], fd: Int32) -> Int32 {
        switch bytes.count {
        case 1:
            return SystemCalls.library(.library(name: "i2c_smbus_write_byte", fd: fd, arguments: [], bytes: bytes, text: name)) {
                pw_smbus_write_byte(fd, bytes[0])
            }
        case 2:
            return SystemCalls.library(.library(name: "i2c_smbus_write_byte_data", fd: fd, arguments: [], bytes: bytes, text: name)) {
                pw_smbus_write_byte_data(fd, bytes[0], bytes[1])
            }
        default:
            let data = Array(bytes.dropFirst())
            return SystemCalls.library(.library(name: "i2c_smbus_write_i2c_block_data", fd: fd, arguments: [], bytes: bytes, text: name)) {
                data.withUnsafeBufferPointer { pw_smbus_write_i2c_block(fd, bytes[0], UInt8(data.count), $0.baseAddress) }
            }
        }
    }

    public func read(_ count: Int, from address: I2CAddress, register: UInt8) throws(BusError) -> [UInt8] {
        guard (1...32).contains(count) else { throw .invalidRequest(device: name, reason: "an I2C read takes 1...32 bytes (asked \(count))") }
        let fd = try select(address)
        var buffer = [UInt8](repeating: 0, count: count)
        let result = buffer.withUnsafeMutableBufferPointer { out in
            SystemCalls.library(.library(name: "i2c_smbus_read_i2c_block_data", fd: fd, arguments: [Int(register), count], bytes: [], text: name)) {
                pw_smbus_read_i2c_block(fd, register, UInt8(count), out.baseAddress)
            }
        }
        if result < 0 {
            let code = SystemCalls.lastError
            if Self.isUnanswered(code) { throw .noAcknowledge(device: name, address: address.rawValue) }
            throw .linux(.i2c, device: name, operation: "read from \(address)", code: code)
        }
        return Array(buffer.prefix(Int(result)))
    }
}
#endif
