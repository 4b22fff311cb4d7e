/// Cancels a request that is in flight.
public protocol RequestToken: Sendable {
    /// Cancels the request; its completion then runs with a cancellation error, unless it already ran.
    func cancel()
}
