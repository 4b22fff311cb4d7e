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
    private let httpVersion: HTTPVersion

    /// Creates a transport that answers every request with `handler`, its responses said to come in
    /// `httpVersion` (``ResponseHead/httpVersion``), which Foundation's response cannot carry.
    public init(
        httpVersion: HTTPVersion = .http11,
        _ handler: @escaping @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)
    ) {
        self.handler = handler
        self.httpVersion = httpVersion
    }

    /// Calls the handler and hands its body back in one chunk.
    @_spi(Transport) public func send(_ request: TransportRequest) async throws -> TransportResponse {
        try Task.checkCancellation()
        let (data, response) = try await handler(try await request.bufferedHead())
        return TransportResponse(head: ResponseHead(response, httpVersion: httpVersion), body: ResponseBody(data))
    }
}
