import Foundation
import PixelBus
import Testing
import PixelTestSupport
import PixelPanels
import PixelSimulator
import PixelRuntime
@testable import PixelTools

struct WiringCheckTests {
    @Test func theRegularWiringListsItsThirteenSignalsInConnectorOrder() throws {
        let check = try WiringCheck(panel: PanelDescription(parsing: "hub75:rows=32,cols=64"))
        #expect(check.signals.map(\.name) == ["OE", "CLK", "LAT", "A", "B", "C", "D", "R1", "G1", "B1", "R2", "G2", "B2"])
        #expect(check.table[0] == "OE    GPIO 18  header pin 12")
        #expect(check.table[7] == "R1    GPIO 11  header pin 23")
        guard case let .hub75(configuration) = check.panel.kind else { Issue.record("not HUB75"); return }
        #expect(check.signals.reduce(UInt64(0)) { $0 | UInt64(1) << UInt64($1.gpio) } == configuration.drivenLines)
    }

    @Test func sixtyFourRowsAndASecondChainAddEAndNumberedColourLines() throws {
        let check = try WiringCheck(panel: PanelDescription(parsing: "hub75:rows=64,cols=64,parallel=2"))
        let names = check.signals.map(\.name)
        #expect(names.contains("E") && names.contains("R1:2") && names.contains("B2:2"))
        #expect(names.count == 3 + 5 + 12)
        #expect(Set(check.signals.map(\.gpio)).count == names.count, "no line twice")
    }

    @Test func drivingASignalSetsItHighAndEveryOtherLineLowInOneWrite() throws {
        let panel = try PanelDescription(parsing: "hub75:rows=16,cols=32,wiring=adafruit-hat")
        let check = try WiringCheck(panel: panel)
        let trace = BusTraceRecorder()
        let provider = TracingBusProvider(SimulatedBusProvider(), sink: trace, clock: { 0 })
        _ = try check.drive(HUB75Signal(parsing: "g2"), on: provider)
        guard case let .hub75(configuration) = panel.kind else { Issue.record("not HUB75"); return }
        let g2 = UInt64(1) << 16  // the Adafruit HAT's G2 is GPIO 16
        #expect(trace.transactions == [.gpioWrite(device: "gpiochip0", set: g2, clear: configuration.drivenLines & ~g2)])
        // 16 rows: address lines A–C only, so 12 lines in all.
        #expect(try check.holdingMessage(HUB75Signal(parsing: "G2")).hasPrefix("G2 is high on GPIO 16 (header pin 36); the other 11 HUB75 lines are low."))
    }

    @Test func anUnknownSignalNamesTheKnownOnesAndOtherPanelsAreSentToShow() throws {
        let check = try WiringCheck(panel: PanelDescription(parsing: "hub75"))
        #expect(throws: WiringError.noSignal(name: "E", panel: "hub75", signals: ["OE", "CLK", "LAT", "A", "B", "C", "D", "R1", "G1", "B1", "R2", "G2", "B2"])) {
            try check.gpio(of: HUB75Signal(parsing: "E"))  // 32-row panels do not use E
        }
        // A name no panel has is refused where it is read, before any panel is looked at.
        #expect(throws: HUB75SignalError(text: "R3")) { try HUB75Signal(parsing: "R3") }
        #expect(throws: HUB75SignalError(text: "oe:2")) { try HUB75Signal(parsing: "oe:2") }
        #expect(try HUB75Signal(parsing: "b2:3").description == "B2:3")
        #expect(throws: WiringError.self) { try WiringCheck(panel: PanelDescription(parsing: "max7219")) }
    }

    @Test func headerPinsAreTheFortyPinConnectorsAndNeverPowerOrGround() {
        #expect(HeaderPin.physical(gpio: 2) == 3 && HeaderPin.physical(gpio: 14) == 8 && HeaderPin.physical(gpio: 27) == 13)
        #expect(HeaderPin.physical(gpio: 28) == nil && HeaderPin.physical(gpio: -1) == nil)
        let pins = (0...27).compactMap { HeaderPin.physical(gpio: $0) }
        let powerAndGround: Set = [1, 2, 4, 6, 9, 14, 17, 20, 25, 30, 34, 39]
        #expect(Set(pins).count == 28 && pins.allSatisfy { (1...40).contains($0) && !powerAndGround.contains($0) })
    }

    static var binary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pixelwheel").path
    }

    /// On a machine without GPIO, `wiring --line` names what works and only options `wiring` has.
    @Test(.enabled(if: !FileManager.default.fileExists(atPath: "/dev/gpiochip0"), "a machine without GPIO"),
          arguments: ["hub75", "hub75:device=/dev/gpiochip99"])
    func withoutGPIOTheLineCheckNamesWhatWorks(_ panel: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build pixelwheel first")
        let run = try ChildProcess.run(Self.binary, ["wiring", "--panel", panel, "--line", "R1", "--seconds", "0.1"])
        #expect(run.status != 0)
        #expect(run.errors.split(separator: "\n").count == 1, "\(run.errors)")
        #expect(run.errors.contains("wiring --line holds real GPIO lines, so run it on the Raspberry Pi the panel is wired to"), "\(run.errors)")
        let help = try ChildProcess.run(Self.binary, ["wiring", "--help"]).output
        let options = run.errors.split(whereSeparator: { !($0.isLetter || $0 == "-") }).filter { $0.hasPrefix("--") }
        #expect(!options.isEmpty && options.allSatisfy { help.contains($0) }, "options named: \(options)")
        // Without --line it works here.
        let table = try ChildProcess.run(Self.binary, ["wiring", "--panel", panel])
        #expect(table.status == 0 && table.output.contains("R1    GPIO 11  header pin 23"), "\(table.errors)")
    }
}
