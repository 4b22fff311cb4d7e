// A stand-in for the network protocol of Beagle, the server-driven UI framework, which needs UIKit and
// so cannot be built here. Declared by this project from the shapes Beagle's docs publish, so that the
// bridge a Beagle app adds (Sources/BeagleBridge) is compiled against the same names, labels and types,
// and compiled as Beagle is: in the Swift 5 language mode, nothing `Sendable`.
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Beagle's network client: it sends every request Beagle makes.
public protocol NetworkClient {
    /// The failure a request ends with.
    typealias Error = NetworkError
    /// What a request ends with.
    typealias NetworkResult = Result<NetworkResponse, NetworkError>
    /// Called when a request ends.
    typealias RequestCompletion = (NetworkResult) -> Void

    /// Sends `request` and calls `completion` when it ends.
    @discardableResult
    func executeRequest(_ request: Request, completion: @escaping RequestCompletion) -> RequestToken?
}

/// Cancels a request in flight.
public protocol RequestToken {
    /// Cancels the request.
    func cancel()
}

/// A response: its body and its head.
public struct NetworkResponse {
    /// The body.
    public let data: Data
    /// The head.
    public let response: URLResponse

    /// Creates a response.
    public init(data: Data, response: URLResponse) {
        self.data = data
        self.response = response
    }
}

/// A failed request.
public struct NetworkError: Error {
    /// What went wrong.
    public let error: Error
    /// The body, if a response arrived.
    public let data: Data?
    /// The request.
    public let request: URLRequest
    /// The head, if a response arrived.
    public let response: URLResponse?

    /// Creates a failure.
    public init(error: Error, data: Data? = nil, request: URLRequest, response: URLResponse? = nil) {
        self.error = error
        self.data = data
        self.request = request
        self.response = response
    }
}
