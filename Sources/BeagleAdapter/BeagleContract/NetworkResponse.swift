import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A successful response: the body and the response head.
public struct NetworkResponse: Sendable {
    /// The response body; empty when the server sent none.
    public let data: Data
    /// The response head (an `HTTPURLResponse`).
    public let response: URLResponse

    /// Creates a response.
    public init(data: Data, response: URLResponse) {
        self.data = data
        self.response = response
    }
}
