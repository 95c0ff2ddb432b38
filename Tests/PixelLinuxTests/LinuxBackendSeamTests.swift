#if os(Linux)
import PixelBus
import Glibc
import Testing
import CPixelLinux
import PixelPanels
import PixelSystem
@testable import PixelLinux

/// The Linux backends driven through the system-call seam, on a machine with no Pi: the
/// recorder stands in for the kernel, the tests check the exact requests and the errors.
struct SPIDeviceSeamTests {
    @Test func spidevGetsModeBitsSpeedAndOneMessagePerFrame() throws {
        let recorder = SystemCallRecorder()
        recorder.succeed(returning: 7) { if case .open("/dev/spidev0.0", _) = $0 { true } else { false } }
        recorder.succeed { if case .ioctl(7, _, _) = $0 { true } else { false } }
        recorder.succeed { if case .close(7) = $0 { true } else { false } }
        try SystemCallRecorder.$current.withValue(recorder) {
            let device = try LinuxSPIDevice(path: "/dev/spidev0.0")
            try device.configure(mode: .mode0, speedHz: 3_200_000)
            try device.transfer([0xAA, 0x55, 0x0F])
        }
        let ioctls = recorder.calls.compactMap { call -> (UInt, [UInt8])? in
            if case let .ioctl(7, request, argument) = call { (request, argument) } else { nil }
        }
        #expect(ioctls.count == 4)
        // The request numbers are the kernel's: _IOW('k', 1, u8), _IOW('k', 3, u8), _IOW('k', 4, u32), _IOW('k', 0, char[32]).
        let requests: [UInt] = [0x4001_6B01, 0x4001_6B03, 0x4004_6B04, 0x4020_6B00]
        #expect(ioctls.map(\.0) == requests)
        #expect(ioctls[0].1 == [0] && ioctls[1].1 == [8])
        #expect(ioctls[2].1 == [0x00, 0xD4, 0x30, 0x00])  // 3200000 little-endian
        let message = ioctls[3].1
        #expect(message.count == 32)
        #expect(Array(message[16..<20]) == [3, 0, 0, 0])                     // len
        #expect(Array(message[20..<24]) == [0x00, 0xD4, 0x30, 0x00])         // speed_hz
        #expect(message[26] == 8)                                            // bits_per_word
        #expect(Array(message[8..<16]) == [UInt8](repeating: 0, count: 8))   // rx_buf: nothing read
    }

    @Test func aMissingSpidevNamesTheOverlayAndAForbiddenOneTheGroup() {
        let missing = SystemCallRecorder()
        missing.fail(errno: ENOENT) { if case .open = $0 { true } else { false } }
        #expect {
            try SystemCallRecorder.$current.withValue(missing) { _ = try LinuxSPIDevice(path: "/dev/spidev0.0") }
        } throws: { error in
            let text = String(describing: error)
            return text.contains("/dev/spidev0.0") && text.contains("dtparam=spi=on")
        }
        let denied = SystemCallRecorder()
        denied.fail(errno: EACCES) { if case .open = $0 { true } else { false } }
        #expect {
            try SystemCallRecorder.$current.withValue(denied) { _ = try LinuxSPIDevice(path: "/dev/spidev0.0") }
        } throws: { error in
            String(describing: error).contains("usermod -aG spi")
        }
    }

    @Test func aFrameLargerThanBufsizIsRefusedWithTheFix() throws {
        let recorder = SystemCallRecorder()
        recorder.succeed(returning: 7) { if case .open("/dev/spidev0.0", _) = $0 { true } else { false } }
        recorder.succeed { if case .close(7) = $0 { true } else { false } }
        try SystemCallRecorder.$current.withValue(recorder) {
            let device = try LinuxSPIDevice(path: "/dev/spidev0.0")
            #expect(throws: BusError.transferTooLarge(device: "/dev/spidev0.0", bytes: device.maxTransferSize + 1, limit: device.maxTransferSize)) {
                try device.transfer([UInt8](repeating: 0, count: device.maxTransferSize + 1))
            }
        }
    }
}

struct I2CBusSeamTests {
    /// A recorder for an adapter whose I2C_FUNCS answer has `functions`.
    func adapter(functions: UInt) -> SystemCallRecorder {
        let recorder = SystemCallRecorder()
        recorder.succeed(returning: 5) { if case .open("/dev/i2c-1", _) = $0 { true } else { false } }
        recorder.succeed { if case .close(5) = $0 { true } else { false } }
        return recorder
    }

