import Foundation
import NetworkLayer

/// The one endpoint of this sample: a price feed's WebSocket at a URL given at run time.
public enum TickerAPI: EndPointType {
    /// The feed at `url`, a `ws` or `wss` URL (or an `http` one, upgraded).
    case prices(URL)

    /// The feed's URL itself; ``path`` adds nothing to it.
    public var baseURL: URL {
        switch self {
        case .prices(let url): url
        }
    }

    /// Empty: the URL is the whole address.
    public var path: String { "" }

    /// Pings every 15 seconds, a pong within 5, and reconnection after a lost connection, a second at first.
    public var webSocketOptions: WebSocketOptions {
        WebSocketOptions(
            pingInterval: 15, pongTimeout: 5, maximumMessageSize: 64 * 1024,
            reconnection: EventStreamReconnection(initialDelay: 1, maximumDelay: 30))
    }
}
