/// The messages a ``WebSocket`` receives, as an `AsyncSequence` read with `for try await`.
///
/// Each message goes to one loop: read it in one. The loop waits while no message has arrived; cancelling its
/// task ends the wait with ``NetworkError/Kind/cancelled`` and leaves the socket open.
public struct WebSocketMessages: AsyncSequence, Sendable {
    /// One message.
    public typealias Element = WebSocketMessage

    /// The socket, which the loop keeps open.
    let socket: WebSocket

    /// The iterator of a loop.
    public func makeAsyncIterator() -> Iterator {
        Iterator(socket: socket)
    }

    /// Takes the messages one by one.
    public struct Iterator: AsyncIteratorProtocol {
        let socket: WebSocket

        /// The next message; `nil` once the socket closed normally. Throws a ``NetworkError`` when it failed.
        public mutating func next() async throws -> WebSocketMessage? {
            try await socket.inbox.take()
        }
    }
}
