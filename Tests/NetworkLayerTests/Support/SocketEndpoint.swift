import Foundation
@_spi(Transport) import NetworkLayer

/// A WebSocket endpoint whose every property is set per test.
struct SocketEndpoint: EndPointType, Equatable {
    var baseURL = URL(string: "wss://chat.example.com/v1")!
    var path = "rooms/7"
    var headers: HTTPHeaders?
    var requiresAuthentication = true
    var webSocketOptions = WebSocketOptions()

    /// Reconnecting at once, after every failure, as often as needed.
    static let fastReconnection: EventStreamReconnection = {
        var policy = EventStreamReconnection(initialDelay: 1, backoffMultiplier: 2, maximumDelay: 8, jitter: 0)
        policy.minimumDelay = 0
        return policy
    }()

    /// This endpoint, reconnecting with `policy`.
    func reconnecting(_ policy: EventStreamReconnection = fastReconnection) -> SocketEndpoint {
        var endpoint = self
        endpoint.webSocketOptions.reconnection = policy
        return endpoint
    }
}

extension WebSocket {
    /// Every message until the loop ends, and the error it ended with.
    func collect() async -> (messages: [WebSocketMessage], error: NetworkError?) {
        var messages: [WebSocketMessage] = []
        do {
            for try await message in self.messages { messages.append(message) }
            return (messages, nil)
        } catch {
            return (messages, error as? NetworkError ?? NetworkError(.transportFailure, underlyingError: error))
        }
    }
}