    @Test func smbusOnlyAdaptersGetBlockWritesAndTheAddressIsSelectedOnce() throws {
        let recorder = adapter(functions: 0)
        // I2C_FUNCS reports nothing: SMBus only, as i2c-stub.
        recorder.succeed { if case .ioctl(5, _, _) = $0 { true } else { false } }
        recorder.succeed { if case .library = $0 { true } else { false } }
        try SystemCallRecorder.$current.withValue(recorder) {
            let bus = try LinuxI2CBus(path: "/dev/i2c-1")
            #expect(!bus.plainTransfers)
            let address = try #require(I2CAddress(rawValue: 0x70))
            try bus.write([0x21], to: address)
            try bus.write([0xE0 | 7, 0x00], to: address)
            try bus.write([0x00, 1, 2, 3, 4], to: address)
        }
        let requests = recorder.calls.compactMap { call -> String? in
            switch call {
            case let .ioctl(5, request, argument) where request == pw_i2c_slave(): "I2C_SLAVE \(argument.first ?? 0)"
            case let .ioctl(5, request, _) where request == pw_i2c_funcs(): "I2C_FUNCS"
            case let .library(name, 5, _, bytes, _): "\(name) \(Hex.bytes(bytes))"
            default: nil
            }
        }
        #expect(requests == ["I2C_FUNCS", "I2C_SLAVE 112", "i2c_smbus_write_byte 21", "i2c_smbus_write_byte_data e700",
                             "i2c_smbus_write_i2c_block_data 0001020304"])
    }

    @Test func aMissingAcknowledgeIsRetriedThenReported() throws {
        let recorder = adapter(functions: 0)
        recorder.succeed { if case .ioctl(5, _, _) = $0 { true } else { false } }
        recorder.fail(errno: EREMOTEIO) { if case .library = $0 { true } else { false } }
        try SystemCallRecorder.$current.withValue(recorder) {
            let bus = try LinuxI2CBus(path: "/dev/i2c-1", attempts: 3)
            #expect(throws: BusError.noAcknowledge(device: "/dev/i2c-1", address: 0x70)) {
                try bus.write([0x21], to: I2CAddress(rawValue: 0x70)!)
            }
        }
        #expect(recorder.calls.filter { if case .library = $0 { true } else { false } }.count == 3)
    }

    @Test func releaseClosesTheNodeAndTheNextWriteOpensItAgain() throws {
        let recorder = SystemCallRecorder()
        recorder.succeed(returning: 5, times: 2) { if case .open("/dev/i2c-1", _) = $0 { true } else { false } }
        recorder.fail(errno: ENOENT) { if case .open = $0 { true } else { false } }  // then the adapter is gone
        recorder.succeed { if case .close(5) = $0 { true } else { false } }
        recorder.succeed { if case .ioctl(5, _, _) = $0 { true } else { false } }
        recorder.succeed { if case .library = $0 { true } else { false } }
        try SystemCallRecorder.$current.withValue(recorder) {
            let bus = try LinuxI2CBus(path: "/dev/i2c-1")
            let address = try #require(I2CAddress(rawValue: 0x70))
            try bus.write([0x21], to: address)
            bus.release()
            bus.release()  // nothing left to close
            try bus.write([0x81], to: address)
            bus.release()
            #expect {
                try bus.write([0xEF], to: address)
            } throws: { error in
                guard let error = error as? BusError else { return false }
                return error.meansDeviceGone && error == .deviceMissing(device: "/dev/i2c-1", hint: LinuxDeviceKind.i2c.enable)
            }
        }
        let trace = recorder.calls.compactMap { call -> String? in
            switch call {
            case .open: "open"
            case .close: "close"
            case let .ioctl(5, request, argument) where request == pw_i2c_slave(): "I2C_SLAVE \(argument.first ?? 0)"
            case let .ioctl(5, request, _) where request == pw_i2c_funcs(): "I2C_FUNCS"
            case let .library(name, 5, _, _, _): name
            default: nil
            }
        }
        // Reopened, the adapter is asked again what it can do and the address selected again.
        #expect(trace == ["open", "I2C_FUNCS", "I2C_SLAVE 112", "i2c_smbus_write_byte", "close",
                          "open", "I2C_FUNCS", "I2C_SLAVE 112", "i2c_smbus_write_byte", "close", "open"])
    }

    @Test func noChipAtTheAddressOnAnSMBusAdapterIsAMissingAcknowledge() throws {
        // i2c-stub answers ENODEV for an address where it holds no chip.
        let recorder = adapter(functions: 0)
        recorder.succeed { if case .ioctl(5, _, _) = $0 { true } else { false } }
        recorder.fail(errno: ENODEV) { if case .library = $0 { true } else { false } }
        try SystemCallRecorder.$current.withValue(recorder) {
            let bus = try LinuxI2CBus(path: "/dev/i2c-1", attempts: 2)
            #expect(throws: BusError.noAcknowledge(device: "/dev/i2c-1", address: 0x71)) {
                try bus.write([0x21], to: I2CAddress(rawValue: 0x71)!)
            }
            #expect(throws: BusError.noAcknowledge(device: "/dev/i2c-1", address: 0x71)) {
                _ = try bus.read(2, from: I2CAddress(rawValue: 0x71)!, register: 0)
            }
        }
    }

    @Test func aMissingBusNamesTheOverlay() {
        let recorder = SystemCallRecorder()
        recorder.fail(errno: ENOENT) { if case .open = $0 { true } else { false } }
        #expect {
            try SystemCallRecorder.$current.withValue(recorder) { _ = try LinuxI2CBus(path: "/dev/i2c-1") }
        } throws: { error in
            String(describing: error).contains("dtparam=i2c_arm=on")
        }
    }
}

