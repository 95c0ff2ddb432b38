import PixelPanels

/// What a list of hzeller's `--led-*` flags says in PixelWheel's words: HUB75 keys, the one
/// `run` option among them, and notes on flags that ask for what PixelWheel always does.
public struct HzellerTranslation: Equatable, Sendable {
    /// The HUB75 keys with their values, in the order first given (a later flag for the same
    /// key replaces the value, as the last flag wins in hzeller's library).
    public private(set) var keys: [(key: String, value: String)] = []
    /// `--led-show-refresh` (true) or `--led-no-show-refresh` (false); nil when not given.
    public var showRefresh: Bool?
    /// One line per flag accepted without a key, saying why nothing needs setting.
    public var notes: [String] = []

    /// Nothing translated yet.
    public init() {}

    /// Sets `key` to `value`, in place if it is set already.
    public mutating func set(_ key: String, _ value: String) {
        if let index = keys.firstIndex(where: { $0.key == key }) {
            keys[index].value = value
        } else {
            keys.append((key, value))
        }
    }

    /// The keys as a dictionary, for `PanelOptions`.
    public var values: [String: String] {
        var values: [String: String] = [:]
        for pair in keys { values[pair.key] = pair.value }
        return values
    }

    /// The HUB75 panel these keys describe over the defaults, checked as `--panel` is.
    public func panel() throws(HzellerFlagError) -> PanelDescription {
        try Self.panel(values: values)
    }

    /// A HUB75 panel from `values`, checked as `--panel` is; its text as a TOML table's would be.
    static func panel(values: [String: String]) throws(HzellerFlagError) -> PanelDescription {
        var options = PanelOptions(type: "hub75", values: values)
        do {
            let text = ConfigurationLoader.Checker.panelText(type: "hub75", values: values)
            let description = try PanelDescription(options: &options, text: text)
            try options.finish()
            return description
        } catch {
            throw .panel(error)
        }
    }

    public static func == (a: HzellerTranslation, b: HzellerTranslation) -> Bool {
        a.keys.map(\.key) == b.keys.map(\.key) && a.keys.map(\.value) == b.keys.map(\.value)
            && a.showRefresh == b.showRefresh && a.notes == b.notes
    }
}
