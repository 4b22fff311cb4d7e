import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// When and how long after a failure a ``Router`` sends a request again.
///
/// Retries are off until a router opts in with ``RouterConfiguration/retryPolicy``; an endpoint can
/// override the router's policy with ``EndPointType/retryPolicy``.
///
/// ```swift
/// let router = Router<MovieAPI>(configuration: RouterConfiguration(retryPolicy: RetryPolicy()))
/// ```
///
/// The defaults retry at most twice, after about 0.5 s and then 1 s, and only:
/// - requests whose endpoint ``EndPointType/isIdempotent`` (by default `GET`, `HEAD`, `PUT`, `DELETE`,
///   `OPTIONS` and `TRACE`);
/// - responses with status 408, 429, 500, 502, 503 or 504;
/// - transport failures (``NetworkError/Kind``): timed out, connection lost, cannot connect, cannot find host.
///
/// A `Retry-After` header, in seconds or as an HTTP date, replaces the backoff; a response that asks
/// for longer than ``maximumRetryAfter``, or for longer than the request's deadline has left, is not
/// retried but returned at once, so the caller sees the server's answer instead of waiting for it.
/// A cancelled request is never retried.
public struct RetryPolicy: Sendable, Hashable {
    /// How many times a request may be sent again after its first attempt. Defaults to 2.
    public var maximumRetries: Int
    /// The wait before the first retry, in seconds. Defaults to 0.5.
    public var initialBackoff: TimeInterval
    /// What each further wait is multiplied by. Defaults to 2, so the waits are 0.5 s, 1 s, 2 s, …
    public var backoffMultiplier: Double
    /// How far a wait may stray from its nominal value, as a fraction of it: 0.2 spreads a 1 s wait over
    /// 0.8…1.2 s, so clients that failed together do not retry together. Defaults to 0.2; 0 turns it off.
    public var jitter: Double
    /// The response statuses that are retried. Defaults to 408, 429, 500, 502, 503 and 504.
    public var retryableStatusCodes: Set<Int>
    /// The transport failures that are retried, whichever transport reported them. Defaults to timed
    /// out, connection lost, cannot connect and cannot find host.
    public var retryableFailures: Set<NetworkError.Kind>
    /// The longest wait a `Retry-After` header can ask for, in seconds; a response asking for longer is
    /// not retried. Defaults to 60.
    public var maximumRetryAfter: TimeInterval

    /// Creates a policy; every parameter defaults to the value its property describes.
    public init(
        maximumRetries: Int = 2,
        initialBackoff: TimeInterval = 0.5,
        backoffMultiplier: Double = 2,
        jitter: Double = 0.2,
        retryableStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504],
        retryableFailures: Set<NetworkError.Kind> = [.timedOut, .connectionLost, .cannotConnect, .cannotFindHost],
        maximumRetryAfter: TimeInterval = 60
    ) {
        self.maximumRetries = maximumRetries
        self.initialBackoff = initialBackoff
        self.backoffMultiplier = backoffMultiplier
        self.jitter = jitter
        self.retryableStatusCodes = retryableStatusCodes
        self.retryableFailures = retryableFailures
        self.maximumRetryAfter = maximumRetryAfter
    }

    /// A policy that never retries, for endpoints that opt out of their router's policy.
    public static let never = RetryPolicy(maximumRetries: 0)

    /// Whether `result`, the outcome of one attempt, is worth another attempt.
    ///
    /// - Parameters:
    ///   - result: The outcome of the attempt.
    ///   - isIdempotent: Whether the request may be sent twice; see ``EndPointType/isIdempotent``.
    func shouldRetry(_ result: Result<Response, NetworkError>, isIdempotent: Bool) -> Bool {
        guard isIdempotent else { return false }
        switch result {
        case .success(let response):
            return isRetryable(response)
        case .failure(let error):
            if let response = error.response { return isRetryable(response) }
            return retryableFailures.contains(error.kind)
        }
    }

    /// Whether `response` has a retryable status and does not ask for a wait beyond ``maximumRetryAfter``.
    /// A response the cache gave without asking the network is not retried: the cache would give it again.
    private func isRetryable(_ response: Response) -> Bool {
        guard response.cacheStatus != .cached, retryableStatusCodes.contains(response.statusCode) else { return false }
        guard let wait = response.retryAfter else { return true }
        return wait <= max(0, maximumRetryAfter)
    }

    /// How long to wait, in seconds, before retry number `retry` (1 for the first) after `result`, at `now`.
    ///
    /// A `Retry-After` header on the response wins (capped at ``maximumRetryAfter``, though such a
    /// response is not retried at all); otherwise the exponential backoff with jitter applies.
    func delay(
        beforeRetry retry: Int, after result: Result<Response, NetworkError>, now: Date = Date()
    ) -> TimeInterval {
        let response: Response? =
            switch result {
            case .success(let response): response
            case .failure(let error): error.response
            }
        if let header = response?.headers["Retry-After"], let wait = RetryAfter.delay(from: header, now: now) {
            return min(wait, max(0, maximumRetryAfter))
        }
        return backoff(beforeRetry: retry, random: Double.random(in: -1...1))
    }

    /// The backoff before retry number `retry`, with `random` (in -1…1) choosing where in the jitter band it lands.
    func backoff(beforeRetry retry: Int, random: Double) -> TimeInterval {
        let nominal = initialBackoff * pow(backoffMultiplier, Double(max(0, retry - 1)))
        let spread = min(max(jitter, 0), 1)
        let wait = nominal * (1 + spread * min(max(random, -1), 1))
        return wait.isFinite ? max(0, wait) : 0
    }
}
