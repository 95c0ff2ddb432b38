/// A token bucket for the API's requests, over all sources: `burst` at once, refilled at
/// `perSecond`. Times are nanoseconds on the run's clock, passed in.
public struct APIRateLimit: Sendable, Equatable {
    /// Requests allowed at once.
    public let burst: Int
    /// Requests allowed per second, sustained.
    public let perSecond: Int
    private var tokens: Int64
    private var last: Int64?

    /// Nanoseconds per token, times `burst`'s scale: tokens are counted in 1/1e9 of a request.
    private static let scale: Int64 = 1_000_000_000

    /// A full bucket of `burst`, refilled at `perSecond` (both at least 1).
    public init(burst: Int = 60, perSecond: Int = 30) {
        self.burst = max(1, burst)
        self.perSecond = max(1, perSecond)
        tokens = Int64(self.burst) * Self.scale
    }

    /// Takes a token at `now`; false when none is left (answer 503, which python-wled retries).
    public mutating func admit(at now: Int64) -> Bool {
        if let last, now > last {
            let refill = (now - last).multipliedReportingOverflow(by: Int64(perSecond))
            let full = Int64(burst) * Self.scale
            tokens = refill.overflow ? full : min(full, tokens + min(full, refill.partialValue))
        }
        last = max(last ?? now, now)
        guard tokens >= Self.scale else { return false }
        tokens -= Self.scale
        return true
    }
}
