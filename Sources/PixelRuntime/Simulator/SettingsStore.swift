import PixelSystem
import PixelUI

/// Keeps the settings in a small text file, written atomically (temporary file + rename).
public struct SettingsStore: Sendable {
    /// The file.
    public let path: String

    /// A store for the file at `path`.
    public init(path: String) { self.path = path }

    /// The default place: `$XDG_STATE_HOME/pixelwheel/settings.conf`, else
    /// `~/.local/state/pixelwheel/settings.conf`, else `./pixelwheel-settings.conf`.
    public static func defaultPath() -> String {
        if let state = Environment.variable("XDG_STATE_HOME"), !state.isEmpty {
            return state + "/pixelwheel/settings.conf"
        }
        if let home = Environment.variable("HOME"), !home.isEmpty {
            return home + "/.local/state/pixelwheel/settings.conf"
        }
        return "pixelwheel-settings.conf"
    }

    /// The saved settings, or defaults with a one-line warning when the file is missing
    /// (no warning), unreadable or corrupt (warning; the file is replaced by defaults).
    public func load(defaults: Settings = Settings()) -> (settings: Settings, warning: String?) {
        guard FileSystem.kind(of: path) != .missing else { return (defaults, nil) }  // first run: the defaults
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, limit: 1 << 20)
        } catch {
            return (Settings(), "settings file \(path) cannot be read (\(error)); using defaults")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            return (try Settings(fileText: text), nil)
        } catch {
            let warning = "settings file \(path) is damaged (\(error)); using defaults and rewriting it"
            try? save(Settings())
            return (Settings(), warning)
        }
    }

    /// Writes `settings`, creating the directory if needed.
    public func save(_ settings: Settings) throws {
        if let slash = path.lastIndex(of: "/") {
            FileSystem.makeDirectories(String(path[..<slash]))
        }
        try AtomicFile.write(Array(settings.fileText.utf8), to: path)
    }
}
