import PixelBus
import PixelCore
import PixelPanels
import PixelSimulator
import Testing
@testable import PixelLinux

/// Registers that record every store in order.
private final class RecordingRegisters: GPIORegisterFile {
    var stores: [(offset: Int, value: UInt32)] = []
    var barriers: [Int] = []  // the number of stores made before each barrier
    var held = 0
    func write(_ value: UInt32, at offset: Int) { stores.append((offset, value)) }
    func orderStores() { barriers.append(stores.count) }
    func hold(nanoseconds: Int) { held += nanoseconds }
}

struct RP1RegisterTests {
    @Test func configuringTheLinesWritesFunctionPadAndEnableAtTheDatasheetsOffsets() throws {
        let registers = RecordingRegisters()
        // GPIO 4 data, GPIO 17 clock ("RP1 Peripherals": CTRL at 8n + 4, pad n at 0x20000 + 4 + 4n,
        // RIO OUT at 0x10000 and OE at 0x10004, SET alias +0x2000, CLR alias +0x3000).
        _ = try RP1Lines(registers: registers, outputMask: 1 << 4 | 1 << 17, clockAndLatch: 1 << 17)
        let expected: [(Int, UInt32)] = [
            (0x1_3000, 1 << 4 | 1 << 17),  // OUT CLR: both low first
            (0x0_0024, 5), (0x2_0014, 0x15),  // GPIO 4: FUNCSEL SYS_RIO, data pad
            (0x0_008C, 5), (0x2_0048, 0x01),  // GPIO 17: FUNCSEL SYS_RIO, clock pad
            (0x1_2004, 1 << 4 | 1 << 17),  // OE SET
        ]
        #expect(registers.stores.map(\.offset) == expected.map(\.0))
        #expect(registers.stores.map(\.value) == expected.map(\.1))
        #expect(registers.barriers == [6], "one store barrier, after the configuration and before any level")
    }

    @Test func aWriteIsOneXORStoreOfTheChangeAndRaiseAndLowerGoToSetAndClear() throws {
        let registers = RecordingRegisters()
        let lines = try RP1Lines(registers: registers, outputMask: 0x0FFF_FFFF)
        registers.stores.removeAll()
        try lines.write(set: 1 << 11 | 1 << 3, clear: 1 << 4 | 1 << 27)  // 11 and 3 rise; 4 and 27 are low already
        try lines.write(set: 1 << 3, clear: 1 << 11)  // only 11 changes
        try lines.write(set: 1 << 3, clear: 0)  // nothing changes: a store of 0, which only takes time
        try lines.raise(1 << 5 | 1 << 3)
        try lines.lower(1 << 3 | 1 << 6)
        #expect(registers.stores.map(\.offset) == [0x1_1000, 0x1_1000, 0x1_1000, 0x1_2000, 0x1_3000])
        let values: [UInt32] = [1 << 11 | 1 << 3, 1 << 11, 0, 1 << 5 | 1 << 3, 1 << 3 | 1 << 6]
        #expect(registers.stores.map(\.value) == values)
        #expect(lines.levels == 1 << 5)
        lines.hold(nanoseconds: 1_000)
        #expect(registers.held == 1_000 && registers.barriers.last == registers.stores.count, "a hold starts after a barrier")
        #expect(throws: BusError.self) { try lines.write(set: 1 << 3, clear: 1 << 3) }
        #expect(throws: BusError.self) { try lines.raise(1 << 28) }
    }

    @Test func linesBeyondGPIO27AreRefused() {
        #expect(throws: BusError.self) { try RP1Lines(registers: RecordingRegisters(), outputMask: 1 << 28) }
    }
}

struct RP1WindowModelTests {
    @Test func aPinFollowsOUTOnlyOnceItIsHandedToRIOAndEnabled() {
        let pins = SimulatedGPIOLines()
        let window = RP1WindowModel(pins: pins)
        window.write(1 << 5, at: 0x1_2000)  // OUT SET before anything else
        #expect(pins.levels == 0)
        window.write(5, at: 0x0_002C)  // GPIO 5 FUNCSEL = SYS_RIO
        #expect(pins.levels == 0, "output not enabled yet")
        window.write(1 << 5, at: 0x1_2004)  // OE SET
        #expect(pins.levels == 1 << 5)
        window.write(1 << 5, at: 0x1_1000)  // OUT XOR
        #expect(pins.levels == 0)
        window.write(1 << 5 | 1 << 6, at: 0x1_0000)  // OUT plain: GPIO 6 is not RIO's
        #expect(pins.levels == 1 << 5)
        window.write(1 << 5, at: 0x1_3004)  // OE CLR
        #expect(pins.levels == 0)
        window.write(7, at: 0x0_5000)
        #expect(window.strayStores.map(\.offset) == [0x0_5000])
    }
}

