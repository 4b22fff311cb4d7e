/// What a transport's ``HTTPTransport/openWebSocket(_:options:)`` hands back: the open socket, or the answer of
/// a server that did not switch protocols.
@_spi(Transport) public enum WebSocketUpgrade: Sendable {
    /// The server answered `101 Switching Protocols`; `head` is that answer, when the transport has it.
    case connected(any WebSocketConnection, head: ResponseHead?)
    /// The server answered anything else, such as `401 Unauthorized`, which the router handles as it handles
    /// a response: credentials are refreshed and the handshake sent once more, or the failure is
    /// ``NetworkError/Kind/handshakeRefused``.
    case refused(TransportResponse)
}
