import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one request and hands back the response head with its body as it arrives.
///
/// Everything a ``Router`` sends goes through its transport: buffered requests, uploads from disk,
/// downloads to files and streams alike. A transport needs one method, ``send(_:)``:
///
/// ```swift
/// struct EchoTransport: HTTPTransport {
///     func send(_ request: TransportRequest) async throws -> TransportResponse {
///         guard let url = request.head.url, let head = ResponseHead(statusCode: 200, url: url) else {
///             throw TransportError(.badResponse, detail: "no URL")
///         }
///         return TransportResponse(head: head, body: ResponseBody(Data("hello".utf8)))
///     }
/// }
/// ```
///
/// Throw a ``TransportError`` when the exchange fails, so that retries, deadlines and error messages
/// behave the same whichever transport sent the request, and stop with `CancellationError` when the
/// calling task is cancelled. Check ``ResponseHead/framingError`` when the head arrives and
/// ``ResponseHead/framingError(delivered:after:)`` once the body has, and read the request's timeout through
/// ``TransportTimeout/bounded(_:)``, so that framing and timeouts mean the same over every transport.
/// <doc:Architecture> shows a transport over another HTTP client.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns once the response head has arrived; the body follows in
    /// ``TransportResponse/body``.
    func send(_ request: TransportRequest) async throws -> TransportResponse

    /// Sends `request` and returns the head with the whole body.
    ///
    /// The default sends with ``send(_:)`` and collects the body. A transport that can gather a body
    /// faster by itself implements this too.
    ///
    /// - Parameters:
    ///   - request: What to send.
    ///   - limit: The most bytes the body may have; a larger one throws
    ///     ``NetworkError/responseTooLarge(limit:)``, as soon as the `Content-Length` or the bytes that
    ///     arrived say so. `nil` for no limit.
    func collect(_ request: TransportRequest, upTo limit: Int?) async throws -> (ResponseHead, Data)
}

extension HTTPTransport {
    /// Sends `request` with ``send(_:)`` and collects the body with ``ResponseBody/collect(upTo:)``.
    public func collect(_ request: TransportRequest, upTo limit: Int?) async throws -> (ResponseHead, Data) {
        let response = try await send(request)
        return (response.head, try await response.collect(after: request.head, upTo: limit))
    }
}

extension TransportResponse {
    /// Reads the whole body of the response to `request`, at most `limit` bytes: a `Content-Length` over the
    /// limit fails at once, a body that passes it as soon as it does. `received` gets the byte count so far
    /// after each chunk.
    func collect(
        after request: URLRequest,
        upTo limit: Int?,
        received: (@Sendable (Int64) -> Void)? = nil
    ) async throws -> Data {
        if let limit, head.mayHaveBody(after: request), let length = head.expectedContentLength, length > limit {
            body.cancel()
            throw NetworkError.responseTooLarge(limit: limit)
        }
        return try await body.collect(upTo: limit, received: received)
    }
}
