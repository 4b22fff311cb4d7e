import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Router {
    /// Opens the WebSocket that `route` describes: its `ws` or `wss` base URL, or an `http` or `https` one,
    /// upgraded.
    ///
    /// ```swift
    /// let socket = try await router.webSocket(.prices(symbols: ["AAPL"]))
    /// for try await message in socket.messages {
    ///     print(message)
    /// }
    /// ```
    ///
    /// The handshake is a request like any other: plugins prepare it, the router's credentials are added and a
    /// `401` refreshes them and sends it once more, the logger logs it with its secrets hidden, and the
    /// endpoint's ``EndPointType/headers`` and ``WebSocketOptions`` shape it. A server that does not switch
    /// protocols fails it with ``NetworkError/Kind/handshakeRefused``, its status and fields in the error; a
    /// transport that opens no sockets with ``NetworkError/Kind/notSupportedByTransport``.
    ///
    /// - Parameters:
    ///   - route: The endpoint.
    ///   - onReconnect: Runs after each reconnection (see ``WebSocketOptions/reconnection``), before the new
    ///     connection's messages are read: to subscribe again. What it throws ends the socket.
    public func webSocket(
        _ route: EndPoint,
        onReconnect: (@Sendable (WebSocket) async throws -> Void)? = nil
    ) async throws(NetworkError) -> WebSocket {
        let options = route.webSocketOptions
        let connect: WebSocketSession.Connect = { [self] () async throws(NetworkError) in
            try await openWebSocket(route, options: options)
        }
        let first = try await connect()
        let session = WebSocketSession(first: first, options: options, configuration: configuration, connect: connect)
        let socket = WebSocket(session: session, reconnected: onReconnect)
        track(session)
        return socket
    }

    /// Registers `session` so that ``cancel()`` closes it too, until it ends.
    private func track(_ session: WebSocketSession) {
        let ticket = inFlight.withLock { $0.issueTicket() }
        let close: @Sendable () -> Void = { Task { await session.close(code: .goingAway, reason: "") } }
        if !inFlight.withLock({ $0.register(close, for: ticket) }) { close() }
        session.whenEnded { [inFlight] in inFlight.withLock { $0.finish(ticket) } }
    }

    /// Sends `route`'s handshake through the pipeline and returns the connection it opened.
    private func openWebSocket(
        _ route: EndPoint,
        options: WebSocketOptions
    ) async throws(NetworkError) -> WebSocketSession.Connected {
        let request = try handshake(for: route)
        guard !Task.isCancelled else { throw .cancelled(sending: request) }
        let opened = Locked<(any WebSocketConnection)?>(nil)
        let transport = transport
        let pipeline = RequestPipeline<EndPoint>(
            configuration: configuration, secretHeaders: secretHeaders, reading: .collect(progress: nil)
        ) { sent in
            if let refusal = sent.pinningRefusal(by: transport) { throw refusal }
            switch try await transport.openWebSocket(sent, options: options) {
            case .connected(let connection, let head):
                let earlier = opened.withLock { slot in
                    defer { slot = connection }
                    return slot
                }
                await earlier?.close(code: .goingAway, reason: "")
                guard let head = head ?? sent.head.url.flatMap({ ResponseHead(statusCode: 101, url: $0) }) else {
                    throw NetworkError(.badResponse, detail: "the transport opened a WebSocket without a URL")
                }
                return TransportResponse(head: head, body: ResponseBody(Data()))
            case .refused(let response):
                return response
            }
        }
        let result = await pipeline.run(request, for: route)
        let connection = opened.withLock { slot in
            defer { slot = nil }
            return slot
        }
        switch result {
        case .success(let delivery):
            let response = delivery.response
            if response.statusCode == 101, let connection {
                return WebSocketSession.Connected(connection: connection, request: response.request)
            }
            await connection?.close(code: .goingAway, reason: "")
            throw NetworkError(.handshakeRefused, response: response, detail: Self.fields(of: response))
        case .failure(let error):
            await connection?.close(code: .goingAway, reason: "")
            // Credentials that stayed rejected after a refresh: the server refused the handshake.
            guard error.kind == .authentication, let response = error.response else { throw error }
            throw NetworkError(.handshakeRefused, response: response, detail: Self.fields(of: response))
        }
    }

    /// `route`'s request as a handshake: a `GET` to the `http` or `https` form of its URL, without a body.
    private func handshake(for route: EndPoint) throws(NetworkError) -> URLRequest {
        var request = try makeRequest(for: route)
        request.url = request.url.map(WebSocketScheme.handshakeURL)
        request.httpMethod = "GET"
        request.httpBody = nil
        request.httpBodyStream = nil
        return request
    }

    /// The fields of a refused handshake's answer, the values of secret ones hidden.
    private static func fields(of response: Response) -> String? {
        let fields = response.head.headers.map { "\($0.name): \(Redactor.standard.header($0.name, value: $0.value))" }
        return fields.isEmpty ? nil : "fields " + fields.joined(separator: "; ")
    }
}
