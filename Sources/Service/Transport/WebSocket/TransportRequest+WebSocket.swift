import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension TransportRequest {
    /// The head's URL with the scheme a WebSocket client dials: `ws` for `http`, `wss` for `https`; other
    /// schemes as they are.
    @_spi(Transport) public var webSocketURL: URL? {
        head.url.flatMap(WebSocketScheme.socketURL)
    }
}
