/// How a WebSocket closed: the code and reason of the close frame, or ``WebSocketCloseCode/abnormalClosure``
/// when the connection ended without one.
public struct WebSocketClose: Sendable, Hashable, CustomStringConvertible {
    /// The close frame's code.
    public var code: WebSocketCloseCode
    /// The close frame's reason, empty when it gave none.
    public var reason: String

    /// A close with `code` and `reason`.
    public init(code: WebSocketCloseCode, reason: String = "") {
        self.code = code
        self.reason = reason
    }

    /// The code, then the reason when there is one: "1001 (server restarting)".
    public var description: String { reason.isEmpty ? code.description : "\(code) (\(reason))" }
}
