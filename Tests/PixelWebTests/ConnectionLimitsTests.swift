import PixelCore
import PixelTestSupport
import PixelWeb
import PixelWebServer
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bounds of `ConnectionLimits` against a real server on loopback port 0: each abuse is
/// cut off, and the server then still answers an ordinary request. Every client is bounded in
/// count and in time (sockets time out after `LoopbackClient.timeoutSeconds`).
@Suite(.serialized)
struct ConnectionLimitsTests {
    /// The server's clock: still unless a test moves it.
    final class StillClock: Clock, Sendable {
        private let nanoseconds = Atomic<Int64>(0)
        func now() -> Int64 { nanoseconds.load(ordering: .relaxed) }
        func sleep(until deadline: Int64) {}
        var isVirtual: Bool { true }
        func advance(seconds: Int64) { nanoseconds.add(seconds * 1_000_000_000, ordering: .relaxed) }
    }

    private func withServer(_ limits: ConnectionLimits = ConnectionLimits(), clock: StillClock = StillClock(),
                            _ body: (WebServer, Int) throws -> Void) throws {
        var configuration = WebServer.Configuration(host: "127.0.0.1", port: 0, page: try WebPage(directory: RepositoryPaths.root() + "/web"))
        configuration.limits = limits
        let server = WebServer(configuration: configuration, broadcaster: WebBroadcaster(maximumClients: 4), inputs: WebInputQueue(), clock: clock)
        try server.start()
        defer { server.stop(timeoutSeconds: 2) }
        let port = try #require(server.port)
        try body(server, port)
    }

    private func head(_ port: Int) -> String { "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n" }

    /// Whether an ordinary request is answered 200 (tried for a few seconds, as the server
    /// forgets closed connections at its next sweep).
    private func servesAPage(_ port: Int) -> Bool {
        for _ in 0..<50 {
            if LoopbackClient.get(port: port, path: "/").hasPrefix("HTTP/1.1 200") { return true }
            usleep(100_000)
        }
        return false
    }

    /// Sends what `request` makes for the server's port on one connection, and checks that the
    /// connection is cut off (and counted so) and that the server then serves the page.
    private func expectCutOff(_ request: (Int) -> String) throws {
        try withServer { server, port in
            let client = try #require(LoopbackClient(port: port))
            defer { client.close() }
            _ = client.send(Array(request(port).utf8))  // may fail part-way: cut off
            let outcome = client.waitUntilClosed()
            #expect(outcome.closed)
            #expect(!outcome.received.starts(with: Array("HTTP/1.1 200".utf8)))
            #expect(server.counts.connectionsCut == 1)
            #expect(servesAPage(port))
        }
    }

    @Test func aHeaderLineOfOneMebibyteIsCutOffAndTheServerStillServes() throws {
        let line = "X-Long: " + String(repeating: "a", count: 1 << 20) + "\r\n\r\n"
        try expectCutOff { head($0) + line }
    }

    @Test func tenThousandHeaderLinesAreCutOffAndTheServerStillServes() throws {
        var lines = ""
        for index in 0..<10_000 { lines += "X-Line-\(index): a\r\n" }
        try expectCutOff { head($0) + lines + "\r\n" }
    }

    @Test func aBodyLongerThanTheBoundIsNeverReadOnAnyRoute() throws {
        // A GET of the page announcing 100 MB it never sends: refused by its length at once.
        try expectCutOff { head($0) + "Content-Length: 100000000\r\n\r\n" }
    }

    @Test func aChunkedBodyIsRefusedForItsLengthIsUnknown() throws {
        try expectCutOff { head($0) + "Transfer-Encoding: chunked\r\n\r\n10\r\n" }
    }

    @Test func aWebSocketFrameAnnouncingFourGigabytesIsClosedWith1009() throws {
        try withServer { server, port in
            let client = try #require(LoopbackClient(port: port))
            defer { client.close() }
            let upgrade = "GET /page/ws HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n"
                + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                + "Sec-WebSocket-Version: 13\r\n\r\n"
            #expect(client.send(Array(upgrade.utf8)))
            let answer = client.receiveHead()
            #expect(answer.hasPrefix("HTTP/1.1 101"))
            // A masked binary frame of 2^32 bytes; 1 MiB of its payload follows, at most.
            let header: [UInt8] = [0x82, 0xFF, 0, 0, 0, 1, 0, 0, 0, 0, 1, 2, 3, 4]
            _ = client.send(header)
            let chunk = [UInt8](repeating: 0x55, count: 64 * 1024)
            for _ in 0..<16 where client.send(chunk) {}
            let outcome = client.waitUntilClosed()
            #expect(outcome.closed)
            #expect(LoopbackClient.closeCodes(in: outcome.received) == [1009])
            #expect(server.counts.connectionsCut == 1)
            #expect(servesAPage(port))
        }
    }

    @Test func aClientTricklingItsHeadIsDroppedOnceTheServersClockPassesTheBound() throws {
        let clock = StillClock()
        try withServer(clock: clock) { server, port in
            let client = try #require(LoopbackClient(port: port))
            defer { client.close() }
            #expect(client.send(Array("GET / HTTP/1.1\r\nHost: 127.0".utf8)))
            // Real time passing is not the server's time: the trickler is kept while its clock stands.
            #expect(!client.waitUntilClosed(seconds: 0.5).closed)
            #expect(client.isClosedAsTheClockAdvances(clock) { _ = client.send(Array(".".utf8)) })
            #expect(server.counts.connectionsCut == 1)
            #expect(servesAPage(port))
        }
    }

