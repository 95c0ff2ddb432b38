/// A named snapshot of what the panel shows: on or dark, brightness, speed, the effect and
/// that effect's parameters — what WLED keeps in a preset, in PixelWheel's own units.
public struct Preset: Equatable, Sendable {
    /// The name shown in the menu and in `/presets.json` (`n`), at most
    /// `PresetList.maximumNameLength` characters.
    public var name: String
    /// The panel is lit.
    public var on: Bool
    /// Brightness, percent (`Settings.brightnessRange`).
    public var brightness: Int
    /// Speed, percent (`Settings.speedRange`).
    public var speed: Int
    /// The menu effect (an index into `MenuEntry.effects`), or nil when none was playing.
    public var effect: Int?
    /// The effect's parameters that differ from their defaults, keyed as in the settings
    /// (`effect.parameter`), valued as on the command line.
    public var parameters: [String: String]

    /// A preset named `name` with these values.
    public init(name: String, on: Bool = true, brightness: Int = Settings().brightness, speed: Int = Settings().speed,
                effect: Int? = nil, parameters: [String: String] = [:]) {
        self.name = name; self.on = on; self.brightness = brightness; self.speed = speed
        self.effect = effect; self.parameters = parameters
    }

    /// What `app` shows now, named `name`: only the playing effect's own parameters are kept.
    public init(of app: PixelWheelApp, name: String) {
        let effect = app.playingEffect
        var parameters: [String: String] = [:]
        if let effect {
            for parameter in MenuEntry.parameters(ofEffect: effect) {
                let key = EffectParameterMenu.key(parameter.name, ofEffect: effect)
                if let value = app.settings.effectParameters[key] { parameters[key] = value }
            }
        }
        self.init(name: name, on: app.isOn, brightness: app.settings.brightness, speed: app.settings.speed,
                  effect: effect, parameters: parameters)
    }
}

/// The presets, keyed by WLED's preset ids, bounded in count and name length.
public struct PresetList: Equatable, Sendable {
    /// The most presets kept. WLED allows 250; a wheel menu is browsable with far fewer, and 32
    /// covers a living room's worth of moods.
    public static let maximumCount = 32
    /// The ids a preset may have, as in WLED (0 is its empty placeholder).
    public static let idRange = 1...250
    /// The longest name kept, in characters (longer names are cut).
    public static let maximumNameLength = 32

    /// The presets by id.
    public private(set) var byID: [Int: Preset] = [:]

    /// No presets.
    public init() {}

    /// The ids in use, lowest first.
    public var ids: [Int] { byID.keys.sorted() }
    /// How many presets there are.
    public var count: Int { byID.count }
    /// Whether another new preset fits.
    public var isFull: Bool { byID.count >= Self.maximumCount }
    /// The preset with id `id`, if any.
    public subscript(id: Int) -> Preset? { byID[id] }

    /// The lowest id not in use, or nil when the list is full.
    public var nextFreeID: Int? {
        guard !isFull else { return nil }
        return Self.idRange.first { byID[$0] == nil }
    }

    /// Stores `preset` as `id`, replacing one already there; its name is cut to the longest
    /// kept. False (nothing stored) for an id out of range or a new id when the list is full.
    @discardableResult
    public mutating func store(_ preset: Preset, as id: Int) -> Bool {
        guard Self.idRange.contains(id), byID[id] != nil || !isFull else { return false }
        var kept = preset
        kept.name = Self.cleanName(preset.name, id: id)
        byID[id] = kept
        return true
    }

    /// Removes preset `id`; false when there was none.
    @discardableResult
    public mutating func delete(_ id: Int) -> Bool { byID.removeValue(forKey: id) != nil }

    /// `name` without control characters, cut to the longest kept; "Preset ID" when empty.
    static func cleanName(_ name: String, id: Int) -> String {
        let printable = String(String.UnicodeScalarView(name.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
        let cut = String(printable.prefix(maximumNameLength))
        return cut.isEmpty ? "Preset \(id)" : cut
    }
}
