import PixelCore
import PixelInputs
import PixelPanels
import PixelUI

/// A PixelWheel set-up as the configuration file describes it: panels, the encoder and
/// buttons, and the defaults of the settings. Checked as a whole before any device is opened.
public struct PixelWheelConfiguration: Sendable {
    /// One configured panel.
    public struct Panel: Sendable {
        /// The panel, parsed by the same `PanelDescription` as `--panel`.
        public var description: PanelDescription
        /// `main` shows the app; `status` shows what is playing in small text.
        public var role: Role
        /// The line of its `[[panel]]` table.
        public var line: Int
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
