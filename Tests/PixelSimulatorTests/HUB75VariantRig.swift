import PixelBus
import PixelCore
import PixelPanels
import Testing
@testable import PixelSimulator

/// One HUB75 variant end to end: the description is parsed as `--panel` text, and the frame goes
/// encoder → refresher → simulated port → a model of the panel the description names.
struct HUB75VariantRig {
    let configuration: HUB75Configuration
    let panel: HUB75Panel
    let model: HUB75Model
    let port: SimulatedGPIOLines
    let refresher: HUB75Refresher

    init(_ text: String) throws {
        var options = try PanelOptions(parsing: text)
        configuration = try HUB75Configuration(options: &options)
        try options.finish()
        panel = HUB75Panel(configuration: configuration)
        model = HUB75Model(configuration: configuration)
        port = SimulatedGPIOLines(models: [model])
        refresher = try panel.makeRefresher(lines: port)
    }

    /// Shows `frame` and refreshes until it is on the panel, as the simulator does: one refresh
    /// swaps it in, one (or, with `pwm-dither-bits`, a whole dither cycle) shows it.
    func display(_ frame: Frame) throws {
        try PanelDriver(panel: panel, refresher: refresher).showAndRefresh(frame)
    }

    /// Shows `uniqueFrame` and checks that every LED arrives exactly in place, with no anomaly
    /// and no misfit.
    func expectUniqueFrameInPlace() throws {
        let frame = uniqueFrame
        try display(frame)
        #expect(model.picture == frame)
        #expect(model.anomalyCount == 0, "\(model.anomalies.prefix(3))")
        #expect(model.misfit == nil)
    }

    /// What `other`, a model of some other panel, shows when this rig's driver sends it
    /// `uniqueFrame` for two refreshes.
    func picture(on other: HUB75Model) throws -> Frame {
        let refresher = try panel.makeRefresher(lines: SimulatedGPIOLines(models: [other]))
        try panel.show(uniqueFrame)
        try refresher.refreshOnce()
        try refresher.refreshOnce()
        return other.picture
    }

    /// A frame of the panel's (visible) size in which every LED has its own colour, each channel an exact
    /// 11-bit level (`round(k × 65535 / 2047)`), so an 11-bit panel shows it back unchanged.
    var uniqueFrame: Frame {
        var frame = Frame(width: configuration.width, height: configuration.height)
        func value(_ level: Int) -> UInt16 { UInt16((level * 65535 + 1023) / 2047) }
        for i in frame.pixels.indices {
            let red: Int = i % 2048
            let green: Int = (i / 2048 * 613 + 5) % 2048
            frame.pixels[i] = LinearColor(red: value(red), green: value(green), blue: value(2047 - red))
        }
        return frame
    }
}
