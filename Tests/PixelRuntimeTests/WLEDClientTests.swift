import Foundation
import Testing
import PixelTestSupport

/// Home Assistant's WLED client library (PyPI `wled`), unmodified, against the real binary:
/// Tests/Web/wled_client_check.py puts `web --api` on port 80 in a network namespace it makes,
/// and python-wled reads the device and changes power, brightness, effect and speed.
@Suite struct WLEDClientTests {
    static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: python != nil, "needs python3"), .timeLimit(.minutes(5)))
    func pythonWLEDReadsAndDrivesTheDevice() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pixelwheel").path
        let script = RepositoryPaths.root() + "/Tests/Web/wled_client_check.py"
        let result = try ChildProcess.run(try #require(Self.python), [script, binary])
        if result.status == 77 {
            print("WLEDClientTests skipped: " + result.output)  // no root, no netns, or pip cannot reach PyPI
            return
        }
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("all checked"))
    }
}
