import Foundation
@_spi(Transport) import NetworkLayer

/// A transport that opens sockets with a closure and sends no requests.
struct SocketTransport: HTTPTransport {
    let open: @Sendable (TransportRequest, WebSocketOptions) async throws -> WebSocketUpgrade

    init(_ open: @escaping @Sendable (TransportRequest, WebSocketOptions) async throws -> WebSocketUpgrade) {
        self.open = open
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        throw NetworkError(.unsupportedURL, detail: "sockets only")
    }

    func openWebSocket(_ request: TransportRequest, options: WebSocketOptions) async throws -> WebSocketUpgrade {
        try await open(request, options)
    }
}
