import Foundation

/// One WebSocket message (RFC 6455, 5.6): text or bytes, whole, however many frames it came in.
public enum WebSocketMessage: Sendable, Hashable {
    /// A text message: UTF-8 on the wire.
    case text(String)
    /// A binary message.
    case binary(Data)

    /// The size of the message's payload in bytes: the UTF-8 length of a text message.
    public var byteCount: Int {
        switch self {
        case .text(let text): text.utf8.count
        case .binary(let data): data.count
        }
    }
}
