import Foundation

/// An open WebSocket as a transport hands it to the router (see ``HTTPTransport/openWebSocket(_:options:)``).
///
/// The router calls ``receive()`` from one task at a time, only when it has room for another message, so a
/// transport that reads from the network only to answer it lets a slow reader slow the peer. ``send(_:)`` and
/// ``close(code:reason:)`` may come from other tasks meanwhile.
///
/// A transport answers the peer's pings, sends the pings of ``WebSocketOptions/pingInterval`` itself, and
/// fails the connection as RFC 6455 says, closing it and throwing a ``NetworkError`` from ``receive()``:
/// - ``NetworkError/Kind/messageTooLarge`` after closing with 1009, for a message over
///   ``WebSocketOptions/maximumMessageSize``;
/// - ``NetworkError/Kind/protocolViolation`` after closing with 1002, or 1007 for text that is not UTF-8;
/// - ``NetworkError/Kind/pongTimeout`` when a pong does not come within ``WebSocketOptions/pongTimeout``;
/// - ``NetworkError/Kind/connectionLost`` when the connection ends without a close frame.
@_spi(Transport) public protocol WebSocketConnection: Sendable {
    /// The subprotocol the server chose from ``WebSocketOptions/subprotocols``, or `nil`.
    var subprotocol: String? { get }

    /// Sends `message` whole; returns once the transport has taken it, waiting while its send buffer is full.
    /// Throws a ``NetworkError`` once the connection is closed or failed.
    func send(_ message: WebSocketMessage) async throws

    /// The next message, whole; `nil` once a close frame has been received or sent and answered, after which
    /// ``closeInfo`` tells how the socket closed, whatever the code. Throws a ``NetworkError`` when the
    /// connection failed (see above) and `CancellationError` when the calling task is cancelled.
    func receive() async throws -> WebSocketMessage?

    /// Starts the closing handshake with `code` and `reason` (at most 123 bytes of UTF-8), waits a short while
    /// for the peer's close frame, then ends the connection. A pending ``receive()`` returns `nil`. Calling it
    /// again, or after the peer closed, does nothing.
    func close(code: WebSocketCloseCode, reason: String) async

    /// How the connection closed: the close frame received (or, when the router closed first, sent), or
    /// ``WebSocketCloseCode/abnormalClosure`` when it ended without one; `nil` while it is open.
    var closeInfo: WebSocketClose? { get async }
}