struct GPIOSeamTests {
    @Test func outputsAreRequestedOnceInBulkAndSetAsOneWord() throws {
        let recorder = SystemCallRecorder()
        recorder.succeed { if case .library = $0 { true } else { false } }
        try SystemCallRecorder.$current.withValue(recorder) {
            let chip = try GPIOChip.open(path: "/dev/gpiochip0")
            let lines = try LibgpiodLines(chip: chip, outputMask: 1 << 4 | 1 << 17 | 1 << 27)
            try lines.write(set: 1 << 17, clear: 1 << 4)
            try lines.write(set: 1 << 4 | 1 << 27, clear: 1 << 17)
        }
        let library = recorder.calls.compactMap { call -> (String, [Int], String)? in
            if case let .library(name, _, arguments, _, text) = call { (name, arguments, text) } else { nil }
        }
        let requests = library.filter { $0.0 == "gpiod_request_outputs" }
        #expect(requests.count == 1)
        #expect(requests.first?.1 == [4, 17, 27] && requests.first?.2 == "pixelwheel")
        #expect(library.filter { $0.0 == "gpiod_set_values" }.map(\.1) == [[0, 1, 0], [1, 0, 1]])
    }

    @Test func inputsAskForPullUpAndDebounce() throws {
        let recorder = SystemCallRecorder()
        recorder.succeed { if case .library = $0 { true } else { false } }
        recorder.succeed { if case .poll = $0 { true } else { false } }
        try SystemCallRecorder.$current.withValue(recorder) {
            let chip = try GPIOChip.open(path: "/dev/gpiochip0")
            let inputs = try LibgpiodInputs(chip: chip, inputMask: 1 << 5 | 1 << 6 | 1 << 13, debounceMicroseconds: 1000)
            inputs.stop()
        }
        let request = recorder.calls.first { if case .library("gpiod_request_inputs", _, _, _, _) = $0 { true } else { false } }
        // Offsets, then pull-up on, then the debounce period in µs.
        #expect(request == .library(name: "gpiod_request_inputs", fd: 0, arguments: [5, 6, 13, 1, 1000], bytes: [], text: "pixelwheel"))
    }

