import Foundation

extension Response {
    /// How long the server asked the client to wait before trying again, in seconds, from its
    /// `Retry-After` header (a number of seconds or an HTTP date); `nil` when there is none or it
    /// cannot be read. A date in the past asks for no wait.
    public var retryAfter: TimeInterval? {
        retryAfter(now: Date())
    }

    /// ``retryAfter`` as seen at `now`.
    func retryAfter(now: Date) -> TimeInterval? {
        httpResponse.value(forHTTPHeaderField: "Retry-After").flatMap { RetryAfter.delay(from: $0, now: now) }
    }
}
