import PixelCore
import PixelEffects
import PixelInputs
import PixelPanels
import PixelUI

/// The PixelWheel app as the frame loop's source: it renders the app on a supersampling
/// canvas, counts clicks (the simulator's stand-in for the piezo) and saves settings whenever
/// they change.
public final class AppSource: FrameSource {
    /// The app.
    public private(set) var app: PixelWheelApp
    private let store: SettingsStore?
    private var savedRevision: Int
    private let presetStore: PresetStore?
    private var savedPresetsRevision: Int
    private var canvas: Canvas
    /// Warnings for the user (a damaged settings file, settings that cannot be saved), each once.
    public private(set) var warnings: [String] = []
    /// Clicks so far.
    public private(set) var clicks = 0
    /// Called on every click as well (a piezo on the Pi).
    public var onClick: (() -> Void)?

    /// Renders `app`; saves its settings to `store` and its presets to `presetStore` when they
    /// change (nil: never).
    public init(app: PixelWheelApp, store: SettingsStore?, presetStore: PresetStore? = nil, warnings: [String] = []) {
        self.app = app
        self.store = store
        self.presetStore = presetStore
        self.warnings = warnings
        savedRevision = app.settingsRevision
        savedPresetsRevision = app.presetsRevision
        canvas = Canvas(width: app.width, height: app.height, supersampling: app.settings.supersampling)
        self.app.onClick = { [unowned self] in
            self.clicks += 1
            self.onClick?()
        }
    }

    public func handle(_ event: InputEvent) throws {
        app.handle(event)
        saveChangedSettings()
        saveChangedPresets()
    }

    /// Saves the settings if they changed since the last save; a failure becomes a warning.
    private func saveChangedSettings() {
        guard app.settingsRevision != savedRevision, let store else { return }
        savedRevision = app.settingsRevision
        let settings = app.settings
        // Keep running with the new settings; say once that they will not survive a restart.
        save({ try store.save(settings) }, failure: "cannot save settings to \(store.path)",
             fix: "they will not survive a restart — use --state FILE in a writable place")
    }

    /// Saves the presets if they changed since the last save; a failure becomes a warning.
    private func saveChangedPresets() {
        guard app.presetsRevision != savedPresetsRevision, let presetStore else { return }
        savedPresetsRevision = app.presetsRevision
        let presets = app.presets
        save({ try presetStore.save(presets) }, failure: "cannot save presets to \(presetStore.path)",
             fix: "they will not survive a restart")
    }

    /// Runs `write`; a failure becomes the warning "`failure` (error); `fix`", given once.
    private func save(_ write: () throws -> Void, failure: String, fix: String) {
        do {
            try write()
        } catch {
            let warning = "\(failure) (\(error)); \(fix)"
            if !warnings.contains(warning) { warnings.append(warning) }
        }
    }

    public func render(at time: FrameTime) -> Frame {
        if canvas.supersampling != app.settings.supersampling {
            canvas = Canvas(width: canvas.width, height: canvas.height, supersampling: app.settings.supersampling)
        }
        canvas.clear()
        canvas.setTransform(.identity)
        app.render(into: &canvas, at: time)
        return canvas.downsample()
    }

    public var brightnessPercent: Int? { app.settings.brightness }

}

/// One effect as the frame loop's source (`render`, `bench`): no input, full brightness.
public final class EffectSource: FrameSource {
    /// The player drawing the effect.
    public private(set) var player: EffectPlayer

    /// Plays `scene` at `size` with `supersampling`.
    public init(scene: any Scene, size: PanelSize, supersampling: Supersampling) {
        player = EffectPlayer(scene: scene, size: size, supersampling: supersampling)
    }

    /// Effects take no input.
    public func handle(_ event: InputEvent) {}

    public func render(at time: FrameTime) -> Frame { player.render(at: time) }

    public var brightnessPercent: Int? { 100 }
}
