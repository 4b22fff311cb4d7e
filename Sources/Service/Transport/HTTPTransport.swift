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
///             throw NetworkError(.badResponse, detail: "no URL")
///         }
///         return TransportResponse(head: head, body: ResponseBody(Data("hello".utf8)))
///     }
/// }
/// ```
///
/// Throw a ``NetworkError`` when the exchange fails, so that retries, deadlines and error messages
/// behave the same whichever transport sent the request, and stop with `CancellationError` when the
/// calling task is cancelled. Check `ResponseHead.framingError` when the head arrives and
/// `ResponseHead.framingError(delivered:after:)` once the body has, and read the request's timeout through
/// `TransportTimeout.bounded(_:)`, so that framing and timeouts mean the same over every transport.
/// <doc:Architecture> shows a transport over another HTTP client.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns once the response head has arrived; the body follows in
    /// `TransportResponse.body`.
    ///
    /// The router reads the body as the call needs it: whole into memory (within
    /// ``RouterConfiguration/maximumResponseSize``), to a file, or handed to the caller as a stream.
    func send(_ request: TransportRequest) async throws -> TransportResponse

    /// The content codings this transport decodes before it hands a body over, in the order it prefers them
    /// (`["br", "gzip", "deflate"]`, say): the router asks for them in `Accept-Encoding` unless a request
    /// sets that field itself. Defaults to none, so a transport that passes bodies on as they came is sent
    /// no compressed ones.
    @_spi(Transport) var decodedContentCodings: [String] { get }

    /// Sends the opening handshake of a WebSocket (RFC 6455, 4.1) for `request`, a `GET` whose URL is `http` or
    /// `https` (the `ws` or `wss` URL as HTTP sees it: `TransportRequest.webSocketURL` gives it back) and whose
    /// fields the router has prepared: the endpoint's, the plugins' and the credentials. The transport adds the
    /// handshake's own fields from `options` (`Sec-WebSocket-Key`, `-Version`, `-Protocol`, `-Extensions`),
    /// follows redirects as for ``send(_:)``, dropping `TransportRequest.credentialHeaders` across origins, and
    /// returns the open connection, or the answer of a server that did not switch protocols. The router calls it
    /// only when ``pinningLimitation(for:)`` is `nil` for a pinned host: the transport then checks the pins of
    /// `TransportRequest.certificatePinning` on the socket's connection as on a request's.
    ///
    /// Defaults to throwing ``NetworkError/Kind/notSupportedByTransport``: a transport opens sockets only when
    /// it says so.
    @_spi(Transport) func openWebSocket(
        _ request: TransportRequest, options: WebSocketOptions
    ) async throws -> WebSocketUpgrade

    /// Why this transport cannot check `pins`, the pins of one host (see ``CertificatePinning``), on every
    /// connection it makes to that host, or `nil` when it can: then it refuses a connection whose certificate chain
    /// shows none of them, with ``CertificatePinningError/mismatch(host:presented:)``, before the request goes out.
    /// The router sends no request to a host whose pins its transport cannot check. Defaults to
    /// "pinning is not supported by this transport; use AsyncHTTPClientTransport".
    @_spi(Transport) func pinningLimitation(for pins: [CertificatePin]) -> String?
}

@_spi(Transport)
extension HTTPTransport {
    /// None: the router asks such a transport for bodies as they are.
    public var decodedContentCodings: [String] { [] }

    /// Throws ``NetworkError/Kind/notSupportedByTransport``, naming this transport.
    public func openWebSocket(
        _ request: TransportRequest, options: WebSocketOptions
    ) async throws -> WebSocketUpgrade {
        throw NetworkError(
            .notSupportedByTransport,
            detail: "\(Self.self) opens no WebSockets; use a transport that does, such as AsyncHTTPClientTransport"
        ).naming(request.head)
    }

    /// The transport cannot check pins: the router refuses requests to pinned hosts.
    public func pinningLimitation(for pins: [CertificatePin]) -> String? {
        "pinning is not supported by this transport; use AsyncHTTPClientTransport"
    }
}
