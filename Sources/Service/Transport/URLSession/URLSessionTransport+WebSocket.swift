import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionTransport {
    /// On Apple platforms, opens the socket with `URLSessionWebSocketTask`, in a session with this transport's
    /// configuration and redirect policy. On Linux, throws ``NetworkError/Kind/notSupportedByTransport`` at once:
    /// swift-corelibs-foundation's libcurl opens no WebSockets.
    @_spi(Transport) public func openWebSocket(
        _ request: TransportRequest, options: WebSocketOptions
    ) async throws -> WebSocketUpgrade {
        #if canImport(FoundationNetworking)
        throw NetworkError(
            .notSupportedByTransport,
            detail: "URLSessionTransport opens no WebSockets on Linux, where Foundation's libcurl has none; "
                + "use AsyncHTTPClientTransport (NetworkLayerAsyncHTTPClient, trait AsyncHTTPClient)"
        ).naming(request.head)
        #else
        try await FoundationWebSocket.open(
            request, options: options, configuration: session.configuration, redirectPolicy: redirectPolicy)
        #endif
    }
}
