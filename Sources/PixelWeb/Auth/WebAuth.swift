import PixelSystem
import Synchronization

/// What a request may do.
public enum WebAccess: Int, Comparable, Sendable {
    /// Nothing but the login page and the page's script and style.
    case none
    /// Watch: the frames, the state (GET); no input.
    case view
    /// Watch and control: the wheel, the keys, the API's changes.
    case control

    public static func < (a: WebAccess, b: WebAccess) -> Bool { a.rawValue < b.rawValue }
}

/// Who may do what on the page, its socket and the JSON API, and the logins that decide it:
/// the password check, the sessions (an `HttpOnly; SameSite=Strict` cookie) and the per-source
/// rate limit of failures, each failure logged once with its source address (at most
/// `failuresLoggedPerMinute` lines a minute). The one place a
/// request's credential is checked, whatever path it came on.
///
/// - With no password: the page is controlled from loopback only; the API from loopback and
///   `apiAllow`; others may watch when `viewWithoutPassword`.
/// - With a password: a valid session controls; the API also from the explicit `apiAllow`
///   ranges (loopback is not implicitly trusted, as a reverse proxy on this machine would make
///   every request loopback); others may watch when `viewWithoutPassword`.
public final class WebAuth: Sendable {
    /// The cookie's name.
    public static let cookieName = "pixelwheel_session"
    /// The longest password read from a login, in bytes.
    public static let maximumPasswordBytes = 256
    /// Passwords checked in one second, whatever their sources: each check costs a hash
    /// (about 20 ms of a core), so a flood from many addresses is refused unchecked beyond it.
    public static let checksPerSecond = 10
    /// Failures logged in one minute, whatever their sources; the rest are only counted (and
    /// one line says so), so a flood from many addresses cannot fill the log.
    public static let failuresLoggedPerMinute = 20

    /// The outcome of one login attempt.
    public enum LoginResult: Equatable, Sendable {
        /// Logged in: the `Set-Cookie` header's value.
        case success(setCookie: String)
        /// Not the password.
        case wrong
        /// Too many failures from this source: refused unchecked for this many seconds.
        case locked(seconds: Int)
        /// No password is set; there is nothing to log in to.
        case notNeeded
    }

    /// The password.
    public let password: WebPasswordCheck
    /// Whether anyone may watch.
    public let viewWithoutPassword: Bool
    /// The API's sources allowed without a password.
    public let apiAllow: APIAllowList
    private let random: @Sendable (Int) -> [UInt8]?
    private let report: @Sendable (String) -> Void
    private let state = Mutex(State())

    private struct State {
        var sessions = WebLoginSessions()
        var failures = LoginRateLimit()
        var failedLogins = 0
        var refusedWhileLocked = 0
        var logMinute: Int64 = -1
        var loggedThisMinute = 0
        var checkSecond: Int64 = -1
        var checksThisSecond = 0

        /// Whether another password may be checked at `now`.
        mutating func admitsCheck(at now: Int64) -> Bool {
            let second = now / 1_000_000_000
            if second != checkSecond { checkSecond = second; checksThisSecond = 0 }
            checksThisSecond += 1
            return checksThisSecond <= WebAuth.checksPerSecond
        }

        /// Whether a failure at `now` is logged, and whether it is the last one this minute.
        mutating func logs(at now: Int64) -> (log: Bool, last: Bool) {
            let minute = now / 60_000_000_000
            if minute != logMinute { logMinute = minute; loggedThisMinute = 0 }
            loggedThisMinute += 1
            return (loggedThisMinute <= WebAuth.failuresLoggedPerMinute, loggedThisMinute == WebAuth.failuresLoggedPerMinute)
        }
    }

    /// Access under `password`; tokens from `random` (the kernel's unless told), failures
    /// reported through `report` (standard error unless told).
    public init(password: WebPasswordCheck, viewWithoutPassword: Bool = false, apiAllow: APIAllowList = APIAllowList(),
                random: @escaping @Sendable (Int) -> [UInt8]? = { SystemRandom.bytes($0) },
                report: @escaping @Sendable (String) -> Void = { Environment.printError($0) }) {
        self.password = password; self.viewWithoutPassword = viewWithoutPassword; self.apiAllow = apiAllow
        self.random = random; self.report = report
    }

