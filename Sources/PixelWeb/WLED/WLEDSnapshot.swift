import PixelUI

/// What the WLED API reports, read from the app on the frame loop's thread once a frame and
/// handed to the server's threads: a plain value, never the app itself.
public struct WLEDSnapshot: Sendable, Equatable {
    /// The panel is lit.
    public var on = true
    /// The settings (brightness, speed, streams, effect parameters).
    public var settings = Settings()
    /// The menu effect playing or paused (index into `MenuEntry.effects`); nil for none.
    public var effect: Int?
    /// The game in play or paused (Extras → Games), if any; `effect` is nil then.
    public var game: GameReport?
    /// The live stream, if any: its protocol ("E1.31") and sender's address.
    public var live: (protocolName: String, sender: String)?
    /// The panel's size in LEDs.
    public var width: Int, height: Int
    /// The last batch of API changes the app has applied (see `WLEDHub`).
    public var applied: Int = 0
    /// The presets.
    public var presets = PresetList()
    /// The preset shown unchanged (`ps`), if any.
    public var currentPreset: Int?
    /// Counts preset changes (`info.fs.pmt`, which tells python-wled to fetch them again).
    public var presetsRevision = 0

    /// A snapshot of a `width × height` panel with the default settings and nothing playing.
    public init(width: Int, height: Int) {
        self.width = width; self.height = height
    }

    /// The app's state now, with the live stream (nil: none) and the applied batch.
    public init(app: PixelWheelApp, live: (protocolName: String, sender: String)?, applied: Int) {
        on = app.isOn
        settings = app.settings
        effect = app.playingEffect
        game = app.gameReport
        self.live = live
        width = app.width; height = app.height
        self.applied = applied
        presets = app.presets
        currentPreset = app.currentPreset
        presetsRevision = app.presetsRevision
    }

    public static func == (a: WLEDSnapshot, b: WLEDSnapshot) -> Bool {
        a.on == b.on && a.settings == b.settings && a.effect == b.effect && a.game == b.game && a.live?.protocolName == b.live?.protocolName
            && a.live?.sender == b.live?.sender && a.width == b.width && a.height == b.height && a.applied == b.applied
            && a.presets == b.presets && a.currentPreset == b.currentPreset && a.presetsRevision == b.presetsRevision
    }
}
