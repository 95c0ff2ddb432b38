import PixelBus
import Testing
import PixelCore
import PixelEffects
import PixelPanels
import PixelSimulator
@testable import PixelRuntime

struct PanelDriverOutputTests {
    func status(at milliseconds: Int) -> FrameStatus {
        FrameStatus(tick: FrameTick(index: 0, timestamp: .milliseconds(milliseconds), targetTimestamp: .zero, duration: .zero, missedFrames: 0),
                    frames: 1, missedFrames: 0)
    }

    func lit(_ width: Int, _ height: Int) -> Frame {
        var frame = Frame(width: width, height: height)
        for i in frame.pixels.indices where i % 3 == 0 { frame.pixels[i] = .white }
        return frame
    }

    @Test func aStripIsBlankedWhenTheRunEnds() throws {
        let provider = SimulatedBusProvider()
        let driver = try PanelDescription(parsing: "ws2812:length=8").makeDriver(on: provider)
        let output = PanelDriverOutput(driver: driver)
        try output.show(lit(8, 1), status: status(at: 0))
        let model = provider.targets[0].model
        #expect(model.picture.pixels.contains { $0 != .black })
        try output.finish()
        #expect(model.picture.pixels.allSatisfy { $0 == .black })
    }

    @Test func aVanishedI2CChipIsReportedOnceAndRewrittenWhenItComesBack() throws {
        let provider = SimulatedBusProvider()
        let description = try PanelDescription(parsing: "ht16k33")
        let driver = try description.makeDriver(on: provider)
        var warnings: [String] = []
        let output = PanelDriverOutput(driver: driver, warn: { warnings.append($0) })
        let frame = lit(8, 8)
        let bus = try #require(provider.targets[0].i2c)
        try output.show(frame, status: status(at: 0))
        let shown = provider.targets[0].model.picture

        // Unplugged: reported once, the program runs on (the picture keeps changing, so the
        // driver keeps writing; a chip is missed when a write to it goes unanswered).
        bus.detach(description.kindAddress!)
        let other = Frame(width: 8, height: 8)
        for t in stride(from: 33, through: 2900, by: 33) { try output.show(t % 2 == 0 ? frame : other, status: status(at: t)) }
        #expect(warnings.count == 1 && warnings[0].contains("nothing answered at address 0x70"))
        #expect(output.isMissing)

        // Plugged in again, powered up blank: found at the next probe, started and rewritten.
        let fresh = HT16K33Model(address: description.kindAddress!, board: HT16K33Board.all[0])
        bus.attach(fresh)
        try output.show(frame, status: status(at: 3020))  // first missed at 33 ms
        #expect(output.isMissing, "not probed again before 3 s")
        try output.show(frame, status: status(at: 3040))
        #expect(!output.isMissing)
        #expect(warnings.count == 2 && warnings[1].contains("is back"))
        #expect(fresh.picture == shown)
    }

    /// Runs the unplug-and-replug story through `output` on `provider`, returning the warnings
    /// and every I²C write the driver made, in order.
    func vanishAndReturn(placement: PanelDriverOutput.Placement) throws -> (warnings: [String], writes: [BusTransaction], missing: [Bool]) {
        let provider = SimulatedBusProvider()
        let recorder = BusTraceRecorder()
        let description = try PanelDescription(parsing: "ht16k33")
        let traced = TracingBusProvider(provider, sink: recorder, clock: { 0 })
        var warnings: [String] = []
        let output: any FrameOutput
        let isMissing: () -> Bool
        if placement == .simulated {
            // What `sim --panel` and `run --simulate` build: the simulated panel's output.
            let panel = try SimulatedPanel(description, provider: provider, trace: recorder)
            let simulated = SimulatedPanelOutput(panel: panel, viewers: [], warn: { warnings.append($0) })
            output = simulated
            isMissing = { simulated.driverOutput.isMissing }
        } else {
            // What `run` builds on the Pi: the driver on the machine's buses.
            let driver = try description.makeDriver(on: traced)
            let machine = PanelDriverOutput(driver: driver, placement: .machine, warn: { warnings.append($0) })
            output = machine
            isMissing = { machine.isMissing }
        }
        let bus = try #require(provider.targets[0].i2c)
        var missing: [Bool] = []
        let other = Frame(width: 8, height: 8)
        for t in stride(from: 0, through: 6600, by: 33) {
            if t == 99 { bus.detach(description.kindAddress!) }
            if t == 3993 { bus.attach(HT16K33Model(address: description.kindAddress!, board: HT16K33Board.all[0])) }
            try output.show(t % 2 == 0 ? lit(8, 8) : other, status: status(at: t))
            missing.append(isMissing())
        }
        return (warnings, recorder.transactions, missing)
    }

