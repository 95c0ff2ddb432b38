import Foundation
import PixelImages
import PixelTestSupport
import Testing

/// The sending panels from the real `pixelwheel` binary to an independent receiver on
/// loopback: `sim --no-tty --real-time --panel ddp|e131|artnet:host=127.0.0.1,…` records the
/// frames it sent with `--frames-out`, and scripts/peers/receive-network-stream.py (PyPI's `sacn`
/// receiver for E1.31, `python-led-ddp`'s parser for DDP; Art-Net parsed there from the
/// protocol's description, and received by OLA in `make test-ola`) records
/// what arrived. Every frame received must be one of the frames sent, byte for byte (never a
/// mix; E1.31 aside, see below), and the last one sent must have arrived.
@Suite(.enabled(if: NetworkPeerPython.isAvailable, "needs python3 with PyPI's sacn (see NetworkPeerPython)"))
struct NetworkSendEndToEndTests {
    var binary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pixelwheel").path
    }

    @Test(arguments: ["ddp", "e131", "artnet"])
    func anIndependentReceiverGetsTheFramesSentByteForByte(kind: String) throws {
        if kind == "ddp" && !NetworkPeerPython.hasDDPParser {
            print("the ddp case is skipped: \(NetworkPeerPython.ddpParser)")
            return
        }
        let python = try (kind == "ddp" ? NetworkPeerPython.ddpParser : NetworkPeerPython.interpreter).get()
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.file("frames"), withIntermediateDirectories: false)
        let port = try NetworkStreamEndToEndTests.freePort(tcp: false)
        let receiver = Process()
        receiver.executableURL = URL(fileURLWithPath: python)
        receiver.arguments = [RepositoryPaths.root() + "/scripts/peers/receive-network-stream.py", kind, "\(port)", "24", "16", "4.5",
                              dir.file("received.txt"), "2"]
        try receiver.run()
        // An effect starts at 0.3 s, so many different frames go out.
        try dir.put(Array("0.3 select\n0.5 select\n".utf8), as: "play.script")
        Thread.sleep(forTimeInterval: 1.0)  // the receiver binds before the first frame
        let panel = "\(kind):host=127.0.0.1,port=\(port),width=24,height=16" + (kind == "ddp" ? "" : ",universe=2")
        let result = try ChildProcess.run(binary, ["sim", "--no-tty", "--real-time", "--seconds", "2", "--panel", panel,
                                                   "--script", dir.file("play.script"),
                                                   "--frames-out", dir.file("frames"), "--state", dir.file("state.conf")])
        receiver.waitUntilExit()
        #expect(result.status == 0, "\(result.errors)")
        var sent: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.file("frames")).sorted() {
            sent.append(Self.hex(try PNGFile.read(path: dir.file("frames") + "/" + name).bytes))
        }
        let received = try String(contentsOfFile: dir.file("received.txt"), encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(!received.isEmpty, "nothing arrived: \(result.errors)")
        let sentSet = Set(sent)
        // sacn calls back per universe as its data changes, so the frames the script puts
        // together between two universes of one frame are its own mixes: for E1.31 only the
        // final picture is compared.
        if kind != "e131" { #expect(received.allSatisfy { sentSet.contains($0) }, "a frame arrived that was never sent") }
        #expect(received.last == sent.last, "the last frame sent did not arrive last")
        #expect(Set(received).count > 1 || Set(sent).count == 1)
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        var text = ""
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes { text.append(digits[Int(byte >> 4)]); text.append(digits[Int(byte & 15)]) }
        return text
    }
}
