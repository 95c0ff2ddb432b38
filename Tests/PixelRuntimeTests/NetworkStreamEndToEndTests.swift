import Foundation
import PixelImages
import PixelTestSupport
import Testing

/// Streams into the real `pixelwheel` binary: `sim --no-tty --real-time --network …` on a
/// loopback port the test picked free, a sender in another process, and the frame that
/// `--frames-out` recorded compared byte for byte with the picture sent. E1.31 comes from PyPI's
/// `sacn`; the other protocols' bytes are written from their descriptions by
/// scripts/peers/send-network-stream.py with plain sockets (no PyPI sender for them is used).
@Suite(.enabled(if: NetworkPeerPython.isAvailable, "needs python3 with PyPI's sacn (see NetworkPeerPython)"))
struct NetworkStreamEndToEndTests {
    var binary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pixelwheel").path
    }

    /// The picture scripts/peers/send-network-stream.py sends, RGB row-major.
    static func picture(width: Int, height: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                bytes += [UInt8((x * 37 + 11) % 256), UInt8((y * 53 + 7) % 256), UInt8((x * y * 13 + 5) % 256)]
            }
        }
        return bytes
    }

    /// A UDP or TCP port on 127.0.0.1 that nothing holds now.
    static func freePort(tcp: Bool) throws -> Int {
        let python = try NetworkPeerPython.interpreter.get()
        let kind = tcp ? "SOCK_STREAM" : "SOCK_DGRAM"
        let code = "import socket; s = socket.socket(socket.AF_INET, socket.\(kind)); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"
        let result = try ChildProcess.run(python, ["-c", code])
        return try #require(Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// Whether nothing holds `port` on 127.0.0.1 now (UDP, or TCP).
    static func isFree(_ port: Int, tcp: Bool) throws -> Bool {
        let python = try NetworkPeerPython.interpreter.get()
        let kind = tcp ? "SOCK_STREAM" : "SOCK_DGRAM"
        let code = "import socket; s = socket.socket(socket.AF_INET, socket.\(kind)); s.bind(('127.0.0.1', \(port)))"
        return try ChildProcess.run(python, ["-c", code]).status == 0
    }

    /// Runs the receiver for 3 s while the sender streams `network` for 2 s, and returns the
    /// last recorded frame and the picture sent.
    func stream(_ network: String, width: Int = 24, height: Int = 16, kind: String? = nil,
                sender: (python: String, script: String)? = nil, environment: [String: String] = [:],
                receiving: [String] = []) throws -> (shown: RGBImage8, sent: [UInt8], errors: String) {
        let python = try sender?.python ?? NetworkPeerPython.interpreter.get()
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.file("frames"), withIntermediateDirectories: false)
        try dir.put(Array("brightness = 100\n".utf8), as: "state.conf")
        // OPC listens on TCP and UDP: a port free for both.
        var port = try Self.freePort(tcp: network == "opc")
        for _ in 0..<20 where network == "opc" {
            if try Self.isFree(port, tcp: false) { break }
            port = try Self.freePort(tcp: true)
        }
        let script = RepositoryPaths.root() + "/scripts/peers/" + (sender?.script ?? "send-network-stream.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, kind ?? network, "\(port)", "\(width)", "\(height)", "2"]
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        try process.run()
        let result = try ChildProcess.run(binary, ["sim", "--no-tty", "--real-time", "--seconds", "3", "--size", "\(width)x\(height)",
                                                   "--network", network, "--network-port", "\(network)=\(port)",
                                                   "--frames-out", dir.file("frames"), "--state", dir.file("state.conf")] + receiving)
        process.waitUntilExit()
        #expect(result.status == 0, "\(result.errors)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir.file("frames")).sorted()
        // The stream ends 2 s in and holds the display 2.5 s more: the last frame is the stream's.
        let last = try #require(frames.last, "no frames recorded: \(result.errors)")
        let shown = try PNGFile.read(path: dir.file("frames") + "/" + last)
        return (shown, Self.picture(width: width, height: height), result.errors)
    }

    @Test func anE131StreamFromPyPIsSacnIsShownByteForByte() throws {
        let (shown, sent, errors) = try stream("e131")
        #expect(shown.bytes == sent, "E1.31 from sacn: \(errors)")
    }

    @Test func aDDPStreamIsShownByteForByte() throws {
        let (shown, sent, errors) = try stream("ddp")
        #expect(shown.bytes == sent, "DDP: \(errors)")
    }

    /// E1.31-2018 §6.2.4.1: data naming a sync universe whose sync packets never arrive (here
    /// none is sent) is shown as it comes; before, the panel stayed blank.
    @Test func e131DataNamingASyncUniverseThatNeverSyncsIsShownByteForByte() throws {
        let (shown, sent, errors) = try stream("e131", kind: "e131-sync-never")
        let same = shown.bytes == sent
        #expect(same, "E1.31 naming sync universe 7000, no sync sent: \(errors)")
    }

    /// sacn sending 512-channel universes, one run of channels (pixel 171 begins in universe 1
    /// and ends in 2, as xLights numbers 512-channel universes), into `--universe-size 512`.
    @Test func e131With512ChannelUniversesIsShownByteForByte() throws {
        let (shown, sent, errors) = try stream("e131", width: 32, height: 16, environment: ["PIXELWHEEL_UNIVERSE_SIZE": "512"],
                                               receiving: ["--universe-size", "512"])
        let same = shown.bytes == sent
        #expect(same, "E1.31 in 512-channel universes: \(errors)")
    }

    /// DDP's offset counts bytes: packets of 1400, 1441 or 1442 bytes split the 64×32 frame
    /// (6144 bytes) inside pixels, and every byte must still land on its own channel.
    @Test(arguments: [1400, 1441, 1442])
    func aDDPStreamSplitInsidePixelsIsShownByteForByte(packetBytes: Int) throws {
        let (shown, sent, errors) = try stream("ddp", width: 64, height: 32, environment: ["PIXELWHEEL_DDP_BYTES": "\(packetBytes)"])
        try #require(shown.bytes.count == sent.count, "the recorded frame is 64x32")
        let wrong = (0..<(64 * 32)).filter { shown.bytes[($0 * 3)..<($0 * 3 + 3)] != sent[($0 * 3)..<($0 * 3 + 3)] }.count
        #expect(wrong == 0, "DDP in packets of \(packetBytes) bytes: \(wrong) pixels wrong; \(errors)")
    }

    @Test(arguments: ["wled-udp", "tpm2", "flaschen", "opc"])
    func otherProtocolsAreShownByteForByte(network: String) throws {
        let (shown, sent, errors) = try stream(network, width: 16, height: 8)
        #expect(shown.bytes == sent, "\(network): \(errors)")
    }

    /// LedFx's own packet code (PyPI's `ledfx`) as the sender: DDP as its DDP device sends it,
    /// WLED's four UDP realtime forms from its packet builders, OPC as its device sends it (one
    /// UDP datagram a message).
    @Test(.enabled(if: NetworkPeerPython.hasLedFx, "needs PyPI's ledfx (see NetworkPeerPython)"),
          arguments: [("ddp", "ddp"), ("wled-udp", "warls"), ("wled-udp", "drgb"), ("wled-udp", "drgbw"), ("wled-udp", "dnrgb"), ("opc", "opc")])
    func ledFxsSendersAreShownByteForByte(network: String, kind: String) throws {
        let python = try NetworkPeerPython.ledFx.get()
        let (shown, sent, errors) = try stream(network, width: 16, height: 8, kind: kind, sender: (python, "send-with-ledfx.py"))
        #expect(shown.bytes == sent, "\(kind) from LedFx: \(errors)")
    }

    /// PyPI's `flaschen-taschen-py`, a port of Flaschen-Taschen's own client library, draws the
    /// picture on its canvas and sends it.
    @Test(.enabled(if: NetworkPeerPython.hasFlaschenTaschen, "needs PyPI's flaschen-taschen-py (see NetworkPeerPython)"))
    func theFlaschenTaschenClientLibrarysPictureIsShownByteForByte() throws {
        let python = try NetworkPeerPython.flaschenTaschen.get()
        let (shown, sent, errors) = try stream("flaschen", width: 16, height: 8, sender: (python, "send-with-ft-client.py"))
        #expect(shown.bytes == sent, "Flaschen-Taschen from flaschen-taschen-py: \(errors)")
    }

    /// Fadecandy's Python OPC client (PyPI's `opclib`) sends the picture over TCP, as Fadecandy's
    /// examples and many pixel scripts do.
    @Test(.enabled(if: NetworkPeerPython.hasOpenPixelControl, "needs PyPI's opclib (see NetworkPeerPython)"))
    func fadecandysOPCClientOverTCPIsShownByteForByte() throws {
        let python = try NetworkPeerPython.openPixelControl.get()
        let (shown, sent, errors) = try stream("opc", width: 16, height: 8, sender: (python, "send-with-opc-client.py"))
        #expect(shown.bytes == sent, "OPC over TCP from opclib: \(errors)")
    }

    /// 48×32 makes a 4612-byte datagram, past the 2048 bytes other protocols' datagrams get.
    @Test func opcMessagesInUDPDatagramsAreShownByteForByte() throws {
        let (shown, sent, errors) = try stream("opc", width: 48, height: 32, kind: "opc-udp")
        #expect(shown.bytes == sent, "OPC over UDP: \(errors)")
    }
}
