#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import PixelConfig
import PixelCore
import PixelEffects
import PixelImages
import PixelUI
import PixelTestSupport
import PixelRuntime
@testable import PixelWeb

/// The web simulator's parts that need no server: the message format, the limits, the Origin
/// rule, the page's file list, the input source and the broadcaster.
struct WebSimulatorTests {
    // MARK: Messages

    @Test func everyMessageRoundTripsThroughItsBytes() {
        let messages: [WebClientMessage] = [
            .dragSample(.degrees(0)), .dragSample(Angle(raw: 65535)), .dragEnd, .rotate(1), .rotate(-1), .rotate(-128), .recordToggle,
        ] + WebClientMessage.buttons.flatMap { [.buttonDown($0), .buttonUp($0)] }
        for message in messages {
            #expect(WebClientMessage.parse(message.bytes) == .success(message), "\(message)")
        }
        #expect(WebClientMessage.parse([1, 0x40, 0x00]) == .success(.dragSample(.quarterTurn)))
    }

    @Test func malformedMessagesAreNamedNotGuessed() {
        #expect(WebClientMessage.parse([]) == .failure(.empty))
        #expect(WebClientMessage.parse([0]) == .failure(.unknownKind(0)))
        #expect(WebClientMessage.parse([7]) == .failure(.unknownKind(7)))
        #expect(WebClientMessage.parse([1, 2]) == .failure(.wrongLength(kind: 1, expected: 3, got: 2)))
        #expect(WebClientMessage.parse([2, 0]) == .failure(.wrongLength(kind: 2, expected: 1, got: 2)))
        #expect(WebClientMessage.parse([3, 5]) == .failure(.unknownButton(5)))
        #expect(WebClientMessage.parse([4, 255]) == .failure(.unknownButton(255)))
        #expect(WebClientMessage.parse(Array("{\"t\":1}".utf8)) == .failure(.unknownKind(UInt8(ascii: "{"))))
    }

    // MARK: Limits

