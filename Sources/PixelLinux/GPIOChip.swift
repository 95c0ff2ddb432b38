#if os(Linux)
#if canImport(Glibc)
import Glibc
#endif
import PixelBus
import CPixelLinux
import PixelPanels
import PixelSystem

/// A GPIO chip opened through libgpiod (1.6 or 2.x, chosen when the shim was compiled), found
/// by its label or path — never by a fixed number, since Pi 5 kernels renumbered the chips.
public final class GPIOChip {
    /// The labels of a Raspberry Pi's header GPIO controller, newest first: Pi 5 (RP1), Pi 4,
    /// Pi 1–3 and Zero.
    public static let piLabels = ["pinctrl-rp1", "pinctrl-bcm2711", "pinctrl-bcm2835"]
    /// The consumer name PixelWheel requests lines with (what `gpioinfo` shows).
    public static let consumer = "pixelwheel"
    /// What a machine without GPIO can do instead, in the errors of a missing chip, in the
    /// run's words: the command line puts its own advice in its place, naming its option
    /// (`BusError.replacingDesktopAdvice(with:)`).
    public static let desktopAdvice = "on a desktop, run on simulated panels instead"

    /// The device node, e.g. /dev/gpiochip0.
    public let path: String
    /// The chip's label, e.g. "pinctrl-bcm2711".
    public let label: String
    /// Lines on the chip.
    public let lineCount: Int
    let handle: OpaquePointer

    /// The libgpiod API this build uses: 1 or 2.
    public static var apiVersion: Int { Int(pw_gpiod_api()) }
    /// libgpiod's version text.
    public static var libraryVersion: String { String(cString: pw_gpiod_version()) }

    private init(path: String, handle: OpaquePointer) {
        self.path = path
        self.handle = handle
        let chip = handle
        label = SystemCalls.libraryText(.library(name: "gpiod_chip_label", fd: 0, arguments: [], bytes: [], text: path), capacity: 64) {
            pw_gpio_chip_label(chip, $0, $1)
        } ?? ""
        lineCount = Int(SystemCalls.library(.library(name: "gpiod_chip_num_lines", fd: 0, arguments: [], bytes: [], text: path)) {
            Int32(pw_gpio_chip_lines(chip))
        })
    }

    deinit {
        let chip = handle
        _ = SystemCalls.library(.library(name: "gpiod_chip_close", fd: 0, arguments: [], bytes: [], text: path)) {
            if !SystemCalls.isStandIn(chip) { pw_gpio_chip_close(chip) }
            return 0
        }
    }

    /// Opens the chip at `path`.
    public static func open(path: String) throws(BusError) -> GPIOChip {
        guard let handle = SystemCalls.libraryHandle(.library(name: "gpiod_chip_open", fd: 0, arguments: [], bytes: [], text: path), {
            pw_gpio_chip_open(path)
        }) else {
            throw .linux(.gpio, device: path, operation: "open", code: SystemCalls.lastError)
        }
        return GPIOChip(path: path, handle: handle)
    }

    /// The chip named by `device`: a path (`/dev/gpiochipN`), a label, or `auto` for the Pi's
    /// header controller. Chips are found by trying /dev/gpiochip0…63 and reading their labels.
    public static func find(_ device: String) throws(BusError) -> GPIOChip {
        if device.hasPrefix("/") { return try open(path: device) }
        let wanted = device == "auto" ? piLabels : [device]
        var seen: [String] = []
        var denied: String?
        for n in 0..<64 {
            let path = "/dev/gpiochip\(n)"
            guard FileSystem.kind(of: path) != .missing else { continue }
            do {
                let chip = try open(path: path)
                if wanted.contains(chip.label) { return chip }
                seen.append("\(path) (\(chip.label))")
            } catch .permissionDenied {
                denied = path
            } catch {
                continue
            }
        }
        if let denied { throw .linux(.gpio, device: denied, operation: "open", code: EACCES) }
        let what = device == "auto" ? "a Raspberry Pi GPIO controller (label \(piLabels.joined(separator: ", ")))" : "a GPIO chip labelled '\(device)'"
        let found = seen.isEmpty ? "no /dev/gpiochip* exists" : "found only " + seen.joined(separator: ", ")
        throw .deviceMissing(device: device == "auto" ? "gpiochip" : device,
                             hint: "looked for \(what); \(found); \(desktopAdvice); on a Pi set device= to a gpiochip path or label")
    }

    /// Who holds line `offset` ("" when free).
    public func consumer(of offset: Int) -> String {
        let chip = handle
        return SystemCalls.libraryText(.library(name: "gpiod_line_consumer", fd: 0, arguments: [offset], bytes: [], text: path), capacity: 64) {
            pw_gpio_line_consumer(chip, UInt32(offset), $0, $1)
        } ?? ""
    }

    /// The error for a failed request of `offsets`: a busy line names its consumer.
    func requestError(_ offsets: [Int], code: Int32) -> BusError {
        if code == EBUSY {
            for offset in offsets {
                let holder = consumer(of: offset)
                if !holder.isEmpty {
                    return .invalidRequest(device: path, reason: "GPIO \(offset) is in use by '\(holder)'; stop that program (gpioinfo shows who holds each line) or choose other pins")
                }
            }
        }
        return .linux(.gpio, device: path, operation: "request GPIO \(offsets.map(String.init).joined(separator: ","))", code: code)
    }
}

/// Lines requested from a `GPIOChip`, released when the value goes away.
final class GPIORequest {
    let chip: GPIOChip
    let offsets: [Int]
    let handle: OpaquePointer

    init(chip: GPIOChip, offsets: [Int], handle: OpaquePointer) {
        self.chip = chip; self.offsets = offsets; self.handle = handle
    }

    deinit {
        let request = handle
        _ = SystemCalls.library(.library(name: "gpiod_line_release", fd: 0, arguments: offsets, bytes: [], text: chip.path)) {
            if !SystemCalls.isStandIn(request) { pw_gpio_release(request) }
            return 0
        }
    }
}
#endif
