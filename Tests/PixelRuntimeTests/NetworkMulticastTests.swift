import Foundation
import PixelImages
import PixelTestSupport
import Testing

/// E1.31 multicast, as xLights and FPP send it by default, into the real binary across two
/// network namespaces (scripts/test/test-multicast.sh): PyPI's `sacn` sends a 128x64 picture (49
/// universes, more groups than Linux lets one socket join by default) to 239.255.0.1…49, and
/// the frame `sim` recorded must equal it byte for byte, whether the receiver listens on every
/// interface (0.0.0.0) or on its link's address alone, and with `sacn`'s sync to a universe
/// outside the panel (whose group the receiver must join on demand, on the link's interface
/// when it listens on that address alone). Skipped (the script's 77) without root
/// or `ip netns`.
@Suite(.enabled(if: NetworkPeerPython.isAvailable, "needs python3 with PyPI's sacn (see NetworkPeerPython)"))
struct NetworkMulticastTests {
    @Test(.timeLimit(.minutes(2)), arguments: ["any", "link", "sync", "link-sync"])
    func multicastE131IsShownByteForByte(listening address: String) throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pixelwheel").path
        let python = try NetworkPeerPython.interpreter.get()
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.file("frames"), withIntermediateDirectories: false)
        let script = RepositoryPaths.root() + "/scripts/test/test-multicast.sh"
        let result = try ChildProcess.run(script, [binary, python, dir.file("frames"), address])
        if result.status == 77 {
            print("NetworkMulticastTests skipped: " + result.output)
            return
        }
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir.file("frames")).sorted()
        let last = try #require(frames.last, "no frames recorded: \(result.output)")
        let shown = try PNGFile.read(path: dir.file("frames") + "/" + last)
        let sent = NetworkStreamEndToEndTests.picture(width: 128, height: 64)
        let differing = zip(shown.bytes, sent).filter { $0 != $1 }.count
        #expect(shown.bytes.count == sent.count)
        #expect(differing == 0, "multicast E1.31 listening on \(address): \(differing) bytes differ; \(result.output)")
    }
}
