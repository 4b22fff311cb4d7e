import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport backed by a closure that answers each request with a whole body; handy for tests.
///
/// ```swift
/// let transport = ClosureTransport { request in
///     (Data("{}".utf8), HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!)
/// }
/// ```
///
/// The closure gets the request with its body in `httpBody`, whatever the router sends it from.
public struct ClosureTransport: HTTPTransport {
    private let handler: @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)

    /// Creates a transport that answers every request with `handler`.
    public init(_ handler: @escaping @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)) {
        self.handler = handler
    }

    /// Calls the handler and hands its body back in one chunk.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        try Task.checkCancellation()
        let (data, response) = try await handler(try await request.bufferedHead())
        return TransportResponse(head: ResponseHead(response), body: ResponseBody(data))
    }
}
