import Foundation

/// A fresh, empty directory under the system's temporary directory, removed when the value
/// is released. Each test makes its own, so tests can run in parallel.
final class TemporaryDirectory {
    let path: String

    init() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("PixelSimulatorTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        path = url.path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The path of `name` inside the directory.
    func file(_ name: String) -> String { path + "/" + name }

    /// The names in the directory, sorted, hidden files included.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// Writes `bytes` to `name` with Foundation (not the code under test).
    func put(_ bytes: [UInt8], as name: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: file(name)))
    }

    /// The content of `name`, read with Foundation.
    func get(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: file(name))))
    }
}
