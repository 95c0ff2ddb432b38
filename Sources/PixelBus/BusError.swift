/// What went wrong talking to a bus or a device. Each message names the device and, where
/// there is one, the fix.
public enum BusError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The device node does not exist (`hint` says which overlay or `dtparam` enables it).
    case deviceMissing(device: String, hint: String)
    /// The device exists but this user may not open it (`hint` names the group).
    case permissionDenied(device: String, hint: String)
    /// The device is in use by another program or driver.
    case busy(device: String)
    /// One transfer is larger than the device accepts; for spidev the fix is `spidev.bufsiz`.
    case transferTooLarge(device: String, bytes: Int, limit: Int)
    /// No device acknowledged this I²C address.
    case noAcknowledge(device: String, address: UInt8)
    /// A system call failed: the operation, the errno and its meaning.
    case systemCall(device: String, operation: String, errno: Int32, meaning: String)
    /// A request the device cannot carry out (bad mode, speed, line or length).
    case invalidRequest(device: String, reason: String)

    public var description: String {
        switch self {
        case let .deviceMissing(device, hint):
            return "\(device) does not exist; \(hint)"
        case let .permissionDenied(device, hint):
            return "no permission to open \(device); \(hint)"
        case let .busy(device):
            return "\(device) is busy: another program or kernel driver is using it; stop it and retry"
        case let .transferTooLarge(device, bytes, limit):
            var needed = 65536
            while needed < bytes { needed *= 2 }
            return "\(device): a frame needs one \(bytes)-byte transfer but the device takes at most \(limit) bytes; "
                + "add spidev.bufsiz=\(needed) to /boot/firmware/cmdline.txt and reboot (simulator: the panel option bufsiz=\(needed)), or use a smaller panel"
        case let .noAcknowledge(device, address):
            return "\(device): nothing answered at address \(Hex.byte(address)); check wiring, power and the address jumpers (i2cdetect -y 1)"
        case let .systemCall(device, operation, errno, meaning):
            return "\(device): \(operation) failed: \(meaning) (errno \(errno))"
        case let .invalidRequest(device, reason):
            return "\(device): \(reason)"
        }
    }

    /// Whether the device went away rather than failed: nothing answers at its address, or its
    /// node is gone (adapter removed, USB unplugged). A running program may wait for it to
    /// come back; other errors are mistakes to report.
    public var meansDeviceGone: Bool {
        switch self {
        case .noAcknowledge, .deviceMissing: true
        default: false
        }
    }
}
