#if os(Linux)
#if canImport(Glibc)
import Glibc
#endif
import PixelBus
import PixelPanels
import PixelSystem

/// Which kind of device node a failure is about, for the fix it names.
enum LinuxDeviceKind {
    case spi, i2c, gpio, gpiomem

    /// The group that owns the node on Raspberry Pi OS.
    var group: String {
        switch self {
        case .spi: "spi"
        case .i2c: "i2c"
        case .gpio, .gpiomem: "gpio"
        }
    }

    /// How to make the node appear.
    var enable: String {
        switch self {
        case .spi: "enable SPI: add dtparam=spi=on to /boot/firmware/config.txt and reboot (or raspi-config → Interface Options → SPI)"
        case .i2c: "enable I2C: add dtparam=i2c_arm=on to /boot/firmware/config.txt and reboot (or raspi-config → Interface Options → I2C)"
        case .gpio: "no GPIO character device: this needs a Raspberry Pi (or another Linux board) with GPIO; " + GPIOChip.desktopAdvice
        case .gpiomem: "no /dev/gpiomem (Pi 1–4 only); the libgpiod path is used instead"
        }
    }
}

extension BusError {
    /// The error for `operation` on `device` failing with `code`, naming the fix.
    static func linux(_ kind: LinuxDeviceKind, device: String, operation: String, code: Int32) -> BusError {
        switch code {
        case ENOENT, ENODEV, ENXIO:
            guard operation == "open" else { fallthrough }
            return .deviceMissing(device: device, hint: kind.enable)
        case EACCES, EPERM:
            return .permissionDenied(device: device,
                                     hint: "add your user to the \(kind.group) group (sudo usermod -aG \(kind.group) $USER), then log out and in again")
        case EBUSY:
            return .busy(device: device)
        default:
            return .systemCall(device: device, operation: operation, errno: code, meaning: SystemCalls.message(for: code))
        }
    }

    /// This error with `GPIOChip.desktopAdvice` replaced by `advice` (a command's own words for
    /// what to do on a machine without GPIO); other errors are unchanged.
    public func replacingDesktopAdvice(with advice: String) -> BusError {
        guard case let .deviceMissing(device, hint) = self else { return self }
        return .deviceMissing(device: device, hint: hint.replacing(GPIOChip.desktopAdvice, with: advice))
    }
}

extension GPIOChip {
    /// `error` with `desktopAdvice` replaced by `advice` when it is a `BusError`; any other
    /// error unchanged.
    public static func replacingDesktopAdvice(in error: any Error, with advice: String) -> any Error {
        (error as? BusError)?.replacingDesktopAdvice(with: advice) ?? error
    }
}
#endif
