import Foundation

/// A fresh, empty directory under the system's temporary directory, removed when the value
/// is released. Each test makes its own, so tests can run in parallel.
public final class TemporaryDirectory {
    /// The directory.
    public let path: String

    /// Makes a new, empty directory.
    public init() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("PixelSimulatorTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        path = url.path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The path of `name` inside the directory.
    public func file(_ name: String) -> String { path + "/" + name }

    /// The names in the directory, sorted, hidden files included.
    public func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// Writes `bytes` to `name` with Foundation (not the code under test).
    public func put(_ bytes: [UInt8], as name: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: file(name)))
    }

    /// The content of `name`, read with Foundation.
    public func get(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: file(name))))
    }
}

/// Folders of the repository, found from a test file's own path.
public enum RepositoryPaths {
    /// The repository's root: three levels above `filePath` (Tests/TARGET/File.swift).
    public static func root(filePath: String = #filePath) -> String {
        var parts = filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }

    /// The example configurations, `config/`.
    public static func configFolder(filePath: String = #filePath) -> String { root(filePath: filePath) + "/config" }

    /// The `.toml` files in `config/`, sorted.
    public static func exampleConfigurations(filePath: String = #filePath) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: configFolder(filePath: filePath)))?
            .filter { $0.hasSuffix(".toml") }.sorted() ?? []
    }
}
