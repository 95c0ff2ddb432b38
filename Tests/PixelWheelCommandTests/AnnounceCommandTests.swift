import Foundation
@testable import pixelwheel
import PixelRuntime
import Testing

/// `pixelwheel announce`, which the unit runs as root before every start.
struct AnnounceCommandTests {
    static func file(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "pixelwheel-announce-\(UUID().uuidString).toml"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A configuration without [web] announces nothing, so a Pi without avahi-daemon is fine: no
    /// "install avahi-daemon" error at every start of the service (seen in its journal on the
    /// emulated Pi, `make test-raspi`).
    @Test func nothingToAnnounceNeedsNoAvahiFolder() throws {
        let config = try Self.file("[[panel]]\ntype = \"max7219\"\nchips = 4\n")
        defer { try? FileManager.default.removeItem(atPath: config) }
        let missing = NSTemporaryDirectory() + "no-avahi-\(UUID().uuidString)"
        try AnnounceCommand.parse(["--config", config, "--services-dir", missing]).run()
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    /// Something to announce still needs the folder, and says how to get it.
    @Test func somethingToAnnounceWithoutAvahiSaysToInstallIt() throws {
        let config = try Self.file("[[panel]]\ntype = \"max7219\"\nchips = 4\n\n[web]\nlisten = \"0.0.0.0:8080\"\nview_without_password = true\n")
        defer { try? FileManager.default.removeItem(atPath: config) }
        let missing = NSTemporaryDirectory() + "no-avahi-\(UUID().uuidString)"
        #expect(throws: OptionError.unavailable("\(missing) does not exist: install avahi-daemon (sudo apt install avahi-daemon), or pass --services-dir DIR")) {
            try AnnounceCommand.parse(["--config", config, "--services-dir", missing]).run()
        }
    }
}
