import Synchronization
import Testing
import PixelNetwork
import PixelSystem
@testable import PixelWeb

/// Who may do what on the page and the API: logins, their cookie, sessions, the rate limit of
/// failures and the host names accepted.
struct WebAuthTests {
    static let second: Int64 = 1_000_000_000

    /// An authority with `password` whose tokens count up and whose reports are collected.
    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
    }

    struct Harness {
        let reports = Lines()
        let auth: WebAuth
        init(_ password: WebPasswordCheck, view: Bool = false, allow: [String] = []) throws {
            let counter = Mutex<UInt8>(0)
            let ranges = try APIAllowList(parsing: allow)
            auth = WebAuth(password: password, viewWithoutPassword: view, apiAllow: ranges,
                           random: { count in counter.withLock { $0 &+= 1; return [UInt8](repeating: $0, count: count) } },
                           report: { [reports] line in reports.append(line) })
        }
    }

    func token(_ result: WebAuth.LoginResult) -> String? {
        guard case let .success(cookie) = result else { return nil }
        return WebAuth.sessionToken(inCookieHeader: String(cookie.split(separator: ";")[0]))
    }

    /// A body that is not UTF-8 gives no password (the route answers 400 before any comparison),
    /// where the fuzzer once read twelve 0xFF bytes as twelve three-byte replacement characters.
    @Test func aLoginBodyThatIsNotUTF8GivesNoPassword() {
        let json = Array(#"{"password":""#.utf8) + [UInt8](repeating: 0xFF, count: 12) + Array(#"fuzz"}"#.utf8)
        #expect(LoginBody.password(in: json, isJSON: true) == nil)
        #expect(LoginBody.password(in: Array("password=".utf8) + [0xC3], isJSON: false) == nil)
        #expect(LoginBody.password(in: Array(#"{"password":"grüß"}"#.utf8), isJSON: true) == "grüß")
        #expect(LoginBody.password(in: Array("password=gr%C3%BC%C3%9F".utf8), isJSON: false) == "grüß")
    }

    @Test func theCookieIsHttpOnlyStrictAndForEveryPath() throws {
        let harness = try Harness(.plain("pw"))
        let result = harness.auth.login(password: "pw", source: "192.168.1.5", at: 0)
        guard case let .success(cookie) = result else { Issue.record("no login: \(result)"); return }
        let attributes = cookie.split(separator: ";").map { String($0.drop(while: { $0 == " " })) }
        #expect(attributes.first?.hasPrefix("pixelwheel_session=") == true)
        #expect(attributes.contains("HttpOnly"))
        #expect(attributes.contains("SameSite=Strict"))
        #expect(attributes.contains("Path=/"))
        #expect(attributes.contains("Max-Age=604800"))
        #expect(WebAuth.clearCookie.contains("Max-Age=0"))
    }

    @Test func aSessionControlsUntilItExpiresOrLogsOut() throws {
        let harness = try Harness(.plain("pw"))
        let auth = harness.auth
        let session = try #require(token(auth.login(password: "pw", source: "10.0.0.2", at: 0)))
        #expect(session.count == 64)
        let cookie = "other=1; pixelwheel_session=\(session)"
        #expect(auth.access(source: "10.0.0.9", cookie: cookie, forAPI: false, at: 5 * Self.second) == .control)
        #expect(auth.access(source: "10.0.0.9", cookie: cookie, forAPI: true, at: 5 * Self.second) == .control)
        #expect(auth.access(source: "10.0.0.9", cookie: cookie, forAPI: false, at: WebLoginSessions.lifetime) == .none)
        #expect(auth.access(source: "10.0.0.9", cookie: "pixelwheel_session=" + String(repeating: "0", count: 64), forAPI: false, at: 0) == .none)
        auth.logout(cookie: cookie)
        #expect(auth.access(source: "10.0.0.9", cookie: cookie, forAPI: false, at: 0) == .none)
    }

    @Test func sessionsAreBoundedAndTheOldestGoesFirst() {
        var sessions = WebLoginSessions()
        var tokens: [String] = []
        for number in 0..<(WebLoginSessions.maximumCount + 1) {
            tokens.append(sessions.open(random: [UInt8(number), 1, 2, 3], at: Int64(number)))
        }
        #expect(sessions.count(at: 100) == WebLoginSessions.maximumCount)
        #expect(!sessions.isValid(tokens[0], at: 100))
        #expect(sessions.isValid(tokens[1], at: 100))
        #expect(sessions.isValid(tokens.last!, at: 100))
    }

    @Test func withAPasswordLoopbackIsNotTrustedButTheAllowListIsForTheAPI() throws {
        let auth = try Harness(.plain("pw"), allow: ["192.168.1.10/32"]).auth
        #expect(auth.access(source: "127.0.0.1", cookie: nil, forAPI: false, at: 0) == .none)
        #expect(auth.access(source: "127.0.0.1", cookie: nil, forAPI: true, at: 0) == .none)
        #expect(auth.access(source: "192.168.1.10", cookie: nil, forAPI: true, at: 0) == .control)
        #expect(auth.access(source: "::ffff:192.168.1.10", cookie: nil, forAPI: true, at: 0) == .control)
        #expect(auth.access(source: "192.168.1.10", cookie: nil, forAPI: false, at: 0) == .none)
    }

    @Test func viewingWithoutThePasswordIsViewingOnly() throws {
        let auth = try Harness(.plain("pw"), view: true).auth
        #expect(auth.access(source: "192.168.1.50", cookie: nil, forAPI: false, at: 0) == .view)
        #expect(auth.access(source: "192.168.1.50", cookie: nil, forAPI: true, at: 0) == .view)
        let open = try Harness(.none, view: true).auth
        #expect(open.access(source: "192.168.1.50", cookie: nil, forAPI: false, at: 0) == .view)
        #expect(open.access(source: "127.0.0.1", cookie: nil, forAPI: false, at: 0) == .control)
    }

    @Test func withoutAPasswordLoopbackControlsAndTheAllowListUsesTheAPI() throws {
        let auth = try Harness(.none, allow: ["10.1.0.0/16"]).auth
        #expect(!auth.needsLogin)
        #expect(auth.access(source: "127.0.0.1", cookie: nil, forAPI: false, at: 0) == .control)
        #expect(auth.access(source: "::1", cookie: nil, forAPI: true, at: 0) == .control)
        #expect(auth.access(source: "10.1.2.3", cookie: nil, forAPI: true, at: 0) == .control)
        #expect(auth.access(source: "10.1.2.3", cookie: nil, forAPI: false, at: 0) == .none)
        #expect(auth.access(source: "10.2.0.1", cookie: nil, forAPI: true, at: 0) == .none)
        #expect(auth.login(password: "x", source: "127.0.0.1", at: 0) == .notNeeded)
    }

    @Test func theFifthFailureLocksTheSourceOutAndEachIsLoggedOnce() throws {
        let harness = try Harness(.plain("pw"))
        let auth = harness.auth
        for attempt in 0..<LoginRateLimit.allowedFailures {
            #expect(auth.login(password: "guess\(attempt)", source: "192.168.1.66", at: Int64(attempt) * Self.second) == .wrong)
        }
        // Locked: even the right password is refused unchecked, and not logged again.
        #expect(auth.login(password: "pw", source: "192.168.1.66", at: 10 * Self.second) == .locked(seconds: 54))
        #expect(auth.login(password: "pw", source: "192.168.1.67", at: 10 * Self.second) != .wrong)
        let lines = harness.reports.lines.withLock { $0 }
        #expect(lines.count == LoginRateLimit.allowedFailures)
        #expect(lines.allSatisfy { $0.hasPrefix("web: wrong password from 192.168.1.66") })
        #expect(lines.last?.hasSuffix("refusing it for 60 s") == true)
        #expect(auth.failureCounts.failed == 5 && auth.failureCounts.refusedWhileLocked == 1)
        // After the lockout the password works again.
        let later = 4 * Self.second + LoginRateLimit.lockout + 1
        if case .success = auth.login(password: "pw", source: "192.168.1.66", at: later) {} else { Issue.record("still locked out") }
    }

    @Test func aFloodFromManyAddressesIsCheckedAtTenASecond() throws {
        let auth = try Harness(.plain("pw")).auth
        var results: [WebAuth.LoginResult] = []
        for number in 0..<12 {
            results.append(auth.login(password: number == 11 ? "pw" : "x", source: "10.8.0.\(number)", at: Int64(number)))
        }
        #expect(results.prefix(WebAuth.checksPerSecond).allSatisfy { $0 == .wrong })
        #expect(results.dropFirst(WebAuth.checksPerSecond) == [.locked(seconds: 1), .locked(seconds: 1)])
        if case .success = auth.login(password: "pw", source: "10.8.0.11", at: Self.second) {} else { Issue.record("not checked a second later") }
    }

    @Test func aFloodFromManyAddressesLogsAtMostTwentyLinesAMinute() throws {
        let harness = try Harness(.plain("pw"))
        for number in 0..<100 {
            _ = harness.auth.login(password: "x", source: "10.9.0.\(number)", at: Int64(number) * 200_000_000)
        }
        let lines = harness.reports.lines.withLock { $0 }
        #expect(lines.count == WebAuth.failuresLoggedPerMinute)
        #expect(lines.last?.hasSuffix("(further failures this minute are only counted)") == true)
        #expect(harness.auth.failureCounts.failed == 100)
        _ = harness.auth.login(password: "x", source: "10.9.1.1", at: 61 * Self.second)
        #expect(harness.reports.lines.withLock { $0.count } == WebAuth.failuresLoggedPerMinute + 1)
    }

    @Test func theFailureTableIsBounded() {
        var limit = LoginRateLimit()
        for number in 0..<1000 {
            _ = limit.recordFailure(from: "10.0.\(number / 256).\(number % 256)", at: Int64(number))
        }
        #expect(limit.trackedCount == LoginRateLimit.maximumAddresses)
    }

    @Test func failuresOutsideTheWindowStartAfresh() {
        var limit = LoginRateLimit()
        for minute in 0..<10 {
            let locks = limit.recordFailure(from: "a", at: Int64(minute) * LoginRateLimit.window)
            #expect(!locks)
        }
        #expect(limit.verdict(for: "a", at: 10 * LoginRateLimit.window) == .allowed)
    }

    @Test func aPlainPasswordIsComparedWholly() {
        let check = WebPasswordCheck.plain("hunter2")
        #expect(check.matches("hunter2"))
        #expect(!check.matches("hunter"))
        #expect(!check.matches("hunter22"))
        #expect(!WebPasswordCheck.none.matches(""))
    }

    @Test func aHashedPasswordIsVerifiedByLibcrypt() throws {
        let check = WebPasswordCheck.hash(try PasswordHash.make("phone"))
        #expect(check.matches("phone"))
        #expect(!check.matches("Phone"))
    }

    @Test func aPasswordFileWithoutAHashIsOneLineNamingTheFix() {
        #expect(throws: WebSetupError.self) { try WebPasswordCheck(.file("/nonexistent/pw")) }
        do {
            _ = try WebPasswordCheck(.file("/nonexistent/pw"))
        } catch {
            #expect("\(error)".contains("pixelwheel passwd --file /nonexistent/pw"))
        }
    }

    @Test func theCookieHeaderIsReadForItsOneName() {
        #expect(WebAuth.sessionToken(inCookieHeader: "a=1;pixelwheel_session=abc; b=2") == "abc")
        #expect(WebAuth.sessionToken(inCookieHeader: "xpixelwheel_session=abc") == nil)
        #expect(WebAuth.sessionToken(inCookieHeader: "pixelwheel_session=") == nil)
        #expect(WebAuth.sessionToken(inCookieHeader: nil) == nil)
        #expect(WebAuth.sessionToken(inCookieHeader: String(repeating: "a", count: 5000)) == nil)
    }

    @Test func formValuesAreDecoded() {
        #expect(FormDecoding.decode(Array("a+b%21%C3%A9".utf8)) == "a b!é")
        #expect(FormDecoding.decode(Array("%2".utf8)) == nil)
        #expect(FormDecoding.decode(Array("%zz".utf8)) == nil)
        #expect(FormDecoding.decode(Array("%FF".utf8)) == nil)
    }

    @Test func theConfiguredNameIsAcceptedAsAHostOnAnyPort() {
        let names = WebOriginPolicy.hostNames(name: "Desk", machine: "raspberrypi")
        #expect(names == ["desk", "desk.local", "raspberrypi", "raspberrypi.local"])
        #expect(WebOriginPolicy.hostNames(name: "My Desk", machine: nil).isEmpty)
        let lan = WebOriginPolicy(listenHost: "0.0.0.0", port: 8080, names: names)
        #expect(lan.hostRefusal("192.168.1.20:8080") == nil)
        #expect(lan.hostRefusal("Desk.local:8080") == nil)
        #expect(lan.hostRefusal("desk") == nil)
        #expect(lan.hostRefusal("raspberrypi.local:8080") == nil)
        #expect(lan.hostRefusal("attacker.example:8080") != nil)
        #expect(lan.hostRefusal("192.168.1.20:9090") != nil)
        #expect(lan.refusal(host: "desk.local:8080", origin: "http://desk.local:8080") == nil)
        #expect(lan.refusal(host: "desk.local:8080", origin: "http://attacker.example") != nil)
        let loopback = WebOriginPolicy(listenHost: "127.0.0.1", port: 8080, names: names)
        #expect(loopback.hostRefusal("desk:443") == nil)
        #expect(loopback.hostRefusal("192.168.1.20:8080") != nil)
    }
}
