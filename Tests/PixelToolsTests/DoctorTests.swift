import Foundation
import Testing
import PixelSystem
import PixelRuntime
@testable import PixelTools

struct DoctorTests {
    /// A fake Pi 4's file system in a temporary folder: the files doctor reads.
    final class FakePi {
        let root: String
        init(sound: Bool, spi: Bool = true, pi5: (kernel: String, gpiomem0: Bool)? = nil) throws {
            root = NSTemporaryDirectory() + "pixelwheel-doctor-\(UUID().uuidString)"
            let machine: [String: String] = pi5.map { pi5 in
                ["proc/device-tree/model": "Raspberry Pi 5 Model B Rev 1.0\0", "proc/sys/kernel/osrelease": pi5.kernel + "\n"]
                    .merging(pi5.gpiomem0 ? ["dev/gpiomem0": ""] : [:]) { a, _ in a }
            } ?? ["proc/device-tree/model": "Raspberry Pi 4 Model B Rev 1.5\0", "dev/gpiomem": ""]
            let files: [String: String] = machine.merging([
                "dev/i2c-1": "", "dev/gpiochip0": "",
                "etc/group": "root:x:0:\nspi:x:\(getegid()):pi\n",
                "boot/firmware/config.txt": "# comment\ndtparam=i2c_arm=on\n" + (spi ? "dtparam=spi=on\n" : ""),
                "sys/module/spidev/parameters/bufsiz": "4096\n",
                "proc/modules": sound ? "snd_bcm2835 24576 1 - Live 0x0000000000000000\n" : "i2c_dev 20480 0 - Live\n",
            ]) { a, _ in a }.merging(spi ? ["dev/spidev0.0": ""] : [:]) { a, _ in a }
            for (path, text) in files {
                let full = root + "/" + path
                try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: URL(fileURLWithPath: full))
                if path.hasPrefix("dev/") { try FileManager.default.setAttributes([.posixPermissions: 0o660], ofItemAtPath: full) }
            }
        }
        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test func aMachineThatIsNotAPiIsToldSoAndNothingFails() throws {
        let findings = Doctor(root: NSTemporaryDirectory() + "no-such-pi-\(UUID().uuidString)").findings()
        #expect(findings.count == 1 && findings[0].level == .note && findings[0].text.contains("not a Raspberry Pi"))
    }

    @Test func aWellSetUpPiPasses() throws {
        let pi = try FakePi(sound: false)
        let findings = Doctor(root: pi.root, userGroups: [UInt32(getegid())], libgpiodVersion: "1.6.3").findings()
        #expect(findings.first?.text == "model: Raspberry Pi 4 Model B Rev 1.5")
        #expect(!findings.contains { $0.level == .problem }, "\(findings)")
        #expect(findings.contains { $0.text.hasPrefix("/dev/spidev0.0 (SPI") && $0.text.contains("group spi, you can use it") })
        #expect(findings.contains { $0.text.hasPrefix("/dev/i2c-1 (I2C") })
        #expect(findings.contains { $0.text == "spidev bufsiz is 4096 bytes (enough for about 341 WS2812 LEDs per frame)" })
    }

    @Test func missingGroupsOverlaysAndTheSoundModuleAreNamedWithTheirFix() throws {
        let pi = try FakePi(sound: true, spi: false)
        let findings = Doctor(root: pi.root, userGroups: []).findings()
        let problems = findings.filter { $0.level == .problem }
        #expect(problems.contains { $0.text.contains("/dev/spidev0.0") && $0.fix == "add dtparam=spi=on to /boot/firmware/config.txt and reboot" })
        #expect(problems.contains { $0.text.contains("/dev/i2c-1") && $0.fix == "sudo usermod -aG spi $USER, then log out and in again" })
        #expect(problems.contains { $0.text.contains("snd_bcm2835") && ($0.fix ?? "").contains("dtparam=audio=off") })
        #expect(findings.contains { $0.text.contains("config.txt lacks dtparam=spi=on") })
    }

    /// Debian's own udev rules leave spidev and the GPIO chips to root alone: joining the node's
    /// group would not help, so the fix names the udev rule and the usual group.
    @Test func aNodeOnlyRootCanUseIsToldToGetTheUdevRuleNotToJoinRootsGroup() throws {
        let pi = try FakePi(sound: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: pi.root + "/dev/spidev0.0")
        let findings = Doctor(root: pi.root, userGroups: [UInt32(getegid())]).findings()
        let spi = try #require(findings.first { $0.text.hasPrefix("/dev/spidev0.0") })
        #expect(spi.level == .problem)
        #expect(spi.text.contains("only root can use it") && spi.text.contains("mode 600"), "\(spi)")
        #expect(spi.fix?.contains("udev rule gives it to the spi group") == true && spi.fix?.contains("usermod -aG spi") == true, "\(spi)")
        #expect(findings.contains { $0.text.hasPrefix("/dev/i2c-1") && $0.level == .ok })
    }

    /// On Debian's kernel (the emulated Pi of `make test-raspi`) snd_bcm2835 loads although
    /// config.txt says dtparam=audio=off: the fix is a blacklist, not the line already there.
    @Test func soundLoadedDespiteAudioOffIsToldToBlacklistIt() throws {
        let pi = try FakePi(sound: true)
        let config = pi.root + "/boot/firmware/config.txt"
        try Data("dtparam=i2c_arm=on\ndtparam=spi=on\ndtparam=audio=off\n".utf8).write(to: URL(fileURLWithPath: config))
        let sound = try #require(Doctor(root: pi.root, userGroups: [UInt32(getegid())]).findings().first { $0.text.contains("snd_bcm2835") })
        #expect(sound.fix?.contains("blacklist snd_bcm2835") == true && sound.fix?.contains("add dtparam=audio=off") == false, "\(sound)")
    }

    @Test func aPi5IsCheckedForRP1sRegisterWindowAndItsKernel() throws {
        let good = try FakePi(sound: false, pi5: ("6.12.25+rpt-rpi-2712", true))
        let findings = Doctor(root: good.root, userGroups: [UInt32(getegid())]).findings()
        #expect(findings.contains { $0.level == .ok && $0.text == "kernel 6.12.25+rpt-rpi-2712 (a Pi 5 needs 6.1 or newer)" })
        #expect(findings.contains { $0.text.hasPrefix("/dev/gpiomem0 (RP1's GPIO registers") && $0.level == .ok })
        #expect(!findings.contains { $0.text.contains("/dev/gpiomem:") || $0.text.hasPrefix("/dev/gpiomem ") })

        let old = try FakePi(sound: false, pi5: ("5.15.84-v8+", false))
        let problems = Doctor(root: old.root, userGroups: [UInt32(getegid())]).findings().filter { $0.level == .problem }
        #expect(problems.contains { $0.text == "kernel 5.15.84-v8+ is older than the Pi 5's first (6.1)" })
        #expect(problems.contains { $0.text.hasPrefix("no /dev/gpiomem0") && ($0.fix ?? "").contains("full-upgrade") })
    }
}
