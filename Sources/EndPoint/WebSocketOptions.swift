import Foundation

/// How an endpoint's WebSocket is opened and kept: its subprotocols, keep-alive pings, the largest message it
/// takes, compression, the buffer of messages not yet read and reconnection.
///
/// ```swift
/// var webSocketOptions: WebSocketOptions {
///     WebSocketOptions(subprotocols: ["chat.v2"], pingInterval: 20, maximumMessageSize: 1 << 20)
/// }
/// ```
///
/// Extra handshake fields come from the endpoint's ``EndPointType/headers``, as for a request.
public struct WebSocketOptions: Sendable, Hashable {
    /// The subprotocols offered in `Sec-WebSocket-Protocol`, preferred first. Defaults to none.
    public var subprotocols: [String]
    /// Seconds between the pings that keep an idle connection open and show that the peer still answers;
    /// `nil`, the default, sends none.
    public var pingInterval: TimeInterval?
    /// Seconds a ping waits for its pong before the connection counts as lost. Defaults to 10.
    public var pongTimeout: TimeInterval
    /// The largest message taken from the peer, in bytes, however many frames it comes in; a larger one
    /// closes the connection with code 1009. Defaults to 16 MiB.
    public var maximumMessageSize: Int
    /// Whether to offer permessage-deflate compression (RFC 7692); the peer decides. Defaults to `false`:
    /// compressing secrets next to text an attacker chooses can leak them.
    public var compression: Bool
    /// How many received messages wait for the reader before the socket stops reading from the network, so
    /// that a slow reader slows the peer instead of filling memory. Defaults to 16.
    public var inboundBufferSize: Int
    /// Whether, and when, a socket whose connection failed connects again: after a lost connection, a missed
    /// pong, a close with any code but 1000, or a handshake answered with a 5xx status. Never after
    /// 1000, after the router closed it, or after a 4xx handshake. `nil`, the default, never reconnects.
    public var reconnection: EventStreamReconnection?

    /// Creates options; every parameter defaults to the value its property describes.
    public init(
        subprotocols: [String] = [],
        pingInterval: TimeInterval? = nil,
        pongTimeout: TimeInterval = 10,
        maximumMessageSize: Int = 16 << 20,
        compression: Bool = false,
        inboundBufferSize: Int = 16,
        reconnection: EventStreamReconnection? = nil
    ) {
        self.subprotocols = subprotocols
        self.pingInterval = pingInterval
        self.pongTimeout = pongTimeout
        self.maximumMessageSize = maximumMessageSize
        self.compression = compression
        self.inboundBufferSize = inboundBufferSize
        self.reconnection = reconnection
    }
}
