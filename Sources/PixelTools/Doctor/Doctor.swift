import PixelRuntime
import PixelSystem

/// `pixelwheel doctor`: checks a Raspberry Pi set-up and says what to fix. Every file it reads
/// goes through the system-call seam under `root`, so tests give it a fake Pi's `/proc`, `/sys`,
/// `/dev`, `/etc` and `/boot`.
public struct Doctor {
    /// One finding.
    public struct Finding: Equatable, Sendable, CustomStringConvertible {
        /// Fine, worth knowing, or needs fixing.
        public enum Level: String, Sendable { case ok = "ok", note = "--", problem = "!!" }
        public var level: Level
        /// What was checked and found.
        public var text: String
        /// What to do, for a problem.
        public var fix: String?

        /// A finding at `level` saying `text`, with `fix` for a problem.
        public init(level: Level, text: String, fix: String? = nil) {
            self.level = level; self.text = text; self.fix = fix
        }

        public var description: String { "[\(level.rawValue)] \(text)" + (fix.map { "\n     fix: \($0)" } ?? "") }
    }

    /// Where the file system starts ("/" on the machine; a folder in tests).
    public let root: String
    /// The groups of the user who will run PixelWheel.
    public let userGroups: Set<UInt32>
    /// The libgpiod version this build uses, if it has one (Linux builds).
    public let libgpiodVersion: String?

    /// A doctor for the file system at `root`, for a user in `userGroups`.
    public init(root: String = "", userGroups: Set<UInt32> = SystemCalls.groupIDs(), libgpiodVersion: String? = nil) {
        self.root = root.hasSuffix("/") ? String(root.dropLast()) : root
        self.userGroups = userGroups
        self.libgpiodVersion = libgpiodVersion
    }

    private func read(_ path: String) -> String? { try? FileBytes.readText(root + path, limit: 1 << 20) }
    private func exists(_ path: String) -> Bool { FileSystem.kind(of: root + path) != .missing }

    /// The Pi's model from the device tree, or nil on a machine that is not a Pi.
    public var model: String? {
        guard let text = read("/proc/device-tree/model") ?? read("/sys/firmware/devicetree/base/model") else { return nil }
        let model = String(text.prefix { $0 != "\0" && $0 != "\n" })
        return model.contains("Raspberry Pi") ? model : nil
    }

    /// Whether the model is a Pi 5 or Compute Module 5: GPIO through RP1.
    var isPi5: Bool { model.map { $0.contains("Raspberry Pi 5") || $0.contains("Compute Module 5") } ?? false }

    /// The running kernel's version, e.g. "6.12.25+rpt-rpi-2712".
    var kernelRelease: String? { read("/proc/sys/kernel/osrelease").map { $0.trimmed(of: " \n") } }

    /// A Pi 5's kernel: 6.1 is the first that supports it (and RP1's `/dev/gpiomem0`).
    private func pi5KernelFindings() -> [Finding] {
        guard let release = kernelRelease else { return [] }
        let parts = release.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        let recent = parts.count == 2 && (parts[0] > 6 || (parts[0] == 6 && parts[1] >= 1))
        if recent { return [Finding(level: .ok, text: "kernel \(release) (a Pi 5 needs 6.1 or newer)")] }
        return [Finding(level: .problem, text: "kernel \(release) is older than the Pi 5's first (6.1)", fix: "sudo apt full-upgrade, then reboot")]
    }

