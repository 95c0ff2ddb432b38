import Foundation
import PixelBus
import PixelCore
import PixelPanels
import PixelRuntime
import PixelSimulator
import PixelSystem
import Testing
@testable import PixelTools

/// `pixelwheel show --hardware` through the machine path, with device models behind the buses.
struct ShowOnHardwareTests {
    /// A machine whose panel buses are device models (`SimulatedBusProvider`); it has no inputs.
    /// Its GPIO port is `Snapshots`, so the picture can be read while the refresh thread runs.
    final class ModelMachine: MachineBusProvider {
        let models = SimulatedBusProvider()
        var snapshots: Snapshots?
        let planesPerRefresh: Int
        init(planesPerRefresh: Int) { self.planesPerRefresh = planesPerRefresh }
        func spiDevice(_ path: String, for panel: PanelDescription) throws(BusError) -> any SPIDevice { try models.spiDevice(path, for: panel) }
        func i2cBus(_ path: String, for panel: PanelDescription) throws(BusError) -> any I2CBus { try models.i2cBus(path, for: panel) }
        func gpioLines(_ chip: String, outputMask: UInt64, for panel: PanelDescription) throws(BusError) -> any GPIOLines {
            let lines = Snapshots(try models.gpioLines(chip, outputMask: outputMask, for: panel) as! SimulatedGPIOLines,
                                  model: models.targets.last!.model as! HUB75Model, planesPerRefresh: planesPerRefresh)
            snapshots = lines
            return lines
        }
        func gpioInputs(_ chip: String, inputMask: UInt64, clock: any Clock) throws(BusError) -> any GPIOInputs {
            throw .invalidRequest(device: chip, reason: "this machine has no inputs")
        }
        func gpioOutputs(_ chip: String, outputMask: UInt64) throws(BusError) -> any GPIOLines {
            throw .invalidRequest(device: chip, reason: "this machine has no spare outputs")
        }
        var gpioPaths: [String] { [] }
        let network: any NetworkTransport = SimulatedNetwork()
    }

    /// The model's GPIO port, under a lock, keeping the model's picture after each whole refresh
    /// (every `planesPerRefresh` rises of OE, the GPIO 18 of the regular wiring, after the first).
    final class Snapshots: GPIOLines, @unchecked Sendable {
        private let lines: SimulatedGPIOLines
        private let model: HUB75Model
        private let planesPerRefresh: Int
        private let lock = NSLock()
        private var rises = 0
        private var pictures: [Frame] = []
        static let enable = UInt64(1) << 18
        init(_ lines: SimulatedGPIOLines, model: HUB75Model, planesPerRefresh: Int) {
            self.lines = lines; self.model = model; self.planesPerRefresh = planesPerRefresh
        }
        var name: String { lines.name }
        var outputMask: UInt64 { lines.outputMask }
        func write(set: UInt64, clear: UInt64) throws(BusError) {
            lock.lock(); defer { lock.unlock() }
            let rising = set & Self.enable != 0 && lines.levels & Self.enable == 0
            try lines.write(set: set, clear: clear)
            guard rising else { return }
            rises += 1
            if rises > 1, (rises - 1) % planesPerRefresh == 0 { pictures.append(model.picture) }
        }
        func hold(nanoseconds: Int) { lock.lock(); defer { lock.unlock() }; lines.hold(nanoseconds: nanoseconds) }
        /// The pictures after each whole refresh so far, and whether OE is high now.
        var taken: (pictures: [Frame], blank: Bool) {
            lock.lock(); defer { lock.unlock() }
            return (pictures, lines.levels & Self.enable != 0)
        }
    }

    static let image = "Tests/Fixtures/images/gradient-16x8.jpg"

    /// A HUB75 panel shows only while refreshed: `show --hardware` refreshes the picture (each
    /// whole refresh shows what `show` on the model gives) until the stop request, then waits
    /// for the refresh thread and blanks the panel: black, OE high, and nothing moves after.
    @Test func aHUB75PanelIsRefreshedUntilStoppedAndBlankedThen() throws {
        let panel = try PanelDescription(parsing: "hub75:cols=32,rows=16,pwm-bits=4")
        let show = try PictureShow(image: Self.image, panel: panel, size: try PanelSize(width: 32, height: 16), dither: nil)
        let expected = try show.onModels(count: 1, traceBus: nil).shown[0]
        let machine = ModelMachine(planesPerRefresh: 8 * 4)
        var lines: [String] = []
        // Stop once two whole refreshes have shown something (or after 10 s, which fails below).
        let black = Frame(width: 32, height: 16)
        var looks = 0
        let stop = StopRequestSource {
            looks += 1
            if (machine.snapshots?.taken.pictures.filter { $0 != black }.count ?? 0) >= 2 { return true }
            usleep(10_000)
            return looks > 1000
        }
        try show.onMachine(machine, clock: VirtualTime(), stop: stop, traceBus: nil) { lines.append($0) }
        #expect(lines == ["showing on auto (HUB75) until Ctrl-C or SIGTERM, which blank it"])
        let snapshots = try #require(machine.snapshots)
        let (pictures, blank) = snapshots.taken
        // Black until the first frame reaches the refresh thread, then the picture, then black.
        let shown = pictures.drop { $0 == black }.dropLast()
        #expect(shown.count >= 2 && shown.allSatisfy { $0 == expected }, "a whole refresh while running differs from show's picture")
        let model = try #require(machine.models.targets.first?.model as? HUB75Model)
        #expect(pictures.last == black, "the last refresh is not the black one")
        #expect(blank, "OE is low: the panel is left lit")
        #expect(model.anomalies.isEmpty, "\(model.anomalies)")
        usleep(20_000)
        #expect(snapshots.taken.pictures.count == pictures.count, "the refresh thread still runs after show returned")
    }
}