    /// Whether control needs a login.
    public var needsLogin: Bool { password != .none }

    /// Failed logins so far, and attempts refused unchecked during lockouts.
    public var failureCounts: (failed: Int, refusedWhileLocked: Int) {
        state.withLock { ($0.failedLogins, $0.refusedWhileLocked) }
    }

    /// What a request from `source` (the peer's address) with the `Cookie` header `cookie` may
    /// do at `now`; `forAPI` for the JSON API's paths.
    public func access(source: String, cookie: String?, forAPI: Bool, at now: Int64) -> WebAccess {
        let watch: WebAccess = viewWithoutPassword ? .view : .none
        guard needsLogin else {
            if forAPI { return apiAllow.allows(source) ? .control : watch }
            return APIAllowList().allows(source) ? .control : watch
        }
        if let token = Self.sessionToken(inCookieHeader: cookie), state.withLock({ $0.sessions.isValid(token, at: now) }) {
            return .control
        }
        if forAPI && apiAllow.allowsExplicitly(source) { return .control }
        return watch
    }

    /// Checks `candidate` from `source` at `now`: a session on success; each failure is logged
    /// with the source, and the fifth within a minute locks the source out for a minute. Beyond
    /// `checksPerSecond` attempts a second, from anywhere, the rest wait a second unchecked.
    public func login(password candidate: String, source: String, at now: Int64) -> LoginResult {
        guard needsLogin else { return .notNeeded }
        let shown = source.isEmpty ? "an unknown source" : source
        let verdict = state.withLock { state -> LoginRateLimit.Verdict in
            let verdict = state.failures.verdict(for: source, at: now)
            if verdict == .allowed && !state.admitsCheck(at: now) { return .locked(seconds: 1) }
            return verdict
        }
        if case let .locked(seconds) = verdict {
            state.withLock { $0.refusedWhileLocked += 1 }
            return .locked(seconds: seconds)
        }
        let right = candidate.utf8.count <= Self.maximumPasswordBytes && password.matches(candidate)
        guard right, let bytes = random(WebLoginSessions.tokenBytes) else {
            let (locks, logging) = state.withLock { state -> (Bool, (log: Bool, last: Bool)) in
                state.failedLogins += 1
                return (state.failures.recordFailure(from: source, at: now), state.logs(at: now))
            }
            if logging.log {
                report("web: wrong password from \(shown)" + (locks ? "; refusing it for \(LoginRateLimit.lockout / 1_000_000_000) s" : "")
                    + (logging.last ? " (further failures this minute are only counted)" : ""))
            }
            return .wrong
        }
        let token = state.withLock { state -> String in
            state.failures.recordSuccess(from: source)
            return state.sessions.open(random: bytes, at: now)
        }
        return .success(setCookie: Self.setCookie(token))
    }

    /// Ends the session the `Cookie` header names, if any.
    public func logout(cookie: String?) {
        guard let token = Self.sessionToken(inCookieHeader: cookie) else { return }
        state.withLock { $0.sessions.close(token) }
    }

    /// The `Set-Cookie` value for `token`: not readable by scripts, never sent by another site's
    /// page, for every path, as long as the session lasts.
    public static func setCookie(_ token: String) -> String {
        "\(cookieName)=\(token); HttpOnly; SameSite=Strict; Path=/; Max-Age=\(WebLoginSessions.lifetime / 1_000_000_000)"
    }

    /// The `Set-Cookie` value that removes the cookie (log out).
    public static var clearCookie: String { "\(cookieName)=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0" }

    /// The session token in a `Cookie` header (`a=b; pixelwheel_session=TOKEN`), if any; at
    /// most 4096 bytes of header are looked at.
    public static func sessionToken(inCookieHeader header: String?) -> String? {
        guard let header, header.utf8.count <= 4096 else { return nil }
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].trimmingCharacters(in: " ") == cookieName else { continue }
            let value = parts[1].trimmingCharacters(in: " ")
            return value.isEmpty ? nil : value
        }
        return nil
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        var text = self
        while text.first == character { text = text.dropFirst() }
        while text.last == character { text = text.dropLast() }
        return String(text)
    }
}
