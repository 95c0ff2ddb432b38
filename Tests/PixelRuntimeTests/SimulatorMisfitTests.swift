import Testing
import PixelCore
import PixelPanels
import PixelTestSupport
@testable import PixelRuntime

@Suite struct SimulatorMisfitTests {
    @Test func aFrameTheChipsRejectIsAWarningOfTheSimulatorNotABlackPanel() throws {
        let folder = try TemporaryDirectory()
        func run(_ panel: String) throws -> [String] {
            let session = try HeadlessSession(size: try PanelSize(width: 8, height: 1), fps: 5, seconds: Fixed(1),
                                              statePath: folder.file("s.conf"), panel: panel)
            try session.run()
            return session.warnings
        }
        // 2.4 MHz: an 833 ns one, past SK6812's 750 ns.
        let rejected = try run("ws2812:length=8,chip=sk6812,speed=2400000")
        #expect(rejected.count == 1)
        #expect(rejected.first?.hasPrefix("panel model: ") == true)
        #expect(rejected.first?.contains("not shown: bit") == true)
        #expect(rejected.first?.contains("833 ns, outside chip=sk6812's windows") == true)
        #expect(try run("ws2812:length=8,chip=sk6812").isEmpty)
    }
}