/// A picture in which every LED of a 64×32 panel differs from every other.
private func uniqueFrame(width: Int, height: Int) -> Frame {
    var frame = Frame(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let index = y * width + x
            frame[x, y] = LinearColor(red: UInt16(x * 1024), green: UInt16(y * 1024), blue: UInt16(index * 32 % 65536))
        }
    }
    return frame
}

struct RP1HUB75Tests {
    /// Refreshes `frame` twice through `lines` onto `model`.
    private func show(_ frame: Frame, panel: HUB75Panel, lines: any GPIOLines) throws {
        let refresher = try panel.makeRefresher(lines: lines)
        try panel.show(frame)
        try refresher.refreshOnce()
        try refresher.refreshOnce()
    }

    @Test(arguments: [HUB75PinMap.regular, .adafruitHAT])
    func thePictureArrivesOnTheModelPanelThroughRP1sRegisters(_ wiring: HUB75PinMap) throws {
        let configuration = try HUB75Configuration(geometry: HUB75Geometry(rows: 32, columns: 64), pinMap: wiring, pwmBits: 11)
        let frame = uniqueFrame(width: 64, height: 32)

        // Through RP1: register stores, decoded by the window model into pin levels.
        let model = HUB75Model(geometry: configuration.geometry, pinMap: wiring)
        let window = RP1WindowModel(pins: SimulatedGPIOLines(models: [model]))
        let lines = try RP1Lines(registers: window, outputMask: configuration.drivenLines,
                                 clockAndLatch: 1 << UInt64(wiring.clock) | 1 << UInt64(wiring.latch))
        try show(frame, panel: HUB75Panel(configuration: configuration), lines: lines)

        // The same refresh straight into the pins, as the simulator drives them.
        let direct = HUB75Model(geometry: configuration.geometry, pinMap: wiring)
        try show(frame, panel: HUB75Panel(configuration: configuration), lines: SimulatedGPIOLines(models: [direct]))

        #expect(model.anomalyCount == 0, "\(model.anomalies.prefix(3))")
        #expect(window.strayStores.isEmpty)
        // RP1's refresh keeps each plane lit while the next shifts in, timed by counting 50 ns
        // stores: each plane's on-time (130 ns << b) is rounded up to a whole store, so each
        // level is right to within 11 stores of a row's lit time.
        var worst = 0
        for (p, q) in zip(model.picture.pixels, direct.picture.pixels) {
            worst = max(worst, abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)), abs(Int(p.blue) - Int(q.blue)))
        }
        let rowLitNanoseconds = 130 * 2047
        #expect(worst <= 65535 * 11 * 50 / rowLitNanoseconds)
        let distinct = Set(model.picture.pixels.map { [$0.red, $0.green, $0.blue] })
        #expect(distinct.count == 64 * 32, "every LED is where it belongs, none repeated")
        #expect(window.pads[wiring.clock] == 0x01 && window.pads[wiring.address[0]] == 0x15)
    }

    /// Refreshes the unique frame of panel `text` twice through RP1's registers, each store
    /// taking `storeNanoseconds`; returns the model and how long the second refresh took.
    private func throughRP1(_ text: String, storeNanoseconds: Int) throws -> (model: HUB75Model, nanoseconds: Int64, frame: Frame) {
        guard case let .hub75(configuration) = try PanelDescription(parsing: text).kind else { throw BusError.invalidRequest(device: text, reason: "not hub75") }
        let model = HUB75Model(configuration: configuration)
        let pins = SimulatedGPIOLines(models: [model])
        let window = RP1WindowModel(pins: pins, storeNanoseconds: storeNanoseconds)
        let lines = try RP1Lines(registers: window, outputMask: configuration.drivenLines, nanosecondsPerStore: storeNanoseconds)
        let panel = HUB75Panel(configuration: configuration)
        let frame = uniqueFrame(width: configuration.width, height: configuration.height)
        let refresher = try panel.makeRefresher(lines: lines)
        try panel.show(frame)
        try refresher.refreshOnce()
        let start = pins.nanoseconds
        try refresher.refreshOnce()
        #expect(model.anomalyCount == 0, "\(model.anomalies.prefix(3))")
        #expect(model.misfit == nil)
        return (model, pins.nanoseconds - start, frame)
    }

    @Test(arguments: ["hub75:rows=32,cols=64", "hub75:rows=16,cols=32,chain=2,pwm-bits=8",
                      "hub75:rows=32,cols=64,row-address=ab-shift", "hub75:rows=64,cols=64,pwm-lsb-ns=200,inverse"])
    func aPlaneLitWhileTheNextShiftsInShowsThePictureExactly(_ text: String) throws {
        guard case let .hub75(configuration) = try PanelDescription(parsing: text).kind else { return }
        // 10 ns stores: every on-time (a multiple of 10 ns) is a whole number of stores, so the
        // overlapped refresh must show exactly what the plain one shows.
        let overlapped = try throughRP1(text, storeNanoseconds: 10)
        let direct = HUB75Model(configuration: configuration)
        let panel = HUB75Panel(configuration: configuration)
        let refresher = try panel.makeRefresher(lines: SimulatedGPIOLines(models: [direct]))
        try panel.show(overlapped.frame)
        try refresher.refreshOnce()
        try refresher.refreshOnce()
        #expect(overlapped.model.picture == direct.picture)
        let distinct = Set(overlapped.model.picture.pixels.map { [$0.red, $0.green, $0.blue] })
        #expect(distinct.count == overlapped.frame.pixels.count, "every LED where it belongs, none repeated")

        // Without the overlap (a port that hides its store time) the same stores take longer:
        // the lit time comes on top of the shifting instead of behind it.
        let pins = SimulatedGPIOLines(models: [HUB75Model(configuration: configuration)])
        let window = RP1WindowModel(pins: pins, storeNanoseconds: 10)
        let plain = try panel.makeRefresher(lines: UnpacedLines(try RP1Lines(registers: window, outputMask: configuration.drivenLines)))
        try plain.refreshOnce()
        let start = pins.nanoseconds
        try plain.refreshOnce()
        #expect(overlapped.nanoseconds < pins.nanoseconds - start)
    }
}