    @Test func aSimulatedRunProbesAVanishedI2CChipExactlyAsARunOnTheMachine() throws {
        let simulated = try vanishAndReturn(placement: .simulated)
        let machine = try vanishAndReturn(placement: .machine)
        #expect(simulated.warnings.count == 2 && simulated.warnings[1].contains("is back"), "gone once, back once: \(simulated.warnings)")
        #expect(simulated.warnings == machine.warnings)
        #expect(simulated.missing == machine.missing, "missing and back at the same frames")
        #expect(simulated.missing.contains(true) && simulated.missing.last == false)
        #expect(simulated.writes == machine.writes, "the same traffic, probes included, on both")
    }

    @Test func aBusNodeThatGoesAwayIsWaitedForAndTheBusIsLetGoAfterEachBurst() throws {
        let bus = RemovableI2CBus(SimulatedI2CBus(name: "/dev/i2c-0"))
        let configuration = HT16K33Configuration()
        bus.inner.attach(HT16K33Model(address: configuration.address, board: configuration.board))
        let panel = try HT16K33Panel(bus: bus, configuration: configuration)
        #expect(bus.releases == 1, "start-up is one burst")
        var warnings: [String] = []
        let output = PanelDriverOutput(driver: PanelDriver(panel: panel), warn: { warnings.append($0) })
        try output.show(lit(8, 8), status: status(at: 0))
        #expect(bus.releases == 2)

        // The adapter is removed (its node is gone): one warning, no error, the loop runs on,
        // and a brightness change meanwhile waits for the chip.
        bus.removed = true
        for t in stride(from: 100, through: 2900, by: 100) {
            try output.show(t % 200 == 0 ? lit(8, 8) : Frame(width: 8, height: 8), status: status(at: t))
            if t == 1000 { try output.setBrightness(percent: 50) }
        }
        #expect(warnings == ["/dev/i2c-0 went away; running on without it and retrying every 3 s"])

        // Back, with a chip powered up blank: found by the next probe and rewritten whole.
        bus.removed = false
        let fresh = HT16K33Model(address: configuration.address, board: configuration.board)
        bus.inner.attach(fresh)
        try output.show(lit(8, 8), status: status(at: 3200))
        #expect(!output.isMissing && warnings.count == 2 && warnings[1].contains("is back"))
        let expected = HT16K33Model(address: configuration.address, board: configuration.board)
        _ = try HT16K33Panel(bus: SimulatedI2CBus(devices: [expected]), configuration: configuration).show(lit(8, 8))
        #expect(fresh.picture.pixels.map { $0 != .black } == expected.picture.pixels.map { $0 != .black })
        #expect(fresh.dimming == 8, "Settings brightness 50 % of the configured 15, rounded, set again after the restart")
    }

    @Test func refreshRateIsRefreshesPerSecond() {
        #expect(RefreshRateReporter.hertz(refreshes: 450, nanoseconds: 1_500_000_000) == 300)
        #expect(RefreshRateReporter.hertz(refreshes: 0, nanoseconds: 0) == 0)
    }
}

extension PanelDescription {
    /// The I²C address of an HT16K33 or IS31FL3731 description.
    var kindAddress: I2CAddress? {
        switch kind {
        case let .ht16k33(c): c.address
        case let .is31fl3731(c): c.address
        default: nil
        }
    }
}

/// An I²C bus whose node can be removed, as i2c-dev reports it: writes fail with
/// `.deviceMissing` until it is back. Counts `release()` calls.
final class RemovableI2CBus: I2CBus {
    let inner: SimulatedI2CBus
    var removed = false
    private(set) var releases = 0
    init(_ inner: SimulatedI2CBus) { self.inner = inner }
    var name: String { inner.name }
    func write(_ bytes: [UInt8], to address: I2CAddress) throws(BusError) {
        guard !removed else { throw .deviceMissing(device: name, hint: "enable I2C") }
        try inner.write(bytes, to: address)
    }
    func read(_ count: Int, from address: I2CAddress, register: UInt8) throws(BusError) -> [UInt8] {
        guard !removed else { throw .deviceMissing(device: name, hint: "enable I2C") }
        return try inner.read(count, from: address, register: register)
    }
    func release() { releases += 1 }
}
