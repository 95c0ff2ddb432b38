/// Failed logins per source address: after `allowedFailures` failures within `window`, the
/// address is refused for `lockout` without its password even being checked. The table holds
/// at most `maximumAddresses` (the stalest entry goes first), so a flood from many addresses
/// costs bounded memory; an address pushed out merely starts afresh.
public struct LoginRateLimit: Sendable {
    /// Failures allowed in a window before the lockout.
    public static let allowedFailures = 5
    /// The window failures are counted in, nanoseconds (60 s).
    public static let window: Int64 = 60_000_000_000
    /// How long an address is locked out, nanoseconds (60 s).
    public static let lockout: Int64 = 60_000_000_000
    /// The most addresses tracked.
    public static let maximumAddresses = 256

    /// What one attempt may do.
    public enum Verdict: Equatable, Sendable {
        /// Check the password.
        case allowed
        /// Refuse without checking, for this many more whole seconds.
        case locked(seconds: Int)
    }

    private struct Entry {
        var failures: Int
        var firstFailure: Int64
        var lockedUntil: Int64
        var lastSeen: Int64
    }
    private var entries: [String: Entry] = [:]

    /// Nobody tracked.
    public init() {}

    /// How many addresses are tracked.
    public var trackedCount: Int { entries.count }

    /// Whether `address` may try a password at `now`.
    public func verdict(for address: String, at now: Int64) -> Verdict {
        guard let entry = entries[address], entry.lockedUntil > now else { return .allowed }
        return .locked(seconds: Int((entry.lockedUntil - now + 999_999_999) / 1_000_000_000))
    }

    /// Counts a failure from `address` at `now`; true when this failure starts a lockout.
    public mutating func recordFailure(from address: String, at now: Int64) -> Bool {
        var entry = entries[address] ?? Entry(failures: 0, firstFailure: now, lockedUntil: 0, lastSeen: now)
        if now - entry.firstFailure >= Self.window { entry.failures = 0; entry.firstFailure = now }
        entry.failures += 1
        entry.lastSeen = now
        var locks = false
        if entry.failures >= Self.allowedFailures {
            entry.lockedUntil = now + Self.lockout
            entry.failures = 0
            entry.firstFailure = now
            locks = true
        }
        if entries[address] == nil && entries.count >= Self.maximumAddresses, let stalest = entries.min(by: { $0.value.lastSeen < $1.value.lastSeen }) {
            entries[stalest.key] = nil
        }
        entries[address] = entry
        return locks
    }

    /// Forgets `address`'s failures after it logged in.
    public mutating func recordSuccess(from address: String) {
        entries[address] = nil
    }
}
