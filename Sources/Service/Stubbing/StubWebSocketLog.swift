import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a ``StubTransport``'s sockets saw: the handshakes and the messages the router sent, with their endpoint,
/// and how many connections each URL has opened, which picks its next script.
final class StubWebSocketLog<EndPoint: EndPointType>: Sendable {
    private struct State {
        var handshakes: [(endpoint: EndPoint, request: URLRequest)] = []
        var messages: [(endpoint: EndPoint, message: WebSocketMessage)] = []
        var connections: [String: Int] = [:]
    }

    private let state = Locked(State())

    /// Records the handshake `request` of `endpoint` and returns how many came before with the same URL.
    func recordHandshake(_ request: URLRequest, of endpoint: EndPoint) -> Int {
        state.withLock { state in
            state.handshakes.append((endpoint, request))
            let key = request.url?.absoluteString ?? ""
            defer { state.connections[key, default: 0] += 1 }
            return state.connections[key, default: 0]
        }
    }

    func record(_ message: WebSocketMessage, to endpoint: EndPoint) {
        state.withLock { $0.messages.append((endpoint, message)) }
    }

    /// The handshakes whose endpoint `matches`, oldest first, as the router sent them.
    func handshakes(where matches: (EndPoint) -> Bool) -> [URLRequest] {
        state.withLock { $0.handshakes }.filter { matches($0.endpoint) }.map(\.request)
    }

    /// The messages sent to endpoints that `matches`, oldest first.
    func messages(where matches: (EndPoint) -> Bool) -> [WebSocketMessage] {
        state.withLock { $0.messages }.filter { matches($0.endpoint) }.map(\.message)
    }
}
