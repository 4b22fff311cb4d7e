import Foundation

/// What ``MovieManager`` does when TMDB answers 429: wait for `Retry-After` and try again, when the
/// wait is short.
public struct RateLimitPolicy: Sendable {
    /// The longest `Retry-After` worth waiting for, in seconds. Defaults to 10.
    public var maximumDelay: TimeInterval
    /// How many times one call is retried. Defaults to 1.
    public var maximumRetries: Int
    /// Waits the given number of seconds; replaceable in tests.
    public var sleep: @Sendable (TimeInterval) async throws -> Void

    /// Creates a policy.
    public init(
        maximumDelay: TimeInterval = 10,
        maximumRetries: Int = 1,
        sleep: @escaping @Sendable (TimeInterval) async throws -> Void = RateLimitPolicy.taskSleep
    ) {
        self.maximumDelay = maximumDelay
        self.maximumRetries = maximumRetries
        self.sleep = sleep
    }

    /// Never retries.
    public static let never = RateLimitPolicy(maximumRetries: 0)

    /// The wait before retry number `attempt` (from 1) of a call that got `retryAfter`, or `nil`
    /// when the call should fail instead: no header, a wait that is too long, or no retries left.
    public func delay(beforeRetry attempt: Int, retryAfter: TimeInterval?) -> TimeInterval? {
        guard attempt <= maximumRetries, let retryAfter, retryAfter <= maximumDelay else { return nil }
        return retryAfter
    }

    /// Sleeps the calling task; throws `CancellationError` when it is cancelled.
    public static let taskSleep: @Sendable (TimeInterval) async throws -> Void = { seconds in
        try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
    }
}
