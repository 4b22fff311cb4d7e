import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A failed request, with everything that is known about it.
///
/// Not to be confused with NetworkLayer's own `NetworkLayer.NetworkError`, which
/// ``RouterNetworkClient`` puts in ``error`` for status and request-building failures.
public struct NetworkError: Error {
    /// What went wrong.
    public let error: any Error
    /// The response body, if a response arrived.
    public let data: Data?
    /// The request that was (or would have been) sent.
    public let request: URLRequest
    /// The response head, if a response arrived.
    public let response: URLResponse?

    /// Creates a failure.
    public init(error: any Error, data: Data? = nil, request: URLRequest, response: URLResponse? = nil) {
        self.error = error
        self.data = data
        self.request = request
        self.response = response
    }
}
