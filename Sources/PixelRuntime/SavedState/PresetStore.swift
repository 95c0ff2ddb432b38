import PixelSystem
import PixelUI

/// Keeps the presets in a JSON file next to the settings file (`PresetList.fileText`), written
/// atomically. A file that cannot be read never stops the run and never touches the settings:
/// the run starts without those presets, and a copy of the file is kept beside it.
public struct PresetStore: Sendable {
    /// The file.
    public let path: String

    /// A store for the file at `path`.
    public init(path: String) { self.path = path }

    /// The presets file beside the settings file `settingsPath`: `presets.json` beside
    /// `settings.conf`, else the settings file's name without `.conf` and `-presets.json`
    /// (`--state /tmp/desk.conf` keeps its presets in `/tmp/desk-presets.json`).
    public init(besideSettings settingsPath: String) {
        let (_, name) = FileSystem.split(settingsPath)
        let folder = String(decoding: settingsPath.utf8.dropLast(name.utf8.count), as: UTF8.self)
        let stem = name.hasSuffix(".conf") ? String(name.dropLast(5)) : name
        path = folder + (stem == "settings" ? "presets.json" : stem + "-presets.json")
    }

    /// The saved presets, with a one-line warning when the file cannot be used (no presets;
    /// the file is copied to `PATH.bad` first, so the next save cannot lose it) or has presets
    /// that cannot (the others are kept).
    public func load() -> (presets: PresetList, warning: String?) {
        guard FileSystem.kind(of: path) != .missing else { return (PresetList(), nil) }
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, limit: PresetList.maximumFileBytes)
        } catch {
            return (PresetList(), "presets file \(path) cannot be read (\(error)); starting without presets")
        }
        do {
            let (presets, problems) = try PresetList.reading(fileBytes: bytes)
            guard let first = problems.first else { return (presets, nil) }
            let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
            return (presets, "presets file \(path): \(first)\(more); kept the other presets")
        } catch {
            let copy = path + ".bad"
            let kept = (try? AtomicFile.write(bytes, to: copy)) != nil ? "a copy is in \(copy)" : "no copy could be made"
            return (PresetList(), "presets file \(path) is \(error) — starting without presets; \(kept); fix or delete the file")
        }
    }

    /// Writes `presets`. Beside the default settings file, the folders below an existing home
    /// are created as the settings store creates them; any other folder must exist.
    public func save(_ presets: PresetList) throws {
        SettingsStore.makeStateFolders(for: path, whenItIs: PresetStore(besideSettings: SettingsStore.defaultPath()).path)
        try AtomicFile.write(Array(presets.fileText.utf8), to: path)
    }
}
