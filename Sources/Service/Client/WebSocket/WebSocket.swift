import Foundation

/// An open WebSocket, returned by ``Router/webSocket(_:onReconnect:)``.
///
/// ```swift
/// let socket = try await router.webSocket(.room(id: 7))
/// try await socket.send(.text("hello"))
/// for try await message in socket.messages {
///     print(message)
/// }
/// ```
///
/// Read ``messages`` in one loop: the socket keeps at most ``WebSocketOptions/inboundBufferSize`` messages
/// waiting for it, then stops reading from the network, so a slow loop slows the peer instead of filling
/// memory. The loop ends when the socket closes with 1000 or is closed with ``close(code:reason:)``, and throws a
/// ``NetworkError`` otherwise: ``NetworkError/Kind/closedByPeer`` with the peer's code and reason in
/// ``NetworkError/webSocketClose``, ``NetworkError/Kind/pongTimeout``, ``NetworkError/Kind/messageTooLarge``,
/// ``NetworkError/Kind/protocolViolation`` or a lost connection. An endpoint with
/// ``WebSocketOptions/reconnection`` connects again instead, where that policy says.
///
/// A socket that is let go without being closed closes with 1001, going away.
public final class WebSocket: Sendable {
    private let session: WebSocketSession

    /// The messages from the peer, in order, each whole; see ``WebSocketMessages``. A loop over them keeps the
    /// socket open.
    public var messages: WebSocketMessages { WebSocketMessages(socket: self) }

    /// The messages received and not read yet.
    var inbox: WebSocketInbox { session.inbox }

    init(session: WebSocketSession, reconnected: (@Sendable (WebSocket) async throws -> Void)?) {
        self.session = session
        session.start { [weak self] in
            guard let self, let reconnected else { return }
            try await reconnected(self)
        }
    }

    deinit {
        let session = session
        Task { await session.close(code: .goingAway, reason: "") }
    }

    /// The subprotocol the server chose from ``WebSocketOptions/subprotocols``, or `nil`.
    public var subprotocol: String? { session.subprotocol }

    /// How the socket, or its last connection, closed: the peer's close frame, or the one it answered; `nil` while a
    /// connection is open.
    public var closeInfo: WebSocketClose? { session.closeInfo }

    /// Sends `message`, returning once the transport has taken it.
    ///
    /// Throws ``NetworkError/Kind/connectionLost`` once the socket is closed, or while it is reconnecting: the
    /// `onReconnect` hook of ``Router/webSocket(_:onReconnect:)`` sends what a new connection needs.
    public func send(_ message: WebSocketMessage) async throws(NetworkError) {
        try await session.send(message)
    }

    /// Sends `value` as a text message of JSON, written by `encoder`.
    public func send(json value: some Encodable, encoder: JSONEncoder = JSONEncoder()) async throws(NetworkError) {
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw NetworkError(
                .invalidRequest, detail: "cannot encode \(type(of: value)) as JSON", underlyingError: error)
        }
        try await send(.text(String(decoding: data, as: UTF8.self)))
    }

    /// Closes the socket with `code` and `reason` (at most 123 bytes of UTF-8), waiting briefly for the peer's
    /// answer. The loop over ``messages`` ends once it has the messages received before; nothing reconnects.
    public func close(code: WebSocketCloseCode = .normalClosure, reason: String = "") async {
        await session.close(code: code, reason: reason)
    }
}
