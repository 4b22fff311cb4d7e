import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension StubTransport {
    /// This stub, answering the WebSocket handshakes of its stubbed endpoints with `scripts`.
    ///
    /// Each connection to the same URL gets the next of its endpoint's scripts; once they are used up, the last
    /// one repeats, so `[.accept([.drop]), .accept([.message(.text("again"))])]` tests a reconnection. Without
    /// scripts, or with none for an endpoint, a socket opens and stays silent. ``sentMessages(where:)`` lists
    /// what the router sent.
    public func webSockets(_ scripts: @escaping @Sendable (EndPoint) -> [StubWebSocket]) -> StubTransport {
        var stub = self
        stub.webSocketScripts = scripts
        return stub
    }

    /// The messages the router sent over the stubbed sockets of endpoints that `matches`, oldest first.
    public func sentMessages(where matches: (EndPoint) -> Bool) -> [WebSocketMessage] {
        webSocketLog.messages(where: matches)
    }

    /// The messages the router sent over the stubbed sockets of `endpoint`, oldest first.
    public func sentMessages(to endpoint: EndPoint) -> [WebSocketMessage] where EndPoint: Equatable {
        webSocketLog.messages { $0 == endpoint }
    }

    /// Plays the script of `request`'s endpoint, after the delay its behavior asks for, or opens the socket over
    /// the network transport when the endpoint's behavior is ``Behavior/network``.
    @_spi(Transport) public func openWebSocket(
        _ request: TransportRequest, options: WebSocketOptions
    ) async throws -> WebSocketUpgrade {
        guard let endpoint = request.endpoint as? EndPoint else {
            throw NetworkError(.unsupportedURL, detail: "no stubbed \(EndPoint.self) endpoint for the request")
        }
        let delay: TimeInterval
        switch behavior(for: endpoint) {
        case .immediate:
            delay = 0
        case .delayed(let seconds):
            delay = seconds
        case .network:
            guard let network = networkTransport else {
                throw NetworkError(.unsupportedURL, detail: "the endpoint is not stubbed and the stub has no network")
            }
            if let refusal = request.pinningRefusal(by: network) { throw refusal }
            return try await network.openWebSocket(request, options: options)
        }
        if delay > 0, delay.isFinite { try await Task.sleep(nanoseconds: Deadline.nanoseconds(delay)) }
        try Task.checkCancellation()
        let index = webSocketLog.recordHandshake(request.head, of: endpoint)
        let scripts = webSocketScripts?(endpoint) ?? []
        let script = index < scripts.count ? scripts[index] : scripts.last ?? .accept()
        switch script.outcome {
        case .refuse(let response):
            let canned = CannedResponses(endpoint: endpoint, delay: 0) { _, _ in response }
            return .refused(try await canned.send(request))
        case .accept(let steps, let subprotocol):
            let log = webSocketLog
            let connection = StubWebSocketConnection(
                steps: steps, subprotocol: subprotocol, maximumMessageSize: options.maximumMessageSize
            ) { message in log.record(message, to: endpoint) }
            return .connected(connection, head: nil)
        }
    }
}
