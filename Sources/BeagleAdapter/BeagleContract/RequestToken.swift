import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Cancels a request that is in flight.
///
/// Refines `Sendable`, which Beagle's protocol does not: a token may be cancelled from any thread.
public protocol RequestToken: Sendable {
    /// Cancels the request; its completion then runs with a cancellation error, unless it already ran.
    func cancel()
}

/// A data task is a token, as in Beagle, so a client may return the task it started.
extension URLSessionDataTask: RequestToken {}