/// A port that hides its store time from the refresher, so it refreshes without overlap.
private final class UnpacedLines: GPIOLines {
    let inner: any GPIOLines
    init(_ inner: any GPIOLines) { self.inner = inner }
    var name: String { inner.name }
    var outputMask: UInt64 { inner.outputMask }
    func write(set: UInt64, clear: UInt64) throws(BusError) { try inner.write(set: set, clear: clear) }
    func hold(nanoseconds: Int) { inner.hold(nanoseconds: nanoseconds) }
}

struct GPIOBackendTests {
    @Test func autoPicksTheMachinesFastestPathAndAForcedPathMustFitTheChip() {
        #expect(GPIOBackend.auto.choose(chipLabel: "pinctrl-rp1", gpiomemExists: false, gpiomem0Exists: true) == .success(.rp1))
        #expect(GPIOBackend.auto.choose(chipLabel: "pinctrl-rp1", gpiomemExists: false, gpiomem0Exists: false) == .success(.libgpiod))
        #expect(GPIOBackend.auto.choose(chipLabel: "pinctrl-bcm2711", gpiomemExists: true, gpiomem0Exists: false) == .success(.gpiomem))
        #expect(GPIOBackend.auto.choose(chipLabel: "gpio-mockup-A", gpiomemExists: true, gpiomem0Exists: true) == .success(.libgpiod))
        #expect(GPIOBackend.libgpiod.choose(chipLabel: "pinctrl-rp1", gpiomemExists: false, gpiomem0Exists: true) == .success(.libgpiod))
        #expect(GPIOBackend.rp1.choose(chipLabel: "pinctrl-rp1", gpiomemExists: false, gpiomem0Exists: false) == .success(.rp1))
        let mismatch = GPIOBackend.rp1.choose(chipLabel: "pinctrl-bcm2711", gpiomemExists: true, gpiomem0Exists: false)
        guard case let .failure(error) = mismatch else {
            Issue.record("rp1 on a Pi 4 was accepted")
            return
        }
        #expect(error.message(naming: { _ in "--gpio-backend" }) == "GPIO backend rp1 needs a Pi 5 (pinctrl-rp1), and this GPIO chip is pinctrl-bcm2711; choose auto (--gpio-backend)")
        if case .success = GPIOBackend.gpiomem.choose(chipLabel: "pinctrl-rp1", gpiomemExists: true, gpiomem0Exists: true) {
            Issue.record("gpiomem on a Pi 5 was accepted")
        }
    }
}