    @Test func aBusyLineNamesItsConsumer() throws {
        let recorder = SystemCallRecorder()
        recorder.fail(errno: EBUSY) { if case .library("gpiod_request_outputs", _, _, _, _) = $0 { true } else { false } }
        // The stand-in kernel: line 17 is held by another program, the other lines are free.
        recorder.succeed(writing: "old-led-daemon") { $0 == .library(name: "gpiod_line_consumer", fd: 0, arguments: [17], bytes: [], text: "/dev/gpiochip0") }
        recorder.succeed(writing: "") { if case .library("gpiod_line_consumer", _, _, _, _) = $0 { true } else { false } }
        recorder.succeed { if case .library = $0 { true } else { false } }
        let error = SystemCallRecorder.$current.withValue(recorder) { () -> BusError? in
            do {
                let chip = try GPIOChip.open(path: "/dev/gpiochip0")
                _ = try LibgpiodLines(chip: chip, outputMask: 1 << 4 | 1 << 17)
                return nil
            } catch { return error as? BusError }
        }
        #expect(error == .invalidRequest(device: "/dev/gpiochip0", reason: "GPIO 17 is in use by 'old-led-daemon'; stop that program "
            + "(gpioinfo shows who holds each line) or choose other pins"))
        #expect(error.map { String(describing: $0) }?.contains("in use by 'old-led-daemon'") == true)
        // The free line 4 was asked about first, and named no one.
        let asked = recorder.calls.compactMap { call -> Int? in
            if case let .library("gpiod_line_consumer", _, arguments, _, _) = call { arguments.first } else { nil }
        }
        #expect(asked == [4, 17])
    }

    @Test func noGPIOChipOnThisMachineIsOneLineNamingIt() {
        let recorder = SystemCallRecorder()
        recorder.fail(errno: ENOENT) { if case .stat = $0 { true } else { false } }
        #expect {
            try SystemCallRecorder.$current.withValue(recorder) { _ = try GPIOChip.find("auto") }
        } throws: { error in
            let text = String(describing: error)
            return text.contains("pinctrl-bcm2711") && text.contains("no /dev/gpiochip* exists") && !text.contains("\n")
        }
    }
}

struct GPIOMemTests {
    final class RegisterFile: GPIORegisterFile {
        var writes: [(offset: Int, value: UInt32)] = []
        func write(_ value: UInt32, at offset: Int) { writes.append((offset, value)) }
        func orderStores() {}
        func hold(nanoseconds: Int) {}
    }

    @Test func setAndClearGoToGPSET0AndGPCLR0() throws {
        let registers = RegisterFile()
        let lines = try GPIOMemLines(registers: registers, outputMask: 0x0FFF_FFFF)
        try lines.write(set: 1 << 11, clear: 1 << 4 | 1 << 27)
        try lines.write(set: 0, clear: 1 << 11)
        #expect(registers.writes.map(\.offset) == [0x1C, 0x28, 0x28])
        let expected: [UInt32] = [1 << 11, 1 << 4 | 1 << 27, 1 << 11]
        #expect(registers.writes.map(\.value) == expected)
        #expect(throws: BusError.self) { try lines.write(set: 1 << 30, clear: 0) }
    }

    @Test func peripheralBaseComesFromTheDeviceTreeRanges() {
        // soc/ranges as each model's device tree has it.
        let pi1: [UInt8] = [0x7E, 0, 0, 0, 0x20, 0, 0, 0, 0x01, 0, 0, 0]
        let pi3: [UInt8] = [0x7E, 0, 0, 0, 0x3F, 0, 0, 0, 0x01, 0, 0, 0]
        let pi4: [UInt8] = [0x7E, 0, 0, 0, 0, 0, 0, 0, 0xFE, 0, 0, 0, 0x01, 0x80, 0, 0]
        #expect(BCMGPIORegisters.peripheralBase(ranges: pi1) == 0x2000_0000)
        #expect(BCMGPIORegisters.peripheralBase(ranges: pi3) == 0x3F00_0000)
        #expect(BCMGPIORegisters.peripheralBase(ranges: pi4) == 0xFE00_0000)
        #expect(BCMGPIORegisters.peripheralBase(ranges: [1, 2]) == nil)
        #expect(BCMGPIORegisters.peripheralBase(ranges: pi4)! + BCMGPIORegisters.blockOffset == 0xFE20_0000)
    }
}
#endif

#if os(Linux)
struct LibgpiodVersionTests {
    @Test func theShimUsesTheAPIOfTheLibraryItWasBuiltAgainst() {
        // scripts/build/libgpiod2.sh and `make test-trixie` set PIXELWHEEL_EXPECT_GPIOD_API=2 (trixie
        // ships 2.2); Debian 12's package is 1.6.
        let expected = Environment.variable("PIXELWHEEL_EXPECT_GPIOD_API").flatMap(Int.init) ?? 1
        #expect(GPIOChip.apiVersion == expected)
        #expect(GPIOChip.libraryVersion.hasPrefix(expected == 1 ? "1." : "2."))
    }
}
#endif
