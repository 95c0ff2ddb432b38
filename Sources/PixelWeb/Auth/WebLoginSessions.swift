import PixelSystem

/// The browsers logged in: random tokens held in their `HttpOnly` cookie, at most
/// `maximumCount` at once (a new login pushes out the oldest), each valid for `lifetime`.
/// Not thread-safe on its own: `WebAuth` guards it.
public struct WebLoginSessions: Sendable {
    /// The most sessions kept.
    public static let maximumCount = 32
    /// How long a session lasts after its login, nanoseconds (7 days).
    public static let lifetime: Int64 = 7 * 24 * 3600 * 1_000_000_000
    /// The bytes of randomness in a token (hex in the cookie).
    public static let tokenBytes = 32

    private var sessions: [(token: [UInt8], expires: Int64)] = []

    /// None.
    public init() {}

    /// How many are valid at `now`.
    public func count(at now: Int64) -> Int { sessions.filter { $0.expires > now }.count }

    /// A new session for `random` (the token's bytes) at `now`: its token, as hex.
    public mutating func open(random: [UInt8], at now: Int64) -> String {
        sessions.removeAll { $0.expires <= now }
        if sessions.count >= Self.maximumCount { sessions.removeFirst(sessions.count - Self.maximumCount + 1) }
        let token = Self.hex(random)
        sessions.append((Array(token.utf8), now + Self.lifetime))
        return token
    }

    /// Whether `token` is a session valid at `now`. Every session is compared, each in constant
    /// time, so the answer's time does not tell how close a guess came.
    public func isValid(_ token: String, at now: Int64) -> Bool {
        let candidate = Array(token.utf8)
        var found = false
        for session in sessions where ConstantTime.equal(session.token, candidate) && session.expires > now { found = true }
        return found
    }

    /// Ends the session `token` (log out).
    public mutating func close(_ token: String) {
        let candidate = Array(token.utf8)
        sessions.removeAll { ConstantTime.equal($0.token, candidate) }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }
}
