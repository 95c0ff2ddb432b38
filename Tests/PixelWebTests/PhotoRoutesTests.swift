import Foundation
import PixelCore
import PixelImages
import PixelSystem
import PixelTestSupport
import PixelUI
import PixelWeb
import PixelWebServer
import Testing

/// The page's photo endpoints on a real server on loopback port 0, with a folder of its own:
/// uploads decoded before they are kept, names and sizes bounded, and the credential control needs.
/// Nested in `ConnectionLimitsTests`, so its blocking clients never run beside theirs: on two
/// cores two suites of blocking clients would hold both of the server's concurrency threads.
extension ConnectionLimitsTests {
@Suite struct PhotoRoutesTests {
    let folder: TemporaryDirectory
    init() throws { folder = try TemporaryDirectory() }

    /// A small PNG's bytes.
    static func png(_ width: Int = 20, _ height: Int = 10) throws -> [UInt8] {
        try PNGFile.encode(RGBImage8(width: width, height: height, fill: Color(red: 200, green: 30, blue: 60)))
    }

    private func withServer(password: WebPasswordCheck = .none, _ body: (WebServer, Int) throws -> Void) throws {
        var configuration = WebServer.Configuration(host: "127.0.0.1", port: 0, page: try WebPage(directory: RepositoryPaths.root() + "/web"))
        configuration.photos = PhotoUploads(folder: folder.path)
        configuration.auth = WebAuth(password: password)
        let server = WebServer(configuration: configuration, broadcaster: WebBroadcaster(maximumClients: 4), inputs: WebInputQueue(),
                               clock: ConnectionLimitsTests.StillClock())
        try server.start()
        defer { server.stop(timeoutSeconds: 2) }
        try body(server, try #require(server.port))
    }

    /// One request on its own connection: the status code and the body.
    static func request(_ port: Int, _ method: String, _ path: String, body: [UInt8] = [], headers: [String] = []) -> (Int, String) {
        guard let client = LoopbackClient(port: port) else { return (0, "") }
        defer { client.close() }
        let head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
            + headers.map { $0 + "\r\n" }.joined() + "\r\n"
        guard client.send(Array(head.utf8) + body) else { return (0, "") }
        let answer = String(decoding: client.waitUntilClosed(seconds: 10).received, as: UTF8.self)
        let status = Int(answer.split(separator: " ").dropFirst().first ?? "") ?? 0
        let text = answer.range(of: "\r\n\r\n").map { String(answer[$0.upperBound...]) } ?? ""
        return (status, text)
    }

    @Test func aPictureIsStoredListedServedAndDeleted() throws {
        try withServer { _, port in
            let png = try Self.png()
            #expect(Self.request(port, "POST", "/photos/red%20dot.png", body: png).0 == 201)
            #expect(try FileBytes.read(folder.file("red dot.png")) == png)
            let (status, listing) = Self.request(port, "GET", "/photos.json")
            #expect(status == 200)
            #expect(listing.contains(#"{"name":"red dot.png","size":\#(png.count),"album":null}"#))
            #expect(Self.request(port, "GET", "/photos/red%20dot.png").0 == 200)
            #expect(Self.request(port, "DELETE", "/photos/red%20dot.png").0 == 200)
            #expect(!FileManager.default.fileExists(atPath: folder.file("red dot.png")))
            #expect(Self.request(port, "DELETE", "/photos/red%20dot.png").0 == 404)
        }
    }

    @Test func badNamesAndFilesThatDoNotDecodeAreRefusedAndNothingIsStored() throws {
        try withServer { _, port in
            let png = try Self.png()
            for name in ["..%2Fescape.png", "a%2Fb.png", ".hidden.png", "notes.txt", "%ZZ.png", "x%00.png"] {
                let (status, body) = Self.request(port, "POST", "/photos/" + name, body: png)
                #expect((400..<500).contains(status), "\(name): \(status)")
                #expect(body.hasPrefix(#"{"error":{"message":"#) && !body.dropLast().contains("\n"), "\(name): one line")
            }
            let (status, body) = Self.request(port, "POST", "/photos/broken.png", body: Array(png.prefix(40)))
            #expect(status == 400 && body.contains("broken.png"))
            #expect(try folder.contents().isEmpty, "nothing stored, not even a temporary file")
        }
    }

    @Test func aLargeUploadIsReadAndOneOver8MiBIsRefusedUnread() throws {
        try withServer { server, port in
            // A noisy 1500×1000 PNG: over a megabyte, far over the request bounds of the rest of the page.
            var picture = RGBImage8(width: 1500, height: 1000)
            var random = SeededRandom(seed: 3)
            for y in 0..<1000 { for x in 0..<1500 { picture[x, y] = Color(red: UInt8(truncatingIfNeeded: random.next()), green: 9, blue: UInt8(x & 255)) } }
            let big = try PNGFile.encode(picture)
            #expect(big.count > 1 << 20)
            #expect(Self.request(port, "POST", "/photos/big.png", body: big).0 == 201)
            #expect(FileSystem.size(of: folder.file("big.png")) == big.count)
            let head = Self.request(port, "POST", "/photos/huge.png", headers: ["Content-Length: \(9 << 20)"]).0
            #expect(head == 413 || head == 0, "refused by its length (or cut off)")
            #expect(FileSystem.kind(of: folder.file("huge.png")) == .missing)
            #expect(server.counts.connections >= 0)
        }
    }

    @Test func withAPasswordTheSessionCookieIsNeededAndWithoutOneLoopbackIsEnough() throws {
        try withServer(password: .plain("sesame")) { server, port in
            let png = try Self.png()
            #expect(Self.request(port, "POST", "/photos/a.png", body: png).0 == 401)
            #expect(Self.request(port, "GET", "/photos.json").0 == 401)
            guard case let .success(cookie) = server.configuration.auth.login(password: "sesame", source: "127.0.0.1", at: 0) else {
                Issue.record("no login")
                return
            }
            let session = "Cookie: " + String(cookie.split(separator: ";")[0])
            #expect(Self.request(port, "POST", "/photos/a.png", body: png, headers: [session]).0 == 201)
            #expect(Self.request(port, "DELETE", "/photos/a.png", headers: [session]).0 == 200)
            // A page of another origin is refused even with the cookie.
            #expect(Self.request(port, "POST", "/photos/b.png", body: png, headers: [session, "Origin: http://evil.example"]).0 == 403)
        }
        let png = try Self.png()
        try withServer { _, port in
            #expect(Self.request(port, "POST", "/photos/c.png", body: png).0 == 201, "no password: loopback controls")
        }
    }
}
}
