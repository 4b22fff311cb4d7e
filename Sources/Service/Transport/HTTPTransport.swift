import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one `URLRequest` and returns the response body and head.
///
/// The router sends everything through a transport, so tests and previews can swap the network
/// for an in-process fake:
///
/// ```swift
/// struct FakeTransport: HTTPTransport {
///     func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
///         let response = HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)!
///         return (Data("{}".utf8), response)
///     }
/// }
/// ```
///
/// A transport must stop and throw (`CancellationError` or `URLError(.cancelled)`) when the calling
/// task is cancelled.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the body and the response head.
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
}

/// A transport backed by a closure; handy for tests.
public struct ClosureTransport: HTTPTransport {
    private let handler: @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)

    /// Creates a transport that answers every request with `handler`.
    public init(_ handler: @escaping @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)) {
        self.handler = handler
    }

    /// Calls the handler.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try Task.checkCancellation()
        return try await handler(request)
    }
}