    /// Every check, in order. On a machine that is not a Pi, one note saying so.
    public func findings() -> [Finding] {
        guard let model else {
            return [Finding(level: .note, text: "this is not a Raspberry Pi (no Raspberry Pi model in the device tree); nothing to check — use --simulate here")]
        }
        var found = [Finding(level: .ok, text: "model: \(model)")]
        let groups = groupNames()
        // `usual` is the group Raspberry Pi OS (and the package's udev rules) give the node.
        func node(_ path: String, _ what: String, usual: String, enable: String) {
            guard let status = SystemCalls.fileStatus(root + path) else {
                found.append(Finding(level: .problem, text: "\(path) (\(what)) is missing", fix: enable))
                return
            }
            let group = groups[status.group] ?? "gid \(status.group)"
            let groupCanUse = status.mode & 0o060 == 0o060
            let others = status.mode & 0o006 == 0o006
            if others || (groupCanUse && userGroups.contains(status.group)) {
                found.append(Finding(level: .ok, text: "\(path) (\(what)): group \(group), you can use it"))
            } else if !groupCanUse || group == "root" {
                // Root's alone, as Debian's own udev rules leave it: joining its group would not help.
                found.append(Finding(level: .problem, text: "\(path) (\(what)): only root can use it (group \(group), mode \(String(status.mode & 0o777, radix: 8)))",
                                     fix: "install the pixelwheel package, whose udev rule gives it to the \(usual) group (or write that rule), then sudo udevadm trigger and sudo usermod -aG \(usual) $USER"))
            } else {
                found.append(Finding(level: .problem, text: "\(path) (\(what)): group \(group), and you are not in it",
                                     fix: "sudo usermod -aG \(group) $USER, then log out and in again"))
            }
        }
        node("/dev/spidev0.0", "SPI, for WS2812, APA102 and MAX7219", usual: "spi", enable: "add dtparam=spi=on to /boot/firmware/config.txt and reboot")
        node("/dev/i2c-1", "I2C, for HT16K33 and IS31FL3731", usual: "i2c", enable: "add dtparam=i2c_arm=on to /boot/firmware/config.txt and reboot")
        let chips = (0..<64).map { "/dev/gpiochip\($0)" }.filter(exists)
        if chips.isEmpty {
            found.append(Finding(level: .problem, text: "no /dev/gpiochip* (GPIO character device)", fix: "use a Raspberry Pi OS kernel (bookworm or newer)"))
        } else {
            for chip in chips.prefix(2) { node(chip, "GPIO, for HUB75, the encoder and buttons", usual: "gpio", enable: "") }
        }
        if isPi5 {
            found += pi5KernelFindings()
            if exists("/dev/gpiomem0") {
                node("/dev/gpiomem0", "RP1's GPIO registers, the HUB75 fast path on a Pi 5", usual: "gpio", enable: "")
            } else {
                found.append(Finding(level: .problem, text: "no /dev/gpiomem0: HUB75 on this Pi 5 falls back to libgpiod (tens of Hz, flickering)",
                                     fix: "sudo apt full-upgrade and reboot: Raspberry Pi OS's kernel makes /dev/gpiomem0 for RP1"))
            }
        } else if exists("/dev/gpiomem") {
            node("/dev/gpiomem", "the HUB75 fast path on Pi 1–4", usual: "gpio", enable: "")
        } else {
            found.append(Finding(level: .note, text: "no /dev/gpiomem: HUB75 uses libgpiod, which refreshes more slowly",
                                 fix: "use a Raspberry Pi OS kernel, whose rpi-gpiomem driver makes /dev/gpiomem"))
        }
        // Boot configuration.
        let bootConfig = bootConfigLines
        if let lines = bootConfig {
            for (setting, use) in [("dtparam=spi=on", "SPI panels"), ("dtparam=i2c_arm=on", "I2C panels"), ("dtparam=audio=off", "HUB75 timing")] {
                if lines.contains(setting) {
                    found.append(Finding(level: .ok, text: "config.txt has \(setting)"))
                } else {
                    found.append(Finding(level: .note, text: "config.txt lacks \(setting) (needed for \(use))",
                                         fix: "add \(setting) to /boot/firmware/config.txt and reboot, if you use \(use)"))
                }
            }
        } else {
            found.append(Finding(level: .note, text: "no /boot/firmware/config.txt to check"))
        }
        if let text = read("/sys/module/spidev/parameters/bufsiz"), let size = Int(text.filter(\.isNumber)) {
            found.append(Finding(level: size >= 65536 ? .ok : .note,
                                 text: "spidev bufsiz is \(size) bytes" + (size < 65536 ? " (enough for about \(size / 12) WS2812 LEDs per frame)" : ""),
                                 fix: size < 65536 ? "for larger strips add spidev.bufsiz=65536 to /boot/firmware/cmdline.txt" : nil))
        }
        if let version = libgpiodVersion { found.append(Finding(level: .ok, text: "libgpiod \(version)")) }
        if let modules = read("/proc/modules"), modules.split(separator: "\n").contains(where: { $0.hasPrefix("snd_bcm2835 ") }) {
            // With dtparam=audio=off already there the firmware's switch did not reach this
            // kernel (Debian's own kernel and device trees): only a blacklist keeps it out.
            let audioOff = bootConfig?.contains("dtparam=audio=off") ?? false
            found.append(Finding(level: .problem, text: "the sound module snd_bcm2835 is loaded: it shares the PWM hardware and makes HUB75 flicker",
                                 fix: audioOff
                                    ? "config.txt's dtparam=audio=off does not reach this kernel: echo 'blacklist snd_bcm2835' | sudo tee /etc/modprobe.d/pixelwheel-no-audio.conf, then reboot (only matters for HUB75)"
                                    : "add dtparam=audio=off to /boot/firmware/config.txt and reboot (only matters for HUB75)"))
        }
        return found
    }

    /// The lines of the Pi's config.txt that are not comments, trimmed; nil without one.
    var bootConfigLines: [String]? {
        guard let config = read("/boot/firmware/config.txt") ?? read("/boot/config.txt") else { return nil }
        return config.split(separator: "\n").map { String($0).trimmed(of: " \t\r") }.filter { !$0.hasPrefix("#") }
    }

    /// Group id → name, from /etc/group.
    func groupNames() -> [UInt32: String] {
        var names: [UInt32: String] = [:]
        for line in (read("/etc/group") ?? "").split(separator: "\n") {
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
            if fields.count >= 3, let id = UInt32(fields[2]) { names[id] = String(fields[0]) }
        }
        return names
    }
}

extension String {
    /// The string without leading and trailing characters from `set`.
    func trimmed(of set: String) -> String {
        var s = Substring(self)
        while let c = s.first, set.contains(c) { s = s.dropFirst() }
        while let c = s.last, set.contains(c) { s = s.dropLast() }
        return String(s)
    }
}