    @Test func anIdleKeepAliveIsClosedQuietlyAfterSixtySecondsNotTen() throws {
        let clock = StillClock()
        try withServer(clock: clock) { server, port in
            let client = try #require(LoopbackClient(port: port))
            defer { client.close() }
            #expect(LoopbackClient.get(port: port, path: "/").hasPrefix("HTTP/1.1 200"))
            // Past the 10 s a request may take, but not the 60 s a keep-alive may idle.
            clock.advance(seconds: 11)
            #expect(!client.waitUntilClosed(seconds: 0.3).closed)
            #expect(client.isClosedAsTheClockAdvances(clock) {})
            #expect(server.counts.connectionsCut == 0)
            #expect(servesAPage(port))
        }
    }

    @Test func connectionsBeyondTheBoundAreCut() throws {
        var limits = ConnectionLimits()
        limits.connections = 8
        try withServer(limits) { server, port in
            var clients: [LoopbackClient] = []
            defer { for client in clients { client.close() } }
            for _ in 0..<24 { clients.append(try #require(LoopbackClient(port: port))) }
            for _ in 0..<200 where server.counts.connectionsCut < 16 { usleep(100_000) }
            let closed = clients.filter { $0.waitUntilClosed(seconds: 0.3).closed }
            #expect(closed.count == 16)
            #expect(server.counts.connectionsCut == 16)
            for client in clients { client.close() }
            #expect(servesAPage(port))
        }
    }
}

/// A blocking TCP client on loopback whose every wait times out.
final class LoopbackClient {
    static let timeoutSeconds = 20.0
    private var fd: Int32

    /// Connected to 127.0.0.1:`port`, or nil.
    init?(port: Int) {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            Glibc.close(fd)
            return nil
        }
        setTimeout(Self.timeoutSeconds, SO_SNDTIMEO)
        setTimeout(Self.timeoutSeconds, SO_RCVTIMEO)
    }

    private func setTimeout(_ seconds: Double, _ option: Int32) {
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
        _ = setsockopt(fd, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends all of `bytes`; false when the connection failed (or a send timed out).
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Reads until the server closes or resets the connection, or `seconds` pass: what came,
    /// and whether it closed.
    func waitUntilClosed(seconds: Double = timeoutSeconds) -> (received: [UInt8], closed: Bool) {
        setTimeout(seconds, SO_RCVTIMEO)
        defer { setTimeout(Self.timeoutSeconds, SO_RCVTIMEO) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while received.count < 1 << 24 {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { return (received, true) }
            if count < 0 { return (received, errno != EAGAIN && errno != EWOULDBLOCK) }
            received += buffer[..<count]
        }
        return (received, false)
    }

    /// Whether the server closes the connection while `clock` moves on 11 s at a time (past
    /// `ConnectionLimits.headSeconds` at once, and `idleSeconds` after six steps), `nudge`
    /// running after each step; tried 50 times.
    func isClosedAsTheClockAdvances(_ clock: ConnectionLimitsTests.StillClock, nudge: () -> Void) -> Bool {
        for _ in 0..<50 {
            clock.advance(seconds: 11)
            nudge()
            if waitUntilClosed(seconds: 0.2).closed { return true }
        }
        return false
    }

    /// The answer's head, read byte by byte up to its blank line.
    func receiveHead() -> String {
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while head.count < 4096, !head.reversed().starts(with: Array("\n\r\n\r".utf8)) {
            guard recv(fd, &byte, 1, 0) == 1 else { break }
            head.append(byte)
        }
        return String(decoding: head, as: UTF8.self)
    }

    func close() {
        guard fd >= 0 else { return }
        Glibc.close(fd)
        fd = -1
    }

    deinit { close() }

    /// An ordinary request for `path`, answered: the status line, or "" when there was none.
    static func get(port: Int, path: String) -> String {
        guard let client = LoopbackClient(port: port) else { return "" }
        defer { client.close() }
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
        guard client.send(Array(request.utf8)) else { return "" }
        let answer = client.waitUntilClosed(seconds: 5).received
        return String(decoding: answer.prefix { $0 != 13 }, as: UTF8.self)
    }

    /// The codes of the close frames among a server's (unmasked) WebSocket frames.
    static func closeCodes(in bytes: [UInt8]) -> [Int] {
        var codes: [Int] = [], offset = 0
        while offset + 2 <= bytes.count {
            let opcode = bytes[offset] & 0x0F
            var length = Int(bytes[offset + 1] & 0x7F), start = offset + 2
            if length == 126, start + 2 <= bytes.count {
                length = Int(bytes[start]) << 8 | Int(bytes[start + 1])
                start += 2
            } else if length == 127 {
                return codes  // the server sends nothing this long
            }
            guard start + length <= bytes.count else { break }
            if opcode == 8, length >= 2 { codes.append(Int(bytes[start]) << 8 | Int(bytes[start + 1])) }
            offset = start + length
        }
        return codes
    }
}