    @Test func theRateIsBoundedAndBadMessagesCloseTheConnection() {
        var limits = WebClientGuard(messagesPerSecond: 10, strikesToClose: 3, strikeWindow: 1_000_000_000)
        let second: Int64 = 1_000_000_000
        for _ in 0..<10 { #expect(limits.admit(at: 5 * second) == .accept) }
        #expect(limits.admit(at: 5 * second) == .ignore)  // the eleventh in the same instant
        #expect(limits.admit(at: 5 * second + second / 10) == .accept)  // a tenth of a second buys one
        #expect(limits.strike(at: 5 * second + second / 5) == .ignore)
        #expect(limits.strike(at: 5 * second + second / 4) == .close)
        #expect(limits.badMessages == 3)

        // Strikes spread wider than the window never close.
        var patient = WebClientGuard(messagesPerSecond: 10, strikesToClose: 3, strikeWindow: second)
        for k in 0..<20 { #expect(patient.strike(at: Int64(k) * second) == .ignore) }
    }

    // MARK: Origin

    @Test func onlyThisPageOnALoopbackNameMayOpenTheSocket() {
        let policy = WebOriginPolicy(listenHost: "127.0.0.1", port: 8080)
        #expect(policy.refusal(host: "127.0.0.1:8080", origin: "http://127.0.0.1:8080") == nil)
        #expect(policy.refusal(host: "localhost:8080", origin: "http://localhost:8080") == nil)
        #expect(policy.refusal(host: "[::1]:8080", origin: "http://[::1]:8080") == nil)
        #expect(policy.refusal(host: "127.0.0.1:8080", origin: "http://evil.example") != nil)
        #expect(policy.refusal(host: "127.0.0.1:8080", origin: "http://127.0.0.1:9090") != nil)
        #expect(policy.refusal(host: "127.0.0.1:8080", origin: "null") != nil)
        #expect(policy.refusal(host: "127.0.0.1:8080", origin: nil) != nil)
        #expect(policy.refusal(host: nil, origin: "http://127.0.0.1:8080") != nil)
        // DNS rebinding: a name of the attacker's that resolves to 127.0.0.1 matches its own Origin.
        #expect(policy.refusal(host: "rebind.example:8080", origin: "http://rebind.example:8080") != nil)
        #expect(policy.refusal(host: "127.0.0.1:8081", origin: "http://127.0.0.1:8081") != nil)
        #expect(policy.refusal(host: "127.0.0.1:8080@evil", origin: "http://127.0.0.1:8080@evil") != nil)
        // A name that merely starts like a loopback address resolves wherever its owner likes.
        for name in ["127.0.0.1.rebind.example", "127.evil.example", "127.0.0.1.", "127.0.0.256", "127.0.0", "localhost.example"] {
            #expect(policy.refusal(host: name + ":8080", origin: "http://" + name + ":8080") != nil, "\(name)")
            #expect(!WebOriginPolicy.isLoopback(name), "\(name)")
        }
        #expect(WebOriginPolicy.isLoopback("127.1.2.3") && WebOriginPolicy.isLoopback("LOCALHOST"))
        // The page and recordings follow the Host half alone.
        #expect(policy.hostRefusal("127.0.0.1:8080") == nil && policy.hostRefusal("evil.example:8080") != nil)

        // Beyond loopback: addresses, and the names it was told it is reached by (a rebound
        // name is refused there too).
        let open = WebOriginPolicy(listenHost: "0.0.0.0", port: 80, names: ["pi.local"])
        #expect(open.refusal(host: "pi.local", origin: "http://pi.local") == nil)
        #expect(open.refusal(host: "192.168.1.20", origin: "http://192.168.1.20") == nil)
        #expect(open.refusal(host: "pi.local", origin: "http://other.local") != nil)
        #expect(open.refusal(host: "rebind.example", origin: "http://rebind.example") != nil)
    }

    @Test func listenAddressesAreParsedOrRefusedWithTheFormExpected() throws {
        #expect(try WebListenAddress(parsing: "127.0.0.1:8080") == .standard)
        #expect(try WebListenAddress(parsing: ":9000") == WebListenAddress(host: "127.0.0.1", port: 9000))
        #expect(try WebListenAddress(parsing: "[::1]:0") == WebListenAddress(host: "::1", port: 0))
        #expect(try !WebListenAddress(parsing: "0.0.0.0:80").isLoopback)
        #expect(try WebListenAddress(parsing: "localhost:1").isLoopback)
        for bad in ["8080", "127.0.0.1", "127.0.0.1:", "127.0.0.1:65536", "127.0.0.1:-1", "a b:80", "::1:80", "[::1]80", "127.0.0.1:80x"] {
            #expect(throws: NetworkSetupProblem.self, "\(bad)") { try WebListenAddress(parsing: bad) }
        }
        #expect(WebListenAddress(host: "0.0.0.0", port: 8080).url(port: 8080) == "http://127.0.0.1:8080/")
        #expect(WebListenAddress(host: "::1", port: 0).url(port: 4000) == "http://[::1]:4000/")
    }

    // MARK: The page

    @Test func nothingOutsideThePageListCanBeServed() throws {
        let page = try WebPage(directory: RepositoryPaths.root() + "/web")
        #expect(page.file(forPath: "/")?.contentType == "text/html; charset=utf-8")
        #expect(page.file(forPath: "/pixelwheel.js")?.contentType == "text/javascript; charset=utf-8")
        #expect(page.file(forPath: "/pixelwheel.css") != nil)
        for path in ["/../Package.swift", "/..%2fPackage.swift", "/%2e%2e/Package.swift", "//etc/passwd", "/etc/passwd", "index.html",
                     "/index.html/", "/web/index.html", "/./index.html", "/INDEX.HTML", "/index.html%00.png", ""] {
            #expect(page.file(forPath: path) == nil, "\(path)")
        }
    }

    @Test func aMissingPageFileIsNamedWithTheFix() {
        #expect {
            try WebPage(directory: "/nonexistent/web")
        } throws: { error in
            "\(error)".contains("/nonexistent/web/index.html") && "\(error)".contains("name a folder with every file")
        }
    }

    // MARK: Input

    private func source(_ queue: WebInputQueue, clock: @escaping () -> Int64 = { 0 }) -> WebInputSource {
        WebInputSource(queue: queue, now: clock)
    }

    private func drag(_ queue: WebInputQueue, client: Int, degrees: [Int]) {
        for degree in degrees { queue.post(client: client, .dragSample(.degrees(degree)), arrived: 0) }
    }

    @Test func aDragOfNTimes20DegreesMovesNRowsEitherWay() {
        for rows in 1...5 {
            let queue = WebInputQueue(), input = source(queue)
            drag(queue, client: 1, degrees: Array(stride(from: 0, through: 20 * rows, by: 5)))
            let events = input.events(upTo: .seconds(1))
            #expect(events.map(\.action).reduce(0) { sum, action in if case let .rotate(n) = action { sum + n } else { sum } } == rows)
            #expect(events.allSatisfy { $0.time == .seconds(1) })

            drag(queue, client: 1, degrees: Array(stride(from: 20 * rows, through: 0, by: -5)))
            let back = input.events(upTo: .seconds(2))
            #expect(back.map(\.action).reduce(0) { sum, action in if case let .rotate(n) = action { sum + n } else { sum } } == -rows)
        }
    }

    @Test func eachBrowserHasItsOwnWheelAndJumpsAreIgnored() {
        let queue = WebInputQueue(), input = source(queue)
        // Two browsers drag at once, interleaved: each 40°, so 2 + 2 rows, not a zig-zag.
        for step in 0...8 {
            queue.post(client: 1, .dragSample(.degrees(step * 5)), arrived: 0)
            queue.post(client: 2, .dragSample(.degrees(180 + step * 5)), arrived: 0)
        }
        #expect(input.events(upTo: .seconds(1)).map(\.action) == [.rotate(1), .rotate(1), .rotate(1), .rotate(1)])
        // A jump of 20° or more between samples is a finger put down elsewhere.
        drag(queue, client: 1, degrees: [40, 100, 160])
        #expect(input.events(upTo: .seconds(2)).isEmpty)
        drag(queue, client: 1, degrees: [165, 180])  // from 160°, 20° of travel
        #expect(input.events(upTo: .seconds(3)).map(\.action) == [.rotate(1)])
        // Lifting the finger forgets the part-step travel.
        drag(queue, client: 1, degrees: [0, 15])
        queue.post(client: 1, .dragEnd, arrived: 0)
        drag(queue, client: 1, degrees: [100, 105])
        #expect(input.events(upTo: .seconds(4)).isEmpty)
        drag(queue, client: 1, degrees: [120])
        #expect(input.events(upTo: .seconds(5)).map(\.action) == [.rotate(1)])
    }

    @Test func theQueueIsTakenOncePerFrameSoBusyBrowsersCannotStallTheLoop() {
        let queue = WebInputQueue(), input = source(queue)
        queue.post(client: 1, .rotate(1), arrived: 0)
        #expect(input.events(upTo: .seconds(1)).map(\.action) == [.rotate(1)])
        queue.post(client: 1, .rotate(1), arrived: 0)  // arrives while the frame renders
        #expect(input.events(upTo: .seconds(1)).isEmpty)  // the loop latches late: not this frame
        #expect(input.events(upTo: .seconds(2)).map(\.action) == [.rotate(1)])  // the next one
    }

    @Test func buttonsClickOnReleaseAndHoldsBecomeLongPresses() {
        var now: Int64 = 0
        let queue = WebInputQueue(), input = source(queue, clock: { now })
        queue.post(client: 1, .buttonDown(.menu), arrived: 0)
        queue.post(client: 1, .buttonUp(.menu), arrived: 100_000_000)
        now = 100_000_000
        #expect(input.events(upTo: .seconds(3)).map(\.action) == [.menu])

        queue.post(client: 1, .buttonDown(.select), arrived: 1_000_000_000)
        now = 1_500_000_000
        #expect(input.events(upTo: .seconds(4)).isEmpty)
        now = 1_600_000_000
        #expect(input.events(upTo: .seconds(5)).map(\.action) == [.longPress(.select)])
        // The browser goes away while holding: the hold is let go.
        queue.post(client: 1, nil, arrived: 1_700_000_000)
        now = 1_700_000_000
        #expect(input.events(upTo: .seconds(6)).map(\.action) == [.release(.select)])

        queue.post(client: 2, .rotate(1), arrived: 0)
        queue.post(client: 2, .rotate(-1), arrived: 0)
        #expect(input.events(upTo: .seconds(7)).map(\.action) == [.rotate(1), .rotate(-1)])
        #expect(!input.quitRequested)
    }

    @Test func theQueueIsBounded() {
        let queue = WebInputQueue(capacity: 3)
        for _ in 0..<5 { queue.post(client: 1, .rotate(1), arrived: 0) }
        #expect(queue.post(client: 1, nil, arrived: 0))  // a departure is always taken
        #expect(queue.takeAll().count == 4)
        #expect(queue.dropped == 2)
    }

    // MARK: Broadcasting

    @Test func aSlowBrowserGetsTheNewestFrameAndTheOthersAreNotHeldUp() {
        let broadcaster = WebBroadcaster(maximumClients: 2)
        let fast = broadcaster.connect()!, slow = broadcaster.connect()!
        #expect(broadcaster.connect() == nil)
        for k in 1...5 {
            broadcaster.publish(frame: [UInt8(k)])
            #expect(broadcaster.take(fast.id).frame == [UInt8(k)])
        }
        #expect(broadcaster.take(slow.id).frame == [5])
        #expect(broadcaster.totals == .init(framesSent: 6, framesDropped: 4))
        broadcaster.disconnect(slow.id)
        #expect(broadcaster.clientCount == 1)
        #expect(broadcaster.connect() != nil)
    }

    @Test func aNewBrowserIsSentTheNewestStatusAndFrameAndTextsAreBounded() {
        let broadcaster = WebBroadcaster(maximumClients: 4)
        broadcaster.publish(frame: [9])
        broadcaster.send(text: "status-1", isStatus: true)
        let client = broadcaster.connect()!
        let first = broadcaster.take(client.id)
        #expect(first.frame == [9] && first.texts == ["status-1"])
        for k in 0..<40 { broadcaster.send(text: "t\(k)", to: client.id) }
        #expect(broadcaster.take(client.id).texts == (24..<40).map { "t\($0)" })
        broadcaster.finish()
        #expect(broadcaster.connect() == nil)
    }

    @Test func framesAreSentWhenThePictureOrTheClicksChangeWithTheHeaderThePageReads() throws {
        let broadcaster = WebBroadcaster(maximumClients: 2)
        let client = broadcaster.connect()!
        var clicks = 0, clock: Int64 = 0
        let output = WebFrameOutput(broadcaster: broadcaster, panelText: "8x2", fps: 30, clicks: { clicks }, theme: { .light },
                                    now: { clock })
        var frame = Frame(width: 8, height: 2)
        frame[3, 1] = LinearColor(red: 65535, green: 0, blue: 0)
        func status(_ n: Int) -> FrameStatus {
            FrameStatus(tick: FrameTick(index: Int64(n), timestamp: .zero, targetTimestamp: .zero, duration: .zero, missedFrames: 0),
                        frames: n, missedFrames: 0)
        }
        try output.show(frame, status: status(1))
        let sent = broadcaster.take(client.id)
        let bytes = try #require(sent.frame)
        #expect(Array(bytes[0..<14]) == [0x46, 1, 0, 8, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0])
        #expect(bytes.count == 14 + 8 * 2 * 3)
        #expect(Array(bytes[(14 + (8 + 3) * 3)...].prefix(3)) == [255, 0, 0])
        #expect(sent.texts.count == 1 && sent.texts[0].contains("\"theme\":\"light\"") && sent.texts[0].contains("\"panel\":\"8x2\""))

        clock = 100_000_000
        try output.show(frame, status: status(2))
        #expect(broadcaster.take(client.id).frame == nil)  // same picture, same clicks: nothing
        clicks = 1
        try output.show(frame, status: status(3))
        #expect(broadcaster.take(client.id).frame.map { Array($0[10..<14]) } == [0, 0, 0, 1])
        #expect(output.published == 2)
    }

    @Test func recordPressedTwiceMakesAGIFForThatBrowser() throws {
        let broadcaster = WebBroadcaster(maximumClients: 2)
        let client = broadcaster.connect()!
        let output = WebFrameOutput(broadcaster: broadcaster, panelText: "8x8", fps: 60, clicks: { 0 }, theme: { .dark }, now: { 0 })
        broadcaster.requestRecordToggle(from: client.id)
        for n in 1...10 {
            var frame = Frame(width: 8, height: 8)
            frame[n % 8, 0] = LinearColor(red: 0, green: 65535, blue: 0)
            try output.show(frame, status: FrameStatus(tick: FrameTick(index: Int64(n), timestamp: .zero, targetTimestamp: .zero,
                                                                     duration: .zero, missedFrames: 0), frames: n, missedFrames: 0))
            if n == 1 { #expect(broadcaster.take(client.id).texts.last?.contains("\"recording\":true") == true) }
        }
        broadcaster.requestRecordToggle(from: client.id)
        try output.show(Frame(width: 8, height: 8), status: FrameStatus(tick: FrameTick(index: 11, timestamp: .zero,
            targetTimestamp: .zero, duration: .zero, missedFrames: 0), frames: 11, missedFrames: 0))
        let texts = broadcaster.take(client.id).texts
        #expect(texts.contains("{\"type\":\"recorded\",\"url\":\"/recordings/1.gif\",\"name\":\"pixelwheel-1.gif\"}"))
        let gif = try GIFFile.decode(try #require(broadcaster.recording(1)))
        // 60 fps is recorded at 30 (every other frame), each 3 or 4 centiseconds.
        #expect(gif.frames.count == 5)
        #expect(gif.delaysCentiseconds.allSatisfy { $0 == 3 || $0 == 4 })
        #expect(gif.width == 8 * GIFRecorder.fittedScale(for: Frame(width: 8, height: 8)))
    }

    @Test func aPictureThatStaysIsOneGIFFrameThatLasts() throws {
        let recorder = GIFRecorder.webRecording(fps: 30)
        var lit = Frame(width: 4, height: 4)
        lit[1, 1] = LinearColor(red: 65535, green: 65535, blue: 65535)
        for _ in 0..<30 { try recorder.append(Frame(width: 4, height: 4)) }  // one second dark
        for _ in 0..<15 { try recorder.append(lit) }  // half a second lit
        let gif = try GIFFile.decode(try #require(try recorder.finish()))
        #expect(gif.frames.count == 2)
        #expect(gif.delaysCentiseconds == [100, 50])
    }

    @Test func statusTextIsValidJSONForAnyPanelText() {
        #expect(JSONValue.string("a\"b\\c\n\u{1}é").text == "\"a\\\"b\\\\c\\n\\u0001é\"")
        #expect(JSONValue.object([("a", .decimal(15, places: 1)), ("b", .bool(false))]).text == "{\"a\":1.5,\"b\":false}")
        #expect(Fixed(2997, over: 100).tenthsText == "30.0")
        #expect(Fixed(599, over: 20).tenthsText == "29.9")
    }
}

/// `pixelwheel web` run as a user would, on loopback only.
struct WebCommandTests {
    var binary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pixelwheel").path
    }

    /// A TCP socket listening on 127.0.0.1 at a port the system chose, as another program holds it.
    final class HeldPort {
        let descriptor: Int32
        let port: Int

        init() throws {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            descriptor = fd
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sockaddrPointer in
                    bind(fd, sockaddrPointer, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, sockaddrPointer, &length) == 0
                }
            }
            try #require(fd >= 0 && bound, "cannot bind a loopback port (errno \(errno))")
            port = Int(UInt16(bigEndian: address.sin_port))
        }

        deinit { close(descriptor) }
    }

    @Test func aPortInUseIsOneLineNamingThePortAndTheFix() throws {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build pixelwheel first")
        let held = try HeldPort()
        let folder = try TemporaryDirectory()
        let run = try ChildProcess.run(binary, ["web", "--listen", "127.0.0.1:\(held.port)", "--seconds", "1", "--state", folder.file("state.conf")])
        #expect(run.status != 0)
        let lines = run.errors.split(separator: "\n")
        #expect(lines.count == 1, "\(run.errors)")
        #expect(run.errors.contains("127.0.0.1:\(held.port) is already in use (another pixelwheel web? stop it); listen on 127.0.0.1:\(held.port + 1) instead (--listen)"),
                "\(run.errors)")
        #expect(!run.errors.contains("errno") && !run.errors.contains("bind("), "no raw system error")
    }
}
