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
        guard let base = stateBase() else { return "pixelwheel-settings.conf" }
        return base.folder + base.below + "/settings.conf"
    }

    /// Where the default file lives: a folder that must exist already (`$XDG_STATE_HOME` or
    /// `$HOME`) and the path below it that PixelWheel may create.
    static func stateBase() -> (folder: String, below: String)? {
        if let state = Environment.variable("XDG_STATE_HOME"), !state.isEmpty { return (state, "/pixelwheel") }
        if let home = Environment.variable("HOME"), !home.isEmpty { return (home, "/.local/state/pixelwheel") }
        return nil
    }

    /// The saved settings over `defaults`, with a one-line warning when the file is unreadable
    /// (the defaults are used) or has bad lines (every good line is kept, each bad one left at
    /// its default). Nothing is written here: the file changes only when a setting does.
    public func load(defaults: Settings = Settings()) -> (settings: Settings, warning: String?) {
        guard FileSystem.kind(of: path) != .missing else { return (defaults, nil) }  // first run: the defaults
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, limit: 1 << 20)
        } catch {
            return (defaults, "settings file \(path) cannot be read (\(error)); using defaults")
        }
        let (settings, problems) = Settings.reading(fileText: String(decoding: bytes, as: UTF8.self), over: defaults)
        guard let first = problems.first else { return (settings, nil) }
        let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
        return (settings, "settings file \(path): \(first)\(more); kept the other settings, that one is at its default until changed")
    }

    /// Writes `settings`. For the default place, the folders below an existing home (or state
    /// home) are created; a home that does not exist is never created, and any other file's
    /// folder must exist: the error names it.
    public func save(_ settings: Settings) throws {
        Self.makeStateFolders(for: path, whenItIs: Self.defaultPath())
        try AtomicFile.write(Array(settings.fileText.utf8), to: path)
    }

    /// When `path` is `defaultPath` (a file of the default state folder), creates the folders
    /// below an existing home that hold it; any other path's folder must exist.
    static func makeStateFolders(for path: String, whenItIs defaultPath: String) {
        guard path == defaultPath, let base = stateBase(), FileSystem.kind(of: base.folder) == .directory else { return }
        FileSystem.makeDirectories(base.folder + base.below)
    }
}
