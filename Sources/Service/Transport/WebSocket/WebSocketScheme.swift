import Foundation

/// The two spellings of a WebSocket's URL: `ws`/`wss` for the socket, `http`/`https` for its handshake, which is
/// an HTTP request to the same origin (RFC 6455, 3).
enum WebSocketScheme {
    /// `url` as the handshake's URL: `ws` becomes `http`, `wss` becomes `https`, in any case.
    static func handshakeURL(_ url: URL) -> URL {
        replacing(in: url, ["ws": "http", "wss": "https"])
    }

    /// `url` as a socket's URL: `http` becomes `ws`, `https` becomes `wss`, in any case.
    static func socketURL(_ url: URL) -> URL {
        replacing(in: url, ["http": "ws", "https": "wss"])
    }

    private static func replacing(in url: URL, _ schemes: [String: String]) -> URL {
        guard let scheme = url.scheme, let replacement = schemes[scheme.lowercased()],
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return url }
        components.scheme = replacement
        return components.url ?? url
    }
}
