import PixelRuntime

/// One browser connection's limits: how many messages a second it may send, and how many bad
/// ones (malformed, too long, text, or over the rate) it may send before it is closed.
///
/// The rate is a token bucket: `messagesPerSecond` tokens a second, at most that many saved
/// up. A message with no token left is ignored and counts as bad. A connection that sends
/// `strikesToClose` bad messages within `strikeWindow` is closed.
public struct WebClientGuard: Sendable {
    /// What to do with one message.
    public enum Verdict: Equatable, Sendable {
        /// Handle it.
        case accept
        /// Ignore it (it was bad, and counted).
        case ignore
        /// Ignore it and close the connection: bad messages keep coming.
        case close
    }

    /// Messages a second a connection may send (a drag sends one per pointer move).
    public let messagesPerSecond: Int
    /// Bad messages within `strikeWindow` that close the connection.
    public let strikesToClose: Int
    /// The window for counting bad messages, nanoseconds.
    public let strikeWindow: Int64
    /// Bad messages over the connection's life.
    public private(set) var badMessages = 0

    private var tokens: Int64  // in 1/1e9 of a message
    private var refilledAt: Int64?
    private var recentStrikes: [Int64] = []

    /// Limits of `messagesPerSecond` (default 200) and `strikesToClose` bad messages within
    /// `strikeWindow` nanoseconds (default 10 within 10 s).
    public init(messagesPerSecond: Int = 200, strikesToClose: Int = 10, strikeWindow: Int64 = 10_000_000_000) {
        precondition(messagesPerSecond > 0 && strikesToClose > 0 && strikeWindow > 0, "limits must be positive")
        self.messagesPerSecond = messagesPerSecond
        self.strikesToClose = strikesToClose
        self.strikeWindow = strikeWindow
        tokens = Int64(messagesPerSecond) * 1_000_000_000
    }

    /// Whether a message arriving at `now` (monotonic ns) is within the rate; one that is not
    /// is a strike (see `strike(at:)`), whose verdict is returned.
    public mutating func admit(at now: Int64) -> Verdict {
        let capacity = Int64(messagesPerSecond) * 1_000_000_000
        if let refilledAt, now > refilledAt {
            let gained = (now - refilledAt).multipliedReportingOverflow(by: Int64(messagesPerSecond))
            tokens = gained.overflow ? capacity : min(capacity, tokens + gained.partialValue)
        }
        refilledAt = max(refilledAt ?? now, now)
        guard tokens >= 1_000_000_000 else { return strike(at: now) }
        tokens -= 1_000_000_000
        return .accept
    }

    /// Counts a bad message at `now`: `.close` once `strikesToClose` fell within the window,
    /// else `.ignore`.
    public mutating func strike(at now: Int64) -> Verdict {
        badMessages += 1
        recentStrikes.append(now)
        recentStrikes.removeAll { now - $0 >= strikeWindow }
        return recentStrikes.count >= strikesToClose ? .close : .ignore
    }
}
