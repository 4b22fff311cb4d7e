/// A scripted WebSocket connection for a ``StubTransport``: the server's answer to the handshake and, once it
/// accepts, what the server does, step by step, as the router reads.
///
/// ```swift
/// let stub = StubTransport<ChatAPI>().webSockets { endpoint in
///     [.accept([.message(.text("welcome")), .echo, .close(.goingAway)])]
/// }
/// ```
public struct StubWebSocket: Sendable {
    /// One thing the scripted server does.
    public enum Step: Sendable, Hashable {
        /// Sends `message`.
        case message(WebSocketMessage)
        /// Waits for the router's next message and sends it back.
        case echo
        /// Waits for the router's next message.
        case awaitMessage
        /// Closes with `code` and `reason`.
        case close(WebSocketCloseCode, reason: String = "")
        /// Drops the connection without a close frame, as a server that went away does.
        case drop
    }

    enum Outcome: Sendable {
        case accept(steps: [Step], subprotocol: String?)
        case refuse(StubResponse)
    }

    let outcome: Outcome

    /// Switches protocols, choosing `subprotocol`, then takes `steps` in order; once they are done the connection
    /// stays open and silent until the router closes it.
    public static func accept(_ steps: [Step] = [], subprotocol: String? = nil) -> StubWebSocket {
        StubWebSocket(outcome: .accept(steps: steps, subprotocol: subprotocol))
    }

    /// Answers the handshake with `response` instead, such as `.http(401)` or `.failure(.cannotConnectToHost)`.
    public static func refuse(_ response: StubResponse) -> StubWebSocket {
        StubWebSocket(outcome: .refuse(response))
    }
}
