import PixelCore
import PixelInputs
import PixelPanels
import PixelUI

/// A PixelWheel set-up: panels, the encoder and buttons, and the defaults of the settings —
/// the one value a run is built from, whether it came from a configuration file (checked as a
/// whole before any device is opened) or from command-line flags (`init(panel:…)`).
public struct Setup: Sendable {
    /// One configured panel.
    public struct Panel: Sendable {
        /// The panel, parsed by the same `PanelDescription` as `--panel`.
        public var description: PanelDescription
        /// `main` shows the app; `status` shows what is playing in small text.
        public var role: Role
        /// The line of its `[[panel]]` table (0 for a panel given on the command line).
        public var line: Int

        /// `description` in `role`, from `line` of the file (0: the command line).
        public init(description: PanelDescription, role: Role, line: Int = 0) {
            self.description = description; self.role = role; self.line = line
        }
    }

    /// What a panel shows.
    public enum Role: String, Sendable, CaseIterable { case main, status }

    /// Optional GPIO buttons around the wheel (BCM numbers, active low with pull-ups).
    public struct Buttons: Hashable, Sendable {
        public var menu: Int?
        public var playPause: Int?
        public var next: Int?
        public var previous: Int?

        /// Each wired button with the action it sends.
        public var wired: [(gpio: Int, action: InputAction)] {
            [(menu, InputAction.menu), (playPause, .playPause), (next, .next), (previous, .previous)]
                .compactMap { pin, action in pin.map { ($0, action) } }
        }
    }

    /// The file it was read from.
    public var file: String
    /// Frames per second, 1...240.
    public var fps: Int
    /// Panel size for a configuration without a main panel (the simulator only).
    public var size: PanelSize
    /// Seed for the effects' randomness.
    public var seed: UInt64
    /// Where the settings are saved (nil: the default place).
    public var statePath: String?
    /// The effect to play at start (nil: the menu).
    public var startEffect: String?
    /// The scrolling text of Extras → Scrolling Text.
    public var text: String?
    /// The GPIO chip of the encoder and buttons: `auto`, a label or a path.
    public var inputChip: String
    /// The panels, main first.
    public var panels: [Panel]
    /// The encoder's wiring, if one is fitted.
    public var encoder: EncoderWiring?
    /// The buttons.
    public var buttons: Buttons
    /// A piezo's GPIO for the click, if fitted.
    public var piezo: Int?
    /// The settings a first run starts with.
    public var settings: Settings
    /// Effect parameters set over the saved ones (`--param effect.name=value`).
    public var effectParameters: [String: String] = [:]
    /// A font for the clock and the scrolling text (`--font FILE.bdf`).
    public var textFont: PixelFont? = nil
    /// Photos' folder (`--photos DIR`, `[photos] folder`); nil: none (`run` then uses
    /// `/var/lib/pixelwheel/photos`).
    public var photosFolder: String? = nil
    /// The network streams received (off unless a `[network]` table or `--network` turns one on).
    public var network = NetworkSetup()
    /// The page and the JSON API (off for `run` unless a `[web]` table or a flag turns it on).
    public var web = WebSetup()


    /// The panel that shows the app.
    public var mainPanel: Panel? { panels.first { $0.role == .main } }
    /// The small status displays.
    public var statusPanels: [Panel] { panels.filter { $0.role == .status } }

    /// Every GPIO of the inputs, with what it is for.
    public var inputPins: [(gpio: Int, use: String)] {
        var pins: [(Int, String)] = []
        if let encoder { pins += [(encoder.a, "encoder A"), (encoder.b, "encoder B"), (encoder.button, "encoder switch")] }
        pins += buttons.wired.map { ($0.gpio, "\($0.action) button") }
        if let piezo { pins.append((piezo, "piezo")) }
        return pins
    }
}

extension Setup {
    /// The set-up the command line describes: `panel` as the main panel (or none, showing the
    /// picture at `size`), no encoder, buttons or piezo, and the settings' defaults.
    public init(panel: PanelDescription?, size: PanelSize, fps: Int, seed: UInt64, statePath: String?,
                text: String? = nil, textFont: PixelFont? = nil, effectParameters: [String: String] = [:]) {
        self.init(file: "the command line", fps: fps, size: size, seed: seed, statePath: statePath, startEffect: nil, text: text,
                  inputChip: "auto", panels: panel.map { [Panel(description: $0, role: .main)] } ?? [], encoder: nil,
                  buttons: Buttons(), piezo: nil, settings: Settings(), effectParameters: effectParameters, textFont: textFont)
    }
}
