import PixelBus
import PixelConfig
import PixelCore
import PixelInputs
import PixelPanels
@testable import PixelRuntime
import PixelSimulator
import PixelUI

/// A session as `sim --no-tty` builds it: simulated panels on the virtual clock, headless,
/// midnight on the clock screen.
struct HeadlessSession {
    let session: Session
    let script: InputScript?
    let length: FrameTime

    /// The flags of `sim`: a panel (or a plain picture of `size`), `fps`, how long (default:
    /// the script's end + 1 s, or 5 s), the script, and where frames and traffic go.
    init(size: PanelSize = try! PanelSize(width: 64, height: 32), fps: Int, seconds: Fixed? = nil, script: InputScript? = nil,
         framesOut: String? = nil, frameScale: Int = 1, statePath: String, seed: UInt64 = 1, panel: String? = nil,
         traceBus: String? = nil, text: String? = nil, textFont: PixelFont? = nil, photos: String? = nil) throws {
        var setup = Setup(panel: try panel.map { try PanelDescription(parsing: $0) }, size: size, fps: fps, seed: seed,
                                            statePath: statePath, text: text, textFont: textFont)
        setup.photosFolder = photos
        var options = Session.Options()
        options.framesOut = framesOut
        options.frameScale = frameScale
        options.traceBus = traceBus
        session = try Session(setup: setup, buses: .simulated(network: SimulatedNetwork()), clock: nil, options: options)
        self.script = script
        length = Session.length(seconds: seconds.map { FrameTime.seconds($0) }, headless: true, script: script)!
    }

    /// Runs to the end; `onFrame` sees each frame shown (the model's picture on a panel).
    @discardableResult
    func run(onFrame: ((Int, Frame) throws -> Void)? = nil) throws -> Int {
        try session.run(script: script, length: length, onFrame: onFrame)
    }

    var state: PixelWheelApp { session.state! }  // the content is the app
    var panel: SimulatedPanel? { session.mainPanel }
    var warnings: [String] { session.warnings }
    var clicks: Int { session.clicks }
}
