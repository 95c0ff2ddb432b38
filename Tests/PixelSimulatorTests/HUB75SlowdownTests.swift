import PixelBus
import PixelCore
import PixelPanels
import Testing
@testable import PixelSimulator

/// `slowdown=`, checked on the panel model. (The refresh that keeps each plane lit while the next
/// shifts in needs a port of timed register stores; it is checked through RP1's, in RP1Tests.)
struct HUB75SlowdownTests {
    /// Refreshes the rig's unique frame twice through a port whose writes take
    /// `writeNanoseconds`, onto a fresh model; returns the model and the port.
    private func run(_ text: String, writeNanoseconds: Int) throws -> (model: HUB75Model, port: SimulatedGPIOLines, refreshNanoseconds: Int64) {
        let rig = try HUB75VariantRig(text)
        let model = HUB75Model(configuration: rig.configuration)
        let port = SimulatedGPIOLines(models: [model], writeNanoseconds: writeNanoseconds)
        let refresher = try rig.panel.makeRefresher(lines: port)
        try rig.panel.show(rig.uniqueFrame)
        try refresher.refreshOnce()
        let start = port.nanoseconds
        try refresher.refreshOnce()
        return (model, port, port.nanoseconds - start)
    }

    @Test func slowdownRepeatsEveryWriteAndChangesNothingTheModelSees() throws {
        let fast = try run("hub75:rows=32,cols=64,pwm-bits=6", writeNanoseconds: 0)
        let slow = try run("hub75:rows=32,cols=64,pwm-bits=6,slowdown=2", writeNanoseconds: 0)
        #expect(slow.port.writeCount == 3 * fast.port.writeCount)
        #expect(slow.model.clockPulses == fast.model.clockPulses)
        #expect(slow.model.picture == fast.model.picture)
        #expect(throws: PanelConfigurationError.self) { try PanelDescription(parsing: "hub75:slowdown=5") }
    }
}
